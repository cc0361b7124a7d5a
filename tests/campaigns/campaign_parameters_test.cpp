// campaign.json: written and read back the same; a resume with other parameters is refused
// naming the differences; a damaged file is a located error; the programs a set of shards holds.
#include <gtest/gtest.h>

#include <fstream>

#include "../support/temp_dir.hpp"
#include "campaigns/campaign_parameters.hpp"

namespace chad {
namespace {

CampaignParameters parameters_of(const std::string& modes, std::size_t shard, std::size_t shards) {
  CampaignOptionsText text;
  text.seed = 5;
  text.count = 10;
  text.modes = modes;
  return campaign_parameters_of(text, campaign_options_from_text(text), ShardChoice{shard, shards, "test"});
}

TEST(CampaignParameters, RoundTripThroughTheFile) {
  testing::TempDir dir("chad_campaigns_test");
  const CampaignParameters written = parameters_of("fwd,rev", 1, 3);
  EXPECT_EQ(written.campaign["seed"], 5);
  EXPECT_EQ(written.campaign["modes"], nlohmann::json::array({"fwd", "rev"}));
  write_campaign_parameters(dir / "", written);
  const std::optional<CampaignParameters> read = read_campaign_parameters(dir / "");
  ASSERT_TRUE(read);
  EXPECT_EQ(read->to_json(), written.to_json());
  EXPECT_EQ(read->describe_shards(), "1/3");
  EXPECT_EQ(read->expected_programs(), std::optional<std::size_t>(3));  // 1, 4, 7
  EXPECT_EQ(campaign_differences(*read, written), "");
}

TEST(CampaignParameters, AResumeOfAnotherCampaignIsRefusedNamingTheDifference) {
  testing::TempDir dir("chad_campaigns_test");
  record_or_check_campaign(dir / "", parameters_of("fwd", 0, 2));
  record_or_check_campaign(dir / "", parameters_of("fwd", 0, 2));  // the same campaign: a resume
  try {
    record_or_check_campaign(dir / "", parameters_of("rev", 0, 2));
    ADD_FAILURE() << "another campaign was taken for this one";
  } catch (const SourceError& e) {
    EXPECT_NE(std::string(e.what()).find("modes [\"fwd\"] (here: [\"rev\"])"), std::string::npos) << e.what();
  }
  EXPECT_THROW(record_or_check_campaign(dir / "", parameters_of("fwd", 1, 2)), SourceError);  // another shard
}

TEST(CampaignParameters, ADamagedFileIsALocatedError) {
  testing::TempDir dir("chad_campaigns_test");
  EXPECT_FALSE(read_campaign_parameters(dir / ""));
  std::ofstream(dir / "campaign.json") << "{\"campaign\": {}, \"shard_count\": 2, \"shards\": [2]}";
  try {
    read_campaign_parameters(dir / "");
    ADD_FAILURE();
  } catch (const SourceError& e) {
    EXPECT_NE(std::string(e.what()).find("campaign.json"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("outside 0 .. shard_count - 1"), std::string::npos) << e.what();
  }
}

TEST(CampaignParameters, ExpectedProgramsOfSeveralShards) {
  CampaignParameters p = parameters_of("fwd", 0, 4);
  p.shards = {0, 3};
  EXPECT_EQ(p.describe_shards(), "0,3/4");
  EXPECT_EQ(p.expected_programs(), std::optional<std::size_t>(3 + 2));  // 0, 4, 8 and 3, 7
  p.campaign["count"] = 0;  // --time: not known
  EXPECT_FALSE(p.expected_programs());
}

}  // namespace
}  // namespace chad
