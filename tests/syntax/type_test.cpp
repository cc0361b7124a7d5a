// Types and term basics: checking constructors, equality up to renaming of bound variables,
// substitution and unrolling, data types, printing; term builders, equality and size; entry
// points and input types of programs.
#include <gtest/gtest.h>

#include <cmath>

#include "syntax/parser.hpp"
#include "syntax/printer.hpp"

namespace chad {
namespace {

TypeP list_type(const std::string& var = "l") {
  return mu_type(var, sum_type({{"Nil", unit_type()}, {"Cons", prod_type(real_type(), var_type(var))}}));
}

TEST(Type, ConstructorsCheckTheirInvariants) {
  EXPECT_THROW(real_type({2, 0}), InternalError);
  EXPECT_THROW(sum_type({}), InternalError);
  EXPECT_THROW(sum_type({{"A", unit_type()}, {"A", real_type()}}), InternalError);
  TypeP s = sum_type({{"A", unit_type()}, {"B", real_type()}});
  EXPECT_EQ(s->ctor_index("B"), 1);
  EXPECT_EQ(s->ctor_index("C"), -1);
  EXPECT_EQ(real_type({2, 3})->real_count(), 6);
  EXPECT_EQ(real_type()->real_count(), 1);
  EXPECT_TRUE(type_equal(tuple_type({}), unit_type()));
  EXPECT_TRUE(type_equal(tuple_type({real_type()}), real_type()));
  EXPECT_TRUE(type_equal(tuple_type({real_type(), unit_type(), real_type({2})}),
                         prod_type(real_type(), prod_type(unit_type(), real_type({2})))));
  EXPECT_EQ(bool_type()->ctors.size(), 2u);
  EXPECT_EQ(bool_type()->ctors[0].name, "False");
}

TEST(Type, FreeVariables) {
  TypeP open = prod_type(var_type("b"), mu_type("a", prod_type(var_type("a"), var_type("c"))));
  EXPECT_EQ(open->free_vars, (std::vector<std::string>{"b", "c"}));
  EXPECT_TRUE(occurs_free(open, "c"));
  EXPECT_FALSE(occurs_free(open, "a"));
  EXPECT_TRUE(list_type()->closed());
  EXPECT_FALSE(var_type("x")->closed());
}

// Renamed by depth, types equal up to renaming print alike, and stay equal to what they were;
// types that differ (the outer binder's `a` against the inner's) still print apart.
TEST(Type, RenamingBoundVariablesByDepthMakesEqualTypesPrintAlike) {
  EXPECT_EQ(print_type(rename_bound_by_depth(list_type("l"))), print_type(rename_bound_by_depth(list_type("k"))));
  EXPECT_NE(print_type(list_type("l")), print_type(list_type("k")));
  const TypeP inner = mu_type("a", mu_type("a", var_type("a"))), outer = mu_type("x", mu_type("y", var_type("x")));
  EXPECT_TRUE(type_equal(rename_bound_by_depth(inner), inner));
  EXPECT_TRUE(type_equal(rename_bound_by_depth(outer), outer));
  EXPECT_EQ(print_type(rename_bound_by_depth(inner)), print_type(rename_bound_by_depth(mu_type("x", mu_type("y", var_type("y"))))));
  EXPECT_NE(print_type(rename_bound_by_depth(inner)), print_type(rename_bound_by_depth(outer)));
  const TypeP lifted = lifted_sum_type({{"A", list_type("q")}, {"B", real_type({2})}});
  EXPECT_EQ(print_type(rename_bound_by_depth(lifted)),
            print_type(rename_bound_by_depth(lifted_sum_type({{"A", list_type("l")}, {"B", real_type({2})}}))));
  EXPECT_THROW(rename_bound_by_depth(var_type("a")), InternalError);
}

TEST(Type, EqualityIsUpToRenamingOfBoundVariables) {
  EXPECT_TRUE(type_equal(list_type("l"), list_type("k")));
  EXPECT_FALSE(type_equal(list_type(), nu_type("l", list_type()->body)));
  // A mu is not equal to its unrolling.
  EXPECT_FALSE(type_equal(list_type(), unroll_type(list_type())));
  // Shadowing: the inner binder wins.
  EXPECT_TRUE(type_equal(mu_type("a", mu_type("a", var_type("a"))), mu_type("x", mu_type("y", var_type("y")))));
  EXPECT_FALSE(type_equal(mu_type("a", mu_type("a", var_type("a"))), mu_type("x", mu_type("y", var_type("x")))));
  // A bound variable is not a free one of the same name.
  EXPECT_FALSE(type_equal(mu_type("a", prod_type(var_type("a"), var_type("b"))),
                          mu_type("b", prod_type(var_type("b"), var_type("b")))));
  EXPECT_TRUE(type_equal(var_type("a"), var_type("a")));
  EXPECT_FALSE(type_equal(var_type("a"), var_type("b")));
  EXPECT_FALSE(type_equal(real_type({2}), real_type()));
  EXPECT_FALSE(type_equal(sum_type({{"A", unit_type()}, {"B", unit_type()}}),
                          sum_type({{"B", unit_type()}, {"A", unit_type()}})));
  EXPECT_FALSE(type_equal(prod_type(real_type(), unit_type()), arrow_type(real_type(), unit_type())));
}

TEST(Type, SubstituteAndUnroll) {
  TypeP body = list_type()->body;
  TypeP unrolled = unroll_type(list_type());
  EXPECT_TRUE(type_equal(unrolled, sum_type({{"Nil", unit_type()}, {"Cons", prod_type(real_type(), list_type())}})));
  EXPECT_TRUE(unrolled->closed());
  // Substitution stops at a binder of the same name.
  TypeP shadowed = prod_type(var_type("a"), mu_type("a", var_type("a")));
  EXPECT_TRUE(type_equal(substitute(shadowed, "a", real_type()), prod_type(real_type(), mu_type("a", var_type("a")))));
  EXPECT_EQ(substitute(body, "zzz", real_type()), body);  // untouched, same node
  TypeP stream = nu_type("s", prod_type(real_type(), var_type("s")));
  EXPECT_TRUE(type_equal(unroll_type(stream), prod_type(real_type(), stream)));
  EXPECT_THROW(unroll_type(real_type()), InternalError);
}

TEST(Type, DataTypes) {
  EXPECT_TRUE(is_data_type(real_type({3})));
  EXPECT_TRUE(is_data_type(list_type()));
  EXPECT_TRUE(is_data_type(prod_type(bool_type(), unit_type())));
  EXPECT_FALSE(is_data_type(arrow_type(real_type(), real_type())));
  EXPECT_FALSE(is_data_type(nu_type("s", prod_type(real_type(), var_type("s")))));
  EXPECT_FALSE(is_data_type(var_type("a")));
}

TEST(Type, PrintsInParseableForm) {
  EXPECT_EQ(print_type(real_type()), "real");
  EXPECT_EQ(print_type(real_type({2, 3})), "real[2, 3]");
  EXPECT_EQ(print_type(list_type()), "mu l. < Nil : unit | Cons : real * l >");
  EXPECT_EQ(print_type(prod_type(real_type(), prod_type(unit_type(), real_type()))), "real * unit * real");
  EXPECT_EQ(print_type(prod_type(prod_type(real_type(), unit_type()), real_type())), "(real * unit) * real");
  EXPECT_EQ(print_type(arrow_type(real_type(), arrow_type(real_type(), unit_type()))), "real -> real -> unit");
  EXPECT_EQ(print_type(arrow_type(arrow_type(real_type(), real_type()), unit_type())), "(real -> real) -> unit");
  EXPECT_EQ(print_type(arrow_type(prod_type(real_type(), real_type()), real_type())), "real * real -> real");
  EXPECT_EQ(print_type(prod_type(arrow_type(real_type(), real_type()), real_type())), "(real -> real) * real");
  EXPECT_EQ(print_type(prod_type(list_type(), real_type())),
            "(mu l. < Nil : unit | Cons : real * l >) * real");
  EXPECT_EQ(print_type(bool_type()), "< False : unit | True : unit >");
  for (const std::string text : {"(nu a. a * real) -> nu s. real * s", "< A : real -> real | B : unit >",
                                 "real * (mu t. < L : real | N : t * t >) * unit"}) {
    TypeP t = parse_type(text, "<t>");
    EXPECT_TRUE(type_equal(parse_type(print_type(t), "<t>"), t)) << print_type(t);
  }
}

TEST(Term, BuildersCheckTheirInvariants) {
  EXPECT_THROW(make_prim(PrimOp::Add, {make_literal(1)}), InternalError);
  EXPECT_THROW(make_prim(PrimOp::Sin, {}), InternalError);
  EXPECT_THROW(make_prim(PrimOp::Vec, {}), InternalError);
  EXPECT_THROW(make_prim(PrimOp::Get, {make_var("v")}), InternalError);  // no index
  EXPECT_THROW(make_prim(PrimOp::Sum, {make_var("v")}, {}, 2), InternalError);
  EXPECT_THROW(make_literal(-1), InternalError);
  EXPECT_THROW(make_literal(std::nan("")), InternalError);
  EXPECT_THROW(make_array_literal({}), InternalError);
  EXPECT_THROW(make_case(make_var("x"), {}), InternalError);
  EXPECT_THROW(make_lambda("x", nullptr, make_unit()), InternalError);
  EXPECT_THROW(make_pair(make_unit(), TermP()), InternalError);
  EXPECT_FALSE(std::signbit(make_literal(-0.0)->literal));
}

TEST(Term, EqualityIgnoresLocationsAndCheckerAnnotations) {
  Loc here{intern_file_name("a.chad"), 3, 4};
  EXPECT_TRUE(term_equal(make_var("x", here), make_var("x")));
  EXPECT_FALSE(term_equal(make_var("x"), make_var("y")));
  EXPECT_TRUE(term_equal(make_lambda("x", list_type("a"), make_var("x")), make_lambda("x", list_type("b"), make_var("x"))));
  EXPECT_FALSE(term_equal(make_lambda("x", real_type(), make_var("x")), make_lambda("y", real_type(), make_var("y"))));
  EXPECT_FALSE(term_equal(make_prim(PrimOp::Get, {make_var("v")}, {}, 1), make_prim(PrimOp::Get, {make_var("v")}, {}, 2)));
  EXPECT_FALSE(term_equal(make_prim(PrimOp::Sin, {make_var("v")}), make_prim(PrimOp::Cos, {make_var("v")})));
  EXPECT_FALSE(term_equal(make_literal(1), make_literal(2)));
  EXPECT_FALSE(term_equal(make_inject("A", make_unit()), make_inject("B", make_unit())));
  auto branch = [](const char* c, const char* x) { return Branch{c, x, make_var(x), -1, {}}; };
  EXPECT_TRUE(term_equal(make_case(make_var("s"), {branch("A", "a")}), make_case(make_var("s"), {branch("A", "a")})));
  EXPECT_FALSE(term_equal(make_case(make_var("s"), {branch("A", "a")}), make_case(make_var("s"), {branch("A", "b")})));
  EXPECT_FALSE(term_equal(make_case(make_var("s"), {branch("A", "a")}),
                          make_case(make_var("s"), {branch("A", "a"), branch("B", "b")})));
  auto checked = std::make_shared<Term>(*make_var("x"));
  checked->type = real_type();
  checked->index = 0;
  EXPECT_TRUE(term_equal(checked, make_var("x")));
}

TEST(Term, SizeAndPrimitiveNames) {
  EXPECT_EQ(term_size(make_var("x")), 1u);
  EXPECT_EQ(term_size(make_pair(make_var("x"), make_fst(make_var("p")))), 4u);
  EXPECT_EQ(term_size(make_case(make_var("s"), {Branch{"A", "a", make_unit(), -1, {}},
                                               Branch{"B", "b", make_pair(make_unit(), make_unit()), -1, {}}})),
            6u);
  EXPECT_STREQ(prim_name(PrimOp::Matvec), "matvec");
  EXPECT_STREQ(prim_name(PrimOp::Neg), "-");
  EXPECT_STREQ(prim_name(PrimOp::Lt), "<");
  EXPECT_TRUE(is_unary_elementwise(PrimOp::Softplus));
  EXPECT_TRUE(is_unary_elementwise(PrimOp::Neg));
  EXPECT_FALSE(is_unary_elementwise(PrimOp::Sum));
  EXPECT_FALSE(is_unary_elementwise(PrimOp::Add));
}

TEST(Program, EntryPointAndInputType) {
  Program none;
  none.file = "empty.chad";
  EXPECT_THROW(entry_point(none), SourceError);
  Program p = parse_program("def main (x : real) : real = x; def after (y : unit) : unit = y;", "<t>");
  EXPECT_EQ(entry_point(p).name, "main");
  EXPECT_TRUE(type_equal(input_type(entry_point(p)), real_type()));
}

}  // namespace
}  // namespace chad
