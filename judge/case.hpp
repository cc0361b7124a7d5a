// One case the judge checks, built once: the program's text and input (as generated or given),
// the program parsed and type-checked, the input read at the program's input type, and what is
// computed from them only when first asked and then kept: the dual-number reference Jacobian and
// the certified interval one. Every check of the case (every implementation under test, every
// mode and sums strategy, the fd cross-check) uses the same ones, so that nothing is parsed or
// computed twice.
#pragma once
#include <memory>
#include <optional>

#include "generators/program_generator.hpp"
#include "model/normal_form.hpp"
#include "references/jacobian.hpp"
#include "syntax/type_checker.hpp"

namespace chad {

class Case {
 public:
  // Parses and checks the program and reads its input; throws SourceError where either is bad
  // (its messages name the program `file`).
  explicit Case(GeneratedCase text, const std::string& file = "<generated>");
  // The same program, already checked, at another input (text.input); throws SourceError where
  // the input is bad.
  Case(GeneratedCase text, std::shared_ptr<const CheckedProgram> program);

  const GeneratedCase& text() const { return text_; }
  const CheckedProgram& program() const { return *program_; }
  // The checked program shared (kernels compiled in batches keep it).
  const std::shared_ptr<const CheckedProgram>& shared_program() const { return program_; }
  const NormalForm<double>& input() const { return input_; }

  // The Jacobian by dual numbers in double at the input (the screen's reference). Computed on
  // the first call; throws as jacobian_by_dual (DomainError, SourceError), and then again on a
  // later call.
  const JacobianResult& reference();

  // The certified interval reference, made by whoever first needs it (the screen-then-certify
  // ladder, the fd cross-check) and shared by every later check of the case.
  std::optional<JacobianResult>& certified() { return certified_; }

 private:
  GeneratedCase text_;
  std::shared_ptr<const CheckedProgram> program_;
  NormalForm<double> input_;
  std::optional<JacobianResult> reference_;
  std::optional<JacobianResult> certified_;
};

}  // namespace chad
