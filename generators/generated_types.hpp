// The types generated programs are built over: the fixed palette (lists, trees, a two-
// constructor sum, streams), arrays of every rank with several aspect ratios (vectors of 2..4,
// tall, wide and square matrices, rank-3 arrays), and random closed types drawn per program.
// Every decision is read from a ChoiceSource, choice 0 the simplest (real, then the smallest
// shapes), so types shrink with their programs.
#pragma once
#include "generators/choice_source.hpp"
#include "generators/program_generator.hpp"
#include "syntax/type.hpp"

namespace chad {

TypeP generated_list_type();    // mu l. < Nil : unit | Cons : real * l >
TypeP generated_tree_type();    // mu t. < Leaf : real | Node : t * t >
TypeP generated_rose_type();    // mu t. < Leaf : real | Node : mu l. < Nil : unit | Cons : t * l > >
TypeP generated_shape_type();   // < Dot : real | Box : real * real >
TypeP generated_stream_type();  // nu s. real * s

// Whether a value of `t` holds at least one real coordinate in every normal form (a product
// with such a part, an array, a real; sums and mu types only when every constructor does).
bool always_has_reals(const TypeP& t);

class TypeChooser {
 public:
  TypeChooser(ChoiceSource& choices, const GeneratorFeatures& features) : c_(choices), f_(features) {}

  // real[..] of the given rank (1..3) with a random shape, the smallest on choice 0: vectors
  // of 1..4, matrices 1x2, 2x2, 3x2, 2x3, 4x2, 3x3, rank-3 arrays 1x2x2, 3x1x2, 2x2x2, 2x3x2.
  TypeP array_of_rank(int rank);
  // A random array type, rank 1 most often, then 2 and 3.
  TypeP random_array();
  // A random closed type. `data`: no functions and no nu; a generated mu always has a base
  // constructor first.
  TypeP random_type(int depth, bool data);

 private:
  ChoiceSource& c_;
  const GeneratorFeatures& f_;
  int counter_ = 0;
};

}  // namespace chad
