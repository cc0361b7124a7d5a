// The generator features `edges` and `shapes` (issue #30, items 4 and 5): inputs at the edges of
// floating point in a share of the programs (every program's with `edges-only`),
// divisors of both signs, rose trees (a nested inductive type) among the inputs and folds.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <limits>
#include <set>
#include <sstream>

#include "generators/input_generator.hpp"
#include "generators/program_generator.hpp"
#include "syntax/deep_stack.hpp"
#include "syntax/parser.hpp"
#include "syntax/printer.hpp"
#include "syntax/type_checker.hpp"

namespace chad {
namespace {

GeneratedCase generate(std::uint64_t seed, const GeneratorFeatures& f, int size = 20) {
  ChoiceSource choices(seed);
  return generate_case(choices, f, size);
}

// The reals of an input's text (every number in it).
std::vector<double> reals_of(const std::string& text) {
  std::vector<double> out;
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    const bool starts = std::isdigit(static_cast<unsigned char>(c)) ||
                        (c == '-' && i + 1 < text.size() && std::isdigit(static_cast<unsigned char>(text[i + 1])));
    if (!starts || (i > 0 && std::isalnum(static_cast<unsigned char>(text[i - 1])))) {
      ++i;
      continue;
    }
    char* end = nullptr;  // strtod: subnormals read back (std::stod throws out_of_range for them)
    out.push_back(std::strtod(text.c_str() + i, &end));
    i = std::size_t(end - text.c_str());
  }
  return out;
}

// Drawn per program by default (the mix: neither forced, each with its share); `+` forces one on
// for every program, `mix` names the default's shares.
TEST(EdgeInputs, FeatureParsesAndIsMixedByDefault) {
  const GeneratorFeatures plain;
  EXPECT_FALSE(plain.edges);
  EXPECT_FALSE(plain.shapes);
  EXPECT_FALSE(plain.edges_only);
  EXPECT_EQ(plain.mix.edges, kEdgeSharePercent);
  EXPECT_GT(plain.mix.shapes, 0);
  EXPECT_EQ(GeneratorFeatures::parse("mix").mix.edges, kEdgeSharePercent);
  EXPECT_GT(GeneratorFeatures::parse("mix").mix.shapes, 0);
  EXPECT_TRUE(GeneratorFeatures::parse("+edges").edges);
  EXPECT_EQ(GeneratorFeatures::parse("+edges").mix.edges, 0);
  EXPECT_EQ(GeneratorFeatures::parse("mix,+edges").mix.edges, 0);
  EXPECT_TRUE(GeneratorFeatures::parse("edges-only").edges_only);
  EXPECT_EQ(GeneratorFeatures::parse("+edges,+shapes").describe(),
            "functions,sums,inductive,coinductive,arrays,-comparisons,partial,higher-order,second-set~60%,edges,shapes");
}

// Every kind of edge value appears among the reals of 300 inputs of type real[4] drawn at the
// edges, each printed so that it reads back exactly.
TEST(EdgeInputs, DrawsEveryKindOfEdge) {
  bool subnormal = false, tiny_negative = false, near_overflow = false, huge_negative = false, zero = false,
       one = false, near_one = false, near_minus_one = false, tie = false;
  for (std::uint64_t seed = 0; seed < 300; ++seed) {
    ChoiceSource choices(seed);
    const std::string text = random_input_text(choices, real_type({4}), 3, false, true);
    const std::vector<double> v = reals_of(text);
    ASSERT_EQ(v.size(), 4u) << text;
    for (std::size_t i = 0; i < v.size(); ++i) {
      const double x = v[i];
      subnormal |= x != 0 && std::fabs(x) < std::numeric_limits<double>::min();
      tiny_negative |= x < 0 && x > -1e-8;
      near_overflow |= x > 1e300;
      huge_negative |= x < -1e100;
      zero |= x == 0;
      one |= x == 1;
      near_one |= x != 1 && std::fabs(x - 1) < 1e-15;
      near_minus_one |= x != -1 && std::fabs(x + 1) < 1e-11;
      tie |= i > 0 && v[i] == v[i - 1] && x != 0;
    }
  }
  EXPECT_TRUE(subnormal);
  EXPECT_TRUE(tiny_negative);
  EXPECT_TRUE(near_overflow);
  EXPECT_TRUE(huge_negative);
  EXPECT_TRUE(zero);
  EXPECT_TRUE(one);
  EXPECT_TRUE(near_one);
  EXPECT_TRUE(near_minus_one);
  EXPECT_TRUE(tie);
}

// Under the defaults about kEdgeSharePercent of the programs get an input at the edges: an input
// with a real that ordinary draws never give (ordinary reals are multiples of 2^-8 in (-3, 3)).
TEST(EdgeInputs, AShareOfTheDefaultCampaign) {
  int at_edges = 0, only = 0, off = 0;
  const int programs = 600;
  run_with_deep_stack([&] {
    auto edgy = [](const std::string& input) {
      for (double x : reals_of(input))
        if (std::fabs(x) > 3 || x * 256 != std::floor(x * 256)) return true;
      return false;
    };
    for (std::uint64_t seed = 0; seed < programs; ++seed) {
      const GeneratedCase g = generate(seed, GeneratorFeatures::parse("+edges"));
      SCOPED_TRACE(g.program + "-- at: " + g.input);
      const CheckedProgram p = check_program(parse_program(g.program, "<generated>"));
      EXPECT_NO_THROW(check_term({}, parse_term(g.input, "<--at>"), p.input_type));
      at_edges += edgy(g.input);
      only += edgy(generate(seed, GeneratorFeatures::parse("edges-only")).input);
      off += edgy(generate(seed, GeneratorFeatures::parse("-edges")).input);
    }
  });
  EXPECT_EQ(off, 0);
  // 15% of 600 is 90; an edge input can still be all 0, +-1 and dyadic values (not counted).
  EXPECT_GE(at_edges, 40);
  EXPECT_LE(at_edges, 110);
  EXPECT_GE(only, 3 * at_edges);
}

// Divisors of both signs: among default programs, divisions by a negated positive term and by a
// positive one; rose trees (a nested mu) among the inputs and folded over.
TEST(EdgeInputs, SignedDivisorsAndRoseTrees) {
  int negative = 0, positive = 0, rose_input = 0, rose_fold = 0;
  run_with_deep_stack([&] {
    for (std::uint64_t seed = 0; seed < 1000; ++seed) {
      const GeneratedCase g = generate(seed, GeneratorFeatures::parse("+shapes"), 25);
      negative += g.program.find("/ -") != std::string::npos;
      positive += g.program.find("/ (softplus") != std::string::npos || g.program.find("/ exp") != std::string::npos;
      const CheckedProgram p = check_program(parse_program(g.program, "<generated>"));
      const std::string input = print_type(p.input_type);
      rose_input += input.find("Cons : t * l") != std::string::npos;
      rose_fold += g.program.find("Cons : t * l") != std::string::npos && g.program.find("fold") != std::string::npos;
    }
  });
  EXPECT_GE(negative, 20);
  EXPECT_GE(positive, 20);
  EXPECT_GE(rose_input, 20);
  EXPECT_GE(rose_fold, 10);
}

}  // namespace
}  // namespace chad
