#include "api/counterexample_files.hpp"
#include "reports/written_file.hpp"

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

namespace chad::api {
namespace {

std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

std::string replay_command(std::uint64_t seed, std::size_t index) {
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  return "CHAD_ORACLE_SEED=" + std::to_string(seed) + " CHAD_ORACLE_ONLY=" + std::to_string(index) + " " +
         (error ? std::string("<the test executable>") : self.string()) + " --gtest_filter=<this test>";
}

void write_gradient_report(const std::string& dir, const Counterexample& c, const std::string& replay) {
  namespace fs = std::filesystem;
  write_report(dir, c);
  const std::string cli_replay = "chad-oracle replay " + dir;

  const fs::path program = fs::path(dir) / "program.chad";
  std::string text = read_text(program);
  if (const std::size_t at = text.find(cli_replay); at != std::string::npos) text.replace(at, cli_replay.size(), replay);
  write_text_file(program, text);

  const fs::path json_path = fs::path(dir) / "report.json";
  nlohmann::json j = nlohmann::json::parse(read_text(json_path));
  j["replay"] = replay;
  j["regenerate_original"] = replay;
  write_text_file(json_path, j.dump(2) + "\n");

  const fs::path md_path = fs::path(dir) / "report.md";
  std::string md = read_text(md_path);
  if (const std::size_t at = md.rfind("\n\nReplay: `"); at != std::string::npos) md.erase(at);
  write_text_file_with(md_path, [&](std::ostream& out) { out << md << "\n\nReplay (the gradient function lives in the test, so re-run the test): `" << replay
                         << "`.\n"; });
}

}  // namespace chad::api
