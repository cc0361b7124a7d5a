// `jacobian --method chad-*` names CHAD, not the program, when CHAD's derivative is NaN where the
// dual-number reference's is finite (issue #34: it said "the program overflows double"). The fault
// is planted in CHAD's derivative of `*` (EvaluatorFault::MulByQuotients: NaN where a factor is
// exactly 0), switched on only around CHAD, as campaigns do.
#include <gtest/gtest.h>

#include "oracle/chad_faults.hpp"
#include "oracle/chad_jacobian.hpp"
#include "references/finite_result.hpp"
#include "references/input_value.hpp"
#include "syntax/deep_stack.hpp"
#include "syntax/parser.hpp"

namespace chad {
namespace {

// What jacobian_by_chad throws ("" when it returns), and whether it blamed CHAD.
struct Outcome {
  std::string message;
  bool chad_blamed = false;
};

Outcome chad_jacobian(const std::string& text, const std::string& at, ChadMode mode, EvaluatorFault fault) {
  Outcome out;
  run_with_deep_stack([&] {
    const CheckedProgram program = check_program(parse_program(text, "<test>"));
    const NormalForm<double> input = read_input_point(program, at);
    const ChadFaults faults{TransformFault::None, fault};
    ScopedChadFaults on(&faults);
    try {
      jacobian_by_chad(program, input, mode, SumsStrategy::Biproduct);
    } catch (const ImplementationNotFinite& e) {
      out.message = e.what();
      out.chad_blamed = true;
    } catch (const NotFiniteResult& e) {
      out.message = e.what();
    }
  });
  return out;
}

const char* kProduct = "def main (x : real, y : real) : real = x * y + y;";

TEST(ChadNotFinite, ANanMadeByChadWhereTheReferenceIsFiniteIsChadsFault) {
  for (ChadMode mode : {ChadMode::Forward, ChadMode::Reverse}) {
    // d/dx (x y + y) = y = 2 and d/dy = x + 1 = 1 at (0, 2): finite; the fault's 0 / 0 is NaN.
    const Outcome o = chad_jacobian(kProduct, "(0, 2)", mode, EvaluatorFault::MulByQuotients);
    EXPECT_TRUE(o.chad_blamed) << o.message;
    EXPECT_NE(o.message.find("is nan where the dual-number reference's is finite"), std::string::npos) << o.message;
    EXPECT_NE(o.message.find("CHAD produced it, not the program"), std::string::npos) << o.message;
    EXPECT_EQ(o.message.find("overflows double"), std::string::npos) << o.message;
  }
}

TEST(ChadNotFinite, TheFaultIsSilentAwayFromZeroAndAbsentWithoutIt) {
  // Away from a zero factor the quotients are the factors: no error (the fault is only at 0).
  EXPECT_EQ(chad_jacobian(kProduct, "(0.5, 2)", ChadMode::Reverse, EvaluatorFault::MulByQuotients).message, "");
  EXPECT_EQ(chad_jacobian(kProduct, "(0, 2)", ChadMode::Reverse, EvaluatorFault::None).message, "");
}

TEST(ChadNotFinite, AProgramThatOverflowsIsStillTheProgramsOverflow) {
  // exp(1000) is inf in double for CHAD and the reference alike: not CHAD's fault.
  const Outcome o = chad_jacobian("def main (x : real) : real = exp(x);", "1000", ChadMode::Reverse,
                                  EvaluatorFault::None);
  EXPECT_FALSE(o.chad_blamed) << o.message;
  EXPECT_NE(o.message.find("overflows double"), std::string::npos) << o.message;
}

}  // namespace
}  // namespace chad
