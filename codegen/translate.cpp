#include "codegen/translate.hpp"

#include "codegen/generate_kernel.hpp"
#include "codegen/json_emitter.hpp"
#include "codegen/python_emitter.hpp"

namespace chad {

const std::vector<std::string>& translation_languages() {
  static const std::vector<std::string> languages = {"python", "cpp", "json"};
  return languages;
}

nlohmann::json translation_json(const CheckedProgram& program, const std::string& language) {
  if (language == "cpp") {
    KernelOptions options;
    options.name = "chad_program";
    options.mode = KernelMode::Primal;
    return generate_kernel_source(program, options);
  }
  if (language == "json") return emit_json_program(program);
  if (language == "python") return emit_python_program(program);
  CHAD_INTERNAL_ASSERT(false, "translation_json: no translation to `" + language + "`");
}

std::string translation_text(const CheckedProgram& program, const std::string& language) {
  nlohmann::json j = translation_json(program, language);
  return j.is_string() ? j.get<std::string>() : j.dump(2) + "\n";
}

}  // namespace chad
