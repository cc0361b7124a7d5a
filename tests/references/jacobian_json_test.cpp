// The JSON form of Jacobians (references/jacobian_json.hpp): shapes always explicit (a 0 x n
// Jacobian keeps n), every key present whatever the method, and every coordinate labelled by
// its path in the value. Expected labels and shapes are derived by hand from the types below.
#include <gtest/gtest.h>

#include "../support/example_programs.hpp"
#include "oracle/compute_jacobian.hpp"
#include "references/input_value.hpp"
#include "references/jacobian_json.hpp"
#include "syntax/deep_stack.hpp"

namespace chad {
namespace {

nlohmann::json jacobian_json_of(const std::string& source, const std::string& at, JacobianMethod method) {
  nlohmann::json out;
  run_with_deep_stack([&] {
    CheckedProgram program = testing::load_source(source);
    out = jacobian_json(compute_jacobian(program, read_input_point(program, at), method), program);
  });
  return out;
}

const char* const kEveryKey[] = {"method", "sums", "differentiable", "reason", "cannot_certify", "input", "output",
                                 "rows", "cols", "row_labels", "col_labels", "jacobian", "enclosure",
                                 "error_estimate"};

TEST(JacobianJson, AZeroByNJacobianKeepsItsColumns) {
  // The output is unit (no coordinates); the input is x (1) and w : real[2] (2): 0 x 3.
  const std::string source = "def main (x : real, w : real[2]) : unit = ();";
  for (JacobianMethod method : {JacobianMethod::Dual, JacobianMethod::Interval, JacobianMethod::FiniteDifference}) {
    const nlohmann::json j = jacobian_json_of(source, "(1.5, [2, 3])", method);
    SCOPED_TRACE(j.dump());
    for (const char* key : kEveryKey) EXPECT_TRUE(j.contains(key)) << key;
    EXPECT_EQ(j["rows"], 0);
    EXPECT_EQ(j["cols"], 3);
    EXPECT_EQ(j["jacobian"], nlohmann::json::array());
    EXPECT_EQ(j["enclosure"], nlohmann::json::array());
    EXPECT_EQ(j["row_labels"], nlohmann::json::array());
    EXPECT_EQ(j["col_labels"], nlohmann::json({"x", "w[0]", "w[1]"}));
    EXPECT_EQ(j["output"]["dimension"], 0);
    EXPECT_EQ(j["reason"], "");
    EXPECT_TRUE(j["sums"].is_null());
  }
}

TEST(JacobianJson, AnMByZeroJacobianHasMEmptyRows) {
  // No input coordinates (unit), two outputs (a pair of constants): 2 x 0, each row empty.
  const nlohmann::json j = jacobian_json_of("def main (u : unit) : real * real = (2, 3);", "()", JacobianMethod::Interval);
  SCOPED_TRACE(j.dump());
  EXPECT_EQ(j["rows"], 2);
  EXPECT_EQ(j["cols"], 0);
  EXPECT_EQ(j["jacobian"], nlohmann::json({nlohmann::json::array(), nlohmann::json::array()}));
  EXPECT_EQ(j["enclosure"], nlohmann::json({nlohmann::json::array(), nlohmann::json::array()}));
  EXPECT_EQ(j["row_labels"], nlohmann::json({"out.fst", "out.snd"}));
  EXPECT_EQ(j["col_labels"], nlohmann::json::array());
}

TEST(JacobianJson, CoordinatesAreLabelledByTheirPathInTheValue) {
  // p : real * real gives p.fst, p.snd; w : real[2, 2] gives w[i][j] row-major; cs, a list of
  // pairs with two elements, gives cs[k].fst, cs[k].snd. The output (real * real[2]) gives
  // out.fst, out.snd[0], out.snd[1]. d out.fst / d p.fst = 1, and the shape is 3 x 10.
  const std::string source =
      "type Pairs = mu l. < Nil : unit | Cons : (real * real) * l >;\n"
      "def main (p : real * real, w : real[2, 2], cs : Pairs) : real * real[2] = (fst p, [snd p, fst p]);";
  const nlohmann::json j =
      jacobian_json_of(source, "((1, 2), [[1, 2], [3, 4]], roll Cons ((5, 6), roll Cons ((7, 8), roll Nil)))",
                       JacobianMethod::Dual);
  SCOPED_TRACE(j.dump());
  const nlohmann::json inputs = {"p.fst",   "p.snd",   "w[0][0]",  "w[0][1]",  "w[1][0]",
                                 "w[1][1]", "cs[0].fst", "cs[0].snd", "cs[1].fst", "cs[1].snd"};
  EXPECT_EQ(j["col_labels"], inputs);
  EXPECT_EQ(j["input"]["labels"], inputs);
  EXPECT_EQ(j["row_labels"], nlohmann::json({"out.fst", "out.snd[0]", "out.snd[1]"}));
  EXPECT_EQ(j["output"]["labels"], j["row_labels"]);
  EXPECT_EQ(j["rows"], 3);
  EXPECT_EQ(j["cols"], 10);
  EXPECT_EQ(j["jacobian"][0][0], 1.0);
  EXPECT_EQ(j["jacobian"][0][1], 0.0);
  EXPECT_EQ(j["enclosure"], nlohmann::json::array());  // dual numbers certify nothing
}

TEST(JacobianJson, NonEmptyListElementsAreLabelledByPosition) {
  // A non-empty list < Last : real | Cons : real * l > of three elements: the two Cons elements
  // are xs[0], xs[1] and the Last one xs[2] (a label per element, not the path of rolls and
  // constructors, which grows with the position and would make a long list's labels quadratic).
  const std::string source =
      "type NEList = mu l. < Last : real | Cons : real * l >;\n"
      "def main (xs : NEList) : real = fold xs with node -> case node of { Last a -> a | Cons p -> fst p + snd p };";
  const nlohmann::json j =
      jacobian_json_of(source, "roll Cons (1.5, roll Cons (-2, roll Last 4))", JacobianMethod::ChadReverse);
  SCOPED_TRACE(j.dump());
  EXPECT_EQ(j["col_labels"], nlohmann::json({"xs[0]", "xs[1]", "xs[2]"}));
  EXPECT_EQ(j["jacobian"], nlohmann::json({{1.0, 1.0, 1.0}}));  // d (x0 + x1 + x2) / d xi = 1
}

TEST(JacobianJson, BinaryTreeLeavesAreLabelledByTheirConstructorsNotAsAList) {
  // < Leaf : real | Node : t * t > has a `t` in both halves of Node: not a list. The tree
  // Node (Leaf 1, Node (Leaf 2, Leaf 3)) has three leaves, each named by its path of constructors.
  const std::string source =
      "type Tree = mu t. < Leaf : real | Node : t * t >;\n"
      "def main (t : Tree) : real = fold t with node -> case node of { Leaf a -> a | Node p -> fst p * snd p };";
  const nlohmann::json j = jacobian_json_of(
      source, "roll Node (roll Leaf 1, roll Node (roll Leaf 2, roll Leaf 3))", JacobianMethod::Dual);
  SCOPED_TRACE(j.dump());
  EXPECT_EQ(j["col_labels"],
            nlohmann::json({"t.Node.fst.Leaf", "t.Node.snd.Node.fst.Leaf", "t.Node.snd.Node.snd.Leaf"}));
  EXPECT_EQ(j["jacobian"], nlohmann::json({{6.0, 3.0, 2.0}}));  // d (a b c) = (b c, a c, a b) at (1, 2, 3)
}

TEST(JacobianJson, NotDifferentiableKeepsEveryKey) {
  // |x| at 0 (written as a comparison) ties: not differentiable; no output, so rows is null, but
  // the input's columns are known.
  const nlohmann::json j =
      jacobian_json_of("def main (x : real) : real = if x < 0 then 0 - x else x;", "0", JacobianMethod::Interval);
  SCOPED_TRACE(j.dump());
  for (const char* key : kEveryKey) EXPECT_TRUE(j.contains(key)) << key;
  EXPECT_FALSE(j["differentiable"]);
  EXPECT_NE(j["reason"], "");
  EXPECT_TRUE(j["rows"].is_null());
  EXPECT_TRUE(j["output"].is_null());
  EXPECT_EQ(j["cols"], 1);
  EXPECT_EQ(j["col_labels"], nlohmann::json({"x"}));
}

}  // namespace
}  // namespace chad
