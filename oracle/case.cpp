#include "oracle/case.hpp"

#include "references/input_value.hpp"
#include "syntax/parser.hpp"

namespace chad {

Case::Case(GeneratedCase text)
    : text_(std::move(text)),
      program_(std::make_shared<const CheckedProgram>(check_program(parse_program(text_.program, "<generated>")))),
      input_(read_input_point(*program_, text_.input)) {}

const JacobianResult& Case::reference() {
  if (!reference_) reference_ = jacobian_by_dual(*program_, input_);
  return *reference_;
}

}  // namespace chad
