#include "generators/declared_fragment.hpp"

#include "syntax/term_former_names.hpp"

namespace chad {

const std::vector<std::string>& known_primitive_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (PrimOp op : all_prim_ops()) out.push_back(primitive_json_name(op));
    return out;
  }();
  return names;
}

const std::vector<std::string>& known_former_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (int k = int(TermKind::Var); k <= int(TermKind::Prim); ++k) out.push_back(former_json_tag(TermKind(k)));
    return out;
  }();
  return names;
}

namespace {

void collect(const Term& t, TermVocabulary& out) {
  if (const char* tag = former_json_tag(t.kind)) out.formers.insert(tag);
  if (t.kind == TermKind::Prim) out.primitives.insert(primitive_json_name(t.op));
  for (const TermP& a : t.args) collect(*a, out);
  for (const auto& b : t.branches) collect(*b.body, out);
}

bool allows(const std::optional<std::set<std::string>>& set, const std::string& name) {
  return !set || set->count(name);
}

}  // namespace

TermVocabulary term_vocabulary(const Term& term) {
  TermVocabulary out;
  collect(term, out);
  return out;
}

std::string outside_fragment(const TermVocabulary& v, const std::optional<std::set<std::string>>& primitives,
                             const std::optional<std::set<std::string>>& formers) {
  std::string out;
  for (const std::string& p : v.primitives)
    if (!allows(primitives, p)) out += (out.empty() ? "" : ", ") + p;
  for (const std::string& f : v.formers)
    if (!allows(formers, f)) out += (out.empty() ? "" : ", ") + f;
  return out;
}

bool inside_fragment(const Term& term, const std::optional<std::set<std::string>>& primitives,
                     const std::optional<std::set<std::string>>& formers) {
  if (!primitives && !formers) return true;
  return outside_fragment(term_vocabulary(term), primitives, formers).empty();
}

void narrow_to_fragment(GeneratorFeatures& f, const std::optional<std::set<std::string>>& primitives,
                        const std::optional<std::set<std::string>>& formers) {
  if (!primitives && !formers) return;
  f.primitives = primitives;
  f.formers = formers;
  auto former = [&](const char* name) { return allows(formers, name); };
  auto any_primitive = [&](std::initializer_list<const char*> names) {
    for (const char* n : names)
      if (allows(primitives, n)) return true;
    return false;
  };
  if (!former("fun") || !former("app")) f.functions = false;
  if (!former("inject") || !former("case")) f.sums = false;
  if (!former("roll") || !former("fold")) f.inductive = false;
  if (!former("unfold") || !former("unroll")) f.coinductive = false;
  if (!former("case") || !any_primitive({"<", ">"})) f.comparisons = false;
  if (!any_primitive({"log", "sqrt", "/"})) f.partial = false;
  if (!any_primitive({"sum", "dot", "matvec", "scale", "get", "vec"})) f.arrays = false;
  // A tool of the first set only: its programs are drawn as before the second set (no draws spent on it).
  if (!any_primitive({"log1p", "expm1", "atan", "erf", "abs", "^", "pow", "atan2", "hypot", "max", "min", "mean",
                      "prod", "logsumexp", "softmax", "norm", "cumsum", "matmul", "transpose", "outer"}))
    f.force_second_set(false);
}

}  // namespace chad
