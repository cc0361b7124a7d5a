#include "campaigns/log_identity.hpp"

#include <boost/crc.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>

#include <nlohmann/json.hpp>

#include "campaigns/durable_files.hpp"
#include "syntax/location.hpp"

namespace chad {
namespace {

namespace fs = std::filesystem;

std::string sidecar_of(const std::string& log_path) {
  return (fs::path(log_path).parent_path() / "log.identity.json").string();
}

std::string file_content(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

nlohmann::json digest(const std::string& text) {
  boost::crc_32_type crc;
  crc.process_bytes(text.data(), text.size());
  char hex[9];
  std::snprintf(hex, sizeof hex, "%08x", unsigned(crc.checksum()));
  return {{"bytes", text.size()}, {"crc32", hex}};
}

nlohmann::json read_sidecar(const std::string& path) {
  std::ifstream in(path);
  if (!in) return nullptr;
  nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
  if (j.is_discarded() || !j.is_object() || !j.contains("campaign") || !j.contains("log_digests") ||
      !j["log_digests"].is_array())
    return nullptr;
  return j;
}

}  // namespace

void record_log_identity(const std::string& log_path, const CampaignParameters& parameters,
                         const std::string& new_text) {
  nlohmann::json digests = nlohmann::json::array({digest(new_text)});
  std::error_code missing;
  if (fs::exists(log_path, missing)) {  // (read and accepted before it is merged again)
    const nlohmann::json now = digest(file_content(log_path));
    if (now != digests[0]) digests.push_back(now);
  }
  write_file_durably(sidecar_of(log_path),
                     nlohmann::json{{"campaign", parameters.campaign}, {"log_digests", digests}}.dump(2) + "\n");
}

void check_log_identity(const std::string& log_path, const CampaignParameters& parameters) {
  const std::string text = file_content(log_path);
  if (text.empty()) return;  // nothing to adopt
  const Loc at{intern_file_name(log_path), 1, 1};
  const std::string sidecar = sidecar_of(log_path);
  const nlohmann::json identity = read_sidecar(sidecar);
  if (identity.is_null())
    throw SourceError(at, "this log.jsonl carries no campaign identity (" + sidecar +
                              " is missing or unreadable), so it cannot be told to be this campaign's; it is never "
                              "adopted: remove it, or use another --out");
  if (identity["campaign"] != parameters.campaign) {
    CampaignParameters logged;
    logged.campaign = identity["campaign"];
    std::string differences;
    try {
      differences = campaign_differences(logged, parameters);
    } catch (const std::exception&) {
    }
    if (differences.empty()) differences = "its campaign is not the one campaign.json describes";
    throw SourceError(at, "this log.jsonl belongs to another campaign: " + differences +
                              "; it is never adopted: remove it, or use another --out");
  }
  const nlohmann::json here = digest(text);
  for (const nlohmann::json& d : identity["log_digests"])
    if (d == here) return;
  throw SourceError(at, "this log.jsonl is not the log this campaign wrote (its content differs from what " + sidecar +
                            " records: copied from another campaign, or edited); it is never adopted: remove it, "
                            "or use another --out");
}

}  // namespace chad
