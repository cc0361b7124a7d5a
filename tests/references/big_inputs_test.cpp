// Big inputs (issue 16): a list literal of a million elements is read flat as an input point
// and as part of a program; `--rows` / `--cols` selections are exactly the corresponding slice of
// the whole Jacobian; and a long list's spine costs no recursion that overflows the stack.
#include <gtest/gtest.h>

#include "../support/example_programs.hpp"
#include "oracle/compute_jacobian.hpp"
#include "references/coordinate_selection.hpp"
#include "references/input_value.hpp"
#include "references/jacobian.hpp"
#include "syntax/deep_stack.hpp"

namespace chad {
namespace {

// "[c(0), c(1), ...]" with n elements, c(i) = i % 7 - 3 (a few negative, written with `-`).
std::string list_text(std::size_t n) {
  std::string text = "[";
  for (std::size_t i = 0; i < n; ++i) {
    if (i) text += ", ";
    text += std::to_string(int(i % 7) - 3);
  }
  return text + "]";
}

TEST(BigInputs, AMillionElementListLiteralIsAnInputPoint) {
  const std::size_t n = 1000000;
  std::vector<double> coords;
  int dimension = 0;
  run_with_deep_stack([&] {  // the index is as deep as the list: it is dropped on the deep stack
    const CheckedProgram program = testing::load_example("list_sum.chad");
    NormalForm<double> input = read_input_point(program, list_text(n));
    coords = std::move(input.coords);
    dimension = input.index.dimension();
  });
  ASSERT_EQ(coords.size(), n);
  for (std::size_t i : {std::size_t(0), std::size_t(3), std::size_t(12345), n - 1})
    EXPECT_EQ(coords[i], double(int(i % 7) - 3)) << i;
  EXPECT_EQ(dimension, int(n));  // one real per element
}

TEST(BigInputs, AMillionElementListLiteralParsesAndChecksInAProgram) {
  const std::size_t n = 1000000;
  const std::string source = "type List = mu l. < Nil : unit | Cons : real * l >;\n"
                             "def main (x : real) : List = " + list_text(n) + ";\n";
  bool checked = false;
  run_with_deep_stack([&] {
    const CheckedProgram program = testing::load_source(source);
    checked = program.output_type->kind == TypeKind::Mu;
  });
  EXPECT_TRUE(checked);
}

TEST(BigInputs, ChadRevDifferentiatesAFoldOverALongListWithoutOverflowingTheStack) {
  // sum(x1..xn) has gradient (1, ..., 1) (examples/list_sum.chad).
  const std::size_t n = 50000;
  JacobianResult result;
  run_with_deep_stack([&] {
    const CheckedProgram program = testing::load_example("list_sum.chad");
    result = compute_jacobian(program, read_input_point(program, list_text(n)), JacobianMethod::ChadReverse);
    result.input_index = Index{};  // as deep as the list: dropped on the deep stack
  });
  ASSERT_TRUE(result.differentiable);
  ASSERT_EQ(result.jacobian.size(), 1u);
  ASSERT_EQ(result.jacobian[0].size(), n);
  for (double d : result.jacobian[0]) ASSERT_EQ(d, 1.0);
}

TEST(BigInputs, CoordinateSelectionsReadRangesAndLists) {
  EXPECT_EQ(parse_coordinate_selection("0:3,7", "--cols"), (std::vector<std::size_t>{0, 1, 2, 7}));
  EXPECT_EQ(parse_coordinate_selection("5,1,1,2:4", "--rows"), (std::vector<std::size_t>{1, 2, 3, 5}));
  for (const char* bad : {"", "3:3", "a", "1,,2", "1;2", "4:2", "2:", "99999999999"}) {
    SCOPED_TRACE(bad);
    try {
      parse_coordinate_selection(bad, "--cols");
      ADD_FAILURE() << "accepted";
    } catch (const SourceError& e) {
      EXPECT_EQ(format_loc(e.loc()).rfind("<--cols>:1:", 0), 0u) << format_loc(e.loc());
    }
  }
  EXPECT_THROW(require_selection_within({0, 9}, 9, "--cols", "input coordinate"), SourceError);
  EXPECT_NO_THROW(require_selection_within({0, 8}, 9, "--cols", "input coordinate"));
}

TEST(BigInputs, SelectionsAreExactlyTheSliceOfTheWholeJacobian) {
  // examples/arrays.chad: (dot(v, v), matvec(m, v)) at m = [[1, 2, 3], [4, 5, 6]],
  // v = [0.5, -1, 2]; inputs m00 m01 m02 m10 m11 m12 v0 v1 v2. By hand: row 1 (m v)_0 has
  // d/dm0k = v_k and d/dvk = m0k; row 2 (m v)_1 has d/dm1k = v_k, d/dvk = m1k. Rows 1:3 and
  // columns 2, 6, 7 (m02, v0, v1): [[v2, m00, m01], [0, m10, m11]] = [[2, 1, 2], [0, 4, 5]].
  const std::vector<std::size_t> rows{1, 2}, cols{2, 6, 7};
  const std::vector<std::vector<double>> by_hand{{2, 1, 2}, {0, 4, 5}};
  run_with_deep_stack([&] {
    const CheckedProgram program = testing::load_example("arrays.chad");
    const NormalForm<double> input = read_input_point(program, "([[1, 2, 3], [4, 5, 6]], [0.5, -1, 2])");
    for (JacobianMethod method : {JacobianMethod::Dual, JacobianMethod::Interval, JacobianMethod::FiniteDifference,
                                  JacobianMethod::ChadForward, JacobianMethod::ChadReverse}) {
      SCOPED_TRACE(method_name(method));
      const JacobianResult whole = compute_jacobian(program, input, method);
      const JacobianResult sliced = select_jacobian(whole, rows, cols);
      ASSERT_EQ(sliced.jacobian.size(), rows.size());
      for (std::size_t r = 0; r < rows.size(); ++r)
        for (std::size_t c = 0; c < cols.size(); ++c) {
          EXPECT_EQ(sliced.jacobian[r][c], whole.jacobian[rows[r]][cols[c]]);
          EXPECT_NEAR(sliced.jacobian[r][c], by_hand[r][c], 1e-9);
        }
      EXPECT_EQ(sliced.selected_rows, rows);
      EXPECT_EQ(sliced.selected_cols, cols);
      if (method == JacobianMethod::ChadForward || method == JacobianMethod::ChadReverse) continue;
      // The forward references compute only the selected columns, in vector passes of 2.
      const ReferenceOptions options{cols, 2};
      const JacobianResult computed =
          select_jacobian(method == JacobianMethod::Dual       ? jacobian_by_dual(program, input, options)
                          : method == JacobianMethod::Interval ? jacobian_by_interval(program, input, options)
                                                               : jacobian_by_finite_differences(program, input, options),
                          rows, cols);
      EXPECT_EQ(computed.jacobian, sliced.jacobian);
      ASSERT_EQ(computed.enclosure.size(), sliced.enclosure.size());
      for (std::size_t r = 0; r < computed.enclosure.size(); ++r)
        for (std::size_t c = 0; c < cols.size(); ++c) {
          EXPECT_EQ(computed.enclosure[r][c].lo, sliced.enclosure[r][c].lo);
          EXPECT_EQ(computed.enclosure[r][c].hi, sliced.enclosure[r][c].hi);
        }
      EXPECT_EQ(computed.error_estimate, sliced.error_estimate);
    }
  });
}

}  // namespace
}  // namespace chad
