// The tape scalar of the reverse order (model/reverse_tape.hpp), as an X-macro like
// model/scalar_list.hpp's: the source evaluator and normal forms are instantiated for it too,
// nothing else.
#pragma once
#include "model/reverse_tape.hpp"

#define CHAD_FOR_EACH_TAPE_SCALAR(M) M(::chad::TapeScalar)
