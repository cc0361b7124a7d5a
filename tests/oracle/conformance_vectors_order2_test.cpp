// The second-order test vectors (oracle/conformance_vectors_order2.hpp, DIR/order2_cases.jsonl of
// `chad-oracle vectors`): one line per case of the suite, in its order; each Hessian derived by
// hand lies inside its certified enclosure; the HVP's enclosure holds H_w v computed here from the
// hand-derived Hessians (sum_i w_i H_i v, apart from any code under test); the manifest counts them.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include "adapter_client/conformance_vectors.hpp"
#include "syntax/deep_stack.hpp"

namespace chad {
namespace {

using json = nlohmann::json;

double hex(const json& x) { return std::strtod(x.get<std::string>().c_str(), nullptr); }

bool inside(double x, const json& enclosure, double slack) {
  return hex(enclosure[0]) - slack <= x && x <= hex(enclosure[1]) + slack;
}

TEST(ConformanceVectorsOrder2, TheFiveCasesCarryTheirHandDerivedHessiansInsideTheirEnclosures) {
  const auto root = std::filesystem::temp_directory_path() / ("chad_vectors_order2_" + std::to_string(::getpid()));
  ConformanceVectorOptions options;
  options.campaign.seed = 5;
  options.campaign.count = 2;
  run_with_deep_stack([&] { write_conformance_vectors(options, root.string(), "test"); });
  std::ifstream file(root / "order2_cases.jsonl");
  std::vector<json> cases;
  for (std::string line; std::getline(file, line);) cases.push_back(json::parse(line));
  ASSERT_EQ(cases.size(), 5u);
  std::vector<std::string> ids;
  for (const json& c : cases) ids.push_back(c["id"]);
  EXPECT_EQ(ids, (std::vector<std::string>{"order2-product", "order2-horner", "order2-softplus-network", "order2-fold",
                                           "order2-case"}));
  for (const json& c : cases) {
    SCOPED_TRACE(c["id"].get<std::string>());
    EXPECT_TRUE(c["translations"].contains("python"));
    EXPECT_EQ(c["band"], 1e-9);
    const std::size_t m = c["hessian"]["outputs"], n = c["hessian"]["inputs"];
    EXPECT_EQ(c["input"]["coords"].size(), n);
    std::vector<double> product(n, 0.0);  // H_w v from the hand-derived Hessians
    for (std::size_t i = 0; i < m; ++i)
      for (std::size_t j = 0; j < n; ++j)
        for (std::size_t l = 0; l < n; ++l) {
          const double h = hex(c["hessian"]["by_hand"][i][j][l]);
          EXPECT_TRUE(inside(h, c["hessian"]["enclosure"][i][j][l], 1e-14 * std::fabs(h))) << i << j << l;
          product[j] += hex(c["hvp"]["cotangent"][i]) * h * hex(c["hvp"]["seeds"][0][l]);
        }
    for (std::size_t j = 0; j < n; ++j)
      EXPECT_TRUE(inside(product[j], c["hvp"]["enclosure"][0][j], 1e-13 * std::fmax(1, std::fabs(product[j])))) << j;
  }
  std::ifstream manifest(root / "manifest.json");
  EXPECT_EQ(json::parse(manifest)["order2_cases"], 5);
  std::filesystem::remove_all(root);
}

}  // namespace
}  // namespace chad
