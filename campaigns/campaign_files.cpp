#include "campaigns/campaign_files.hpp"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <iterator>
#include <map>

#include "campaigns/campaign_identity.hpp"
#include "campaigns/log_identity.hpp"
#include "oracle/campaign_log.hpp"
#include "campaigns/error_histogram.hpp"

namespace chad {

namespace fs = std::filesystem;

CampaignFiles::CampaignFiles(const std::string& out) : dir_(out) {
  if (dir_.empty()) {
    std::string pattern = (fs::temp_directory_path() / "chad-campaign-XXXXXX").string();
    if (!mkdtemp(pattern.data())) throw std::runtime_error("cannot make a temporary directory");
    dir_ = pattern;
    temporary_ = true;
  }
  std::error_code error;
  fs::create_directories(dir_, error);
  if (error || !fs::is_directory(dir_))
    throw SourceError(Loc{intern_file_name(out), 0, 0}, "cannot create the output directory: " + error.message());
  lock_ = std::make_unique<DirectoryLock>(dir_);
}

CampaignFiles::~CampaignFiles() {
  std::error_code ignored;
  if (temporary_) fs::remove_all(dir_, ignored);
}

std::vector<std::string> CampaignFiles::log_files() const {
  std::vector<std::string> files;
  for (const auto& entry : fs::directory_iterator(dir_)) {
    const std::string name = entry.path().filename().string();
    if (name == "log.jsonl" || (name.rfind("worker-", 0) == 0 && entry.path().extension() == ".jsonl"))
      files.push_back(entry.path().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::string CampaignFiles::worker_log(int worker) const {
  return (fs::path(dir_) / ("worker-" + std::to_string(worker) + ".jsonl")).string();
}

std::vector<nlohmann::json> CampaignFiles::read_lines(const std::string& file) const {
  if (!identity_) throw InternalError("a campaign log read before the campaign's identity is known");
  if (fs::path(file).filename() == "log.jsonl") {
    check_log_identity(file, *identity_);  // (log.identity.json beside it)
    return read_log(file);
  }
  return read_worker_log(file, *identity_);
}

std::set<std::size_t> CampaignFiles::done_indices(const std::function<bool(std::size_t)>& belongs) const {
  std::set<std::size_t> done;
  for (const auto& file : log_files()) {
    if (fs::path(file).filename() != "log.jsonl" && cut_partial_last_line(file) > 0)
      std::cerr << "note: " << file << ": cut off a partial last line; its program is checked again\n";
    for (const auto& line : read_lines(file)) {
      const std::size_t index = line["index"].get<std::size_t>();
      if (!belongs(index))
        throw SourceError(Loc{intern_file_name(file), 0, 0},
                          "holds a log line of program " + std::to_string(index) +
                              ", which is not part of this campaign (another campaign's or shard's log): "
                              "remove that line, or use another --out");
      done.insert(index);
    }
  }
  return done;
}

std::unique_ptr<AppendFile> CampaignFiles::open_worker_log(int worker) const {
  if (!identity_) throw InternalError("a worker log opened before the campaign's identity is known");
  const std::string file = worker_log(worker);
  std::error_code missing;
  const bool fresh = fs::file_size(file, missing) == 0 || missing;  // a kept log starts with its identity
  auto log = std::make_unique<AppendFile>(file);
  if (fresh) log->append_line(campaign_identity_line(*identity_).dump());
  return log;
}

void CampaignFiles::append_to_worker_log(int worker, const nlohmann::json& line) const {
  const std::string file = worker_log(worker);
  cut_partial_last_line(file);
  open_worker_log(worker)->append_line(line.dump());
}

void CampaignFiles::update_progress(int workers, std::size_t limit, std::size_t shards) {
  const auto now = std::chrono::steady_clock::now();
  if (!progress_.started) {
    progress_ = Progress{};
    progress_.started = true;
    progress_.terminal = isatty(STDERR_FILENO);
    progress_.start = now;
  } else if (now - progress_.last < std::chrono::milliseconds(250)) {
    return;
  }
  progress_.last = now;
  if (!progress_.terminal) return;
  std::size_t checked = 0;
  for (int k = 0; k < workers; ++k) {
    std::string file = (fs::path(dir_) / ("worker-" + std::to_string(k) + ".jsonl")).string();
    auto& [offset, lines] = progress_.seen[file];
    std::ifstream in(file, std::ios::binary);
    in.seekg(std::streamoff(offset));
    char buffer[65536];
    while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
      lines += std::size_t(std::count(buffer, buffer + in.gcount(), '\n'));
      offset += std::uintmax_t(in.gcount());
    }
    checked += lines > 0 ? lines - 1 : 0;  // not the identity line
  }
  const bool bounded = limit != std::size_t(-1);
  const double elapsed = std::chrono::duration<double>(now - progress_.start).count();
  std::cerr << "\r  " << checked;
  if (bounded) std::cerr << " / " << (limit + shards - 1) / shards;
  std::cerr << " programs checked, " << int(double(checked) / std::max(elapsed, 1e-3)) << " per second   "
            << std::flush;
  progress_.drawn = true;
}

void CampaignFiles::clear_progress() {
  if (progress_.drawn) std::cerr << "\r" << std::string(70, ' ') << "\r" << std::flush;
  progress_ = Progress{};
}

std::vector<nlohmann::json> CampaignFiles::merge_logs() const {
  std::map<std::size_t, nlohmann::json> by_index;
  std::vector<std::string> files = log_files();
  for (const auto& file : files)
    for (auto& line : read_lines(file)) by_index.emplace(line["index"].get<std::size_t>(), std::move(line));
  std::vector<nlohmann::json> lines;
  for (auto& [index, line] : by_index) lines.push_back(std::move(line));
  const fs::path log = fs::path(dir_) / "log.jsonl";
  std::string text;
  for (const auto& line : lines) text += line.dump() + "\n";
  if (!identity_) throw InternalError("a campaign log merged before the campaign's identity is known");
  record_log_identity(log.string(), *identity_, text);  // first: a kill between the two leaves both accepted
  write_file_durably(log.string(), text);
  for (const auto& file : files)  // only once log.jsonl holds their lines
    if (fs::path(file) != log) remove_file_checked(file);
  return lines;
}

void CampaignFiles::write_summary(const CampaignSummary& summary, const std::vector<nlohmann::json>& lines,
                                  const std::string& tool) const {
  if (temporary_) return;
  write_file_durably((fs::path(dir_) / "summary.json").string(), summary_json(summary, lines).dump(2) + "\n");
  write_file_durably((fs::path(dir_) / "summary.md").string(),
                     summary_markdown(summary, lines, tool, dir_) + "\n![relative errors](errors.svg)\n");
  write_file_durably((fs::path(dir_) / "errors.svg").string(), error_histogram_svg(lines, tool));
}

void CampaignFiles::write_worker_seconds(int worker, const std::map<std::string, double>& seconds) const {
  write_file_durably((fs::path(dir_) / ("worker-" + std::to_string(worker) + ".seconds")).string(),
                     nlohmann::json(seconds).dump());
}

std::map<std::string, double> CampaignFiles::collect_worker_seconds(int workers) const {
  std::map<std::string, double> total;
  for (int k = 0; k < workers; ++k) {
    const fs::path file = fs::path(dir_) / ("worker-" + std::to_string(k) + ".seconds");
    std::ifstream in(file);
    auto parsed = nlohmann::json::parse(in, nullptr, false);
    if (!parsed.is_discarded())
      for (const auto& [stage, t] : parsed.items()) total[stage] += t.get<double>();
    std::error_code ignored;
    fs::remove(file, ignored);
  }
  return total;
}

}  // namespace chad
