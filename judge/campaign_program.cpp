#include "judge/campaign_program.hpp"

#include <set>

#include "generators/choice_source.hpp"
#include "judge/implementation_under_test.hpp"
#include "syntax/stable_hash.hpp"
#include "syntax/term_former_names.hpp"

namespace chad {

std::uint64_t program_seed(std::uint64_t seed, std::size_t index) {
  return splitmix64_mix(seed + kGoldenGamma * (std::uint64_t(index) + 1));  // splitmix64's index-th draw
}

GeneratedCase generate_program_at(const CampaignOptions& options, std::size_t index,
                                  std::map<std::string, double>* seconds) {
  StageTimer t(seconds, "generate");
  ChoiceSource choices(program_seed(options.seed, index));
  return generate_case(choices, options.features, options.max_size);
}

// check_program's wrapper is `let <defs> in fun _input' -> let <parameters> in (body : B)`.
const TermP& user_body(const TermP& main_function) {
  const TermP* t = &main_function;
  while ((*t)->kind == TermKind::Let) t = &(*t)->args[1];
  if ((*t)->kind == TermKind::Lambda) t = &(*t)->args[0];
  while ((*t)->kind == TermKind::Let) t = &(*t)->args[1];
  if ((*t)->kind == TermKind::Ascribe) t = &(*t)->args[0];
  return *t;
}

namespace {

void type_formers(const TypeP& t, std::set<std::string>& out) {
  switch (t->kind) {
    case TypeKind::Real: out.insert(t->shape.empty() ? "type real" : "type real[..]"); return;
    case TypeKind::Unit: out.insert("type unit"); return;
    case TypeKind::Prod: out.insert("type *"); break;
    case TypeKind::Arrow: out.insert("type ->"); break;
    case TypeKind::Sum: out.insert("type sum"); break;
    case TypeKind::Mu: out.insert("type mu"); break;
    case TypeKind::Nu: out.insert("type nu"); break;
    default: return;
  }
  if (t->left) type_formers(t->left, out);
  if (t->right) type_formers(t->right, out);
  for (const auto& c : t->ctors) type_formers(c.type, out);
  if (t->body) type_formers(t->body, out);
}

void features_of(const TermP& t, std::set<std::string>& out) {
  out.insert(former_name(t->kind));
  if (t->kind == TermKind::Prim) out.insert(std::string("primitive ") + prim_name(t->op));
  if (t->type) type_formers(t->type, out);
  for (const auto& a : t->args) features_of(a, out);
  for (const auto& b : t->branches) features_of(b.body, out);
}

}  // namespace

std::vector<std::string> program_features(const CheckedProgram& program) {
  std::set<std::string> features;
  features_of(user_body(program.main_function), features);
  return {features.begin(), features.end()};
}

}  // namespace chad
