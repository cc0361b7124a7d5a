#include "judge/case.hpp"

#include "references/input_value.hpp"
#include "syntax/parser.hpp"

namespace chad {

Case::Case(GeneratedCase text, const std::string& file)
    : text_(std::move(text)),
      program_(std::make_shared<const CheckedProgram>(check_program(parse_program(text_.program, file)))),
      input_(read_input_point(*program_, text_.input)) {}

Case::Case(GeneratedCase text, std::shared_ptr<const CheckedProgram> program)
    : text_(std::move(text)), program_(std::move(program)), input_(read_input_point(*program_, text_.input)) {}

const JacobianResult& Case::reference() {
  if (!reference_) reference_ = jacobian_by_dual(*program_, input_);
  return *reference_;
}

}  // namespace chad
