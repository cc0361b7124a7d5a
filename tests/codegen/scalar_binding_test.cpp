// codegen/scalar_binding.hpp: a kernel's code bound to double. A unit written as the emitter
// writes them (declarations on the scalar S, uses NAME<S>) against its bound form, by hand; the
// emitter's own output bound, with no template on S left; a unit without its namespace.
#include <gtest/gtest.h>

#include "../support/example_programs.hpp"
#include "codegen/generate_kernel.hpp"
#include "codegen/scalar_binding.hpp"

namespace chad {
namespace {

TEST(ScalarBinding, DeclarationsOnTheScalarBecomePlainAndTheirUsesLoseTheArgument) {
  const std::string unit =
      "namespace k3_code {\n"
      "template <class Seed, class Children, class D>\n"
      "struct UnfoldState { Seed seed; };\n"
      "template <class S> struct Nu0;\n"
      "template <class S> using Nu0P = const Nu0<S>*;\n"
      "template <class S> using T0 = chad_rt::Pair<S, S>;\n"
      "template <class S> struct Nu0 { T0<S> head; Nu0P<S> tail; };\n"
      "template <class S>\n"
      "T0<S> twice_1(const T0<S>& x) { return T0<S>{x.fst + x.fst, chad_rt::zero<S>()}; }\n"
      "template <class S, class F0, class F1>\n"
      "T0<S> map_2(const T0<S>& x, const F0& f0, const F1& f1) { return twice_1<S>(x); }\n"
      "}  // namespace k3_code\n"
      "extern \"C\" int k3(chad_kernel_call* call) { using S = double; return k3_code::map_2<S>(x, f, g).fst; }\n";
  const std::string bound =
      "namespace k3_code {\n"
      "using S = double;  // the kernel's scalar (codegen/scalar_binding.hpp)\n"
      "template <class Seed, class Children, class D>\n"
      "struct UnfoldState { Seed seed; };\n"
      "struct Nu0;\n"
      "using Nu0P = const Nu0*;\n"
      "using T0 = chad_rt::Pair<S, S>;\n"
      "struct Nu0 { T0 head; Nu0P tail; };\n"
      "T0 twice_1(const T0& x) { return T0{x.fst + x.fst, chad_rt::zero<S>()}; }\n"
      "template <class F0, class F1>\n"
      "T0 map_2(const T0& x, const F0& f0, const F1& f1) { return twice_1(x); }\n"
      "}  // namespace k3_code\n"
      "extern \"C\" int k3(chad_kernel_call* call) { using S = double; return k3_code::map_2(x, f, g).fst; }\n";
  EXPECT_EQ(bind_scalar_to_double(unit, "k3_code"), bound);
}

TEST(ScalarBinding, TheEmittersKernelsBoundKeepNoTemplateOnTheScalar) {
  const CheckedProgram program = testing::load_example("horner.chad");
  for (KernelMode mode : {KernelMode::Primal, KernelMode::Forward, KernelMode::Reverse}) {
    KernelOptions options;
    options.name = "horner";
    options.mode = mode;
    const std::string generic = generate_kernel_unit(program, options);
    EXPECT_NE(generic.find("template <class S>"), std::string::npos);
    options.double_only = true;
    const std::string bound = generate_kernel_unit(program, options);
    EXPECT_EQ(bound.find("template <class S>"), std::string::npos) << bound;
    EXPECT_EQ(bound.find("template <class S,"), std::string::npos) << bound;
    EXPECT_NE(bound.find("using S = double;"), std::string::npos);
    EXPECT_EQ(bound.find("program<S>"), std::string::npos) << bound;
  }
}

TEST(ScalarBinding, AUnitWithoutItsNamespaceIsAnInternalError) {
  EXPECT_THROW(bind_scalar_to_double("template <class S> using T0 = S;\n", "k0_code"), InternalError);
}

}  // namespace
}  // namespace chad
