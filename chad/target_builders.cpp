#include "chad/target_builders.hpp"

namespace chad::target {

std::shared_ptr<Term> node(TermKind kind, TermArgs args) {
  auto t = std::make_shared<Term>();
  t->kind = kind;
  t->args = std::move(args);
  return t;
}

TermP var(const std::string& name) {
  auto t = node(TermKind::Var, {});
  t->name = name;
  return t;
}
TermP pair(TermP a, TermP b) { return node(TermKind::Pair, {std::move(a), std::move(b)}); }
TermP fst(TermP p) { return node(TermKind::Fst, {std::move(p)}); }
TermP snd(TermP p) { return node(TermKind::Snd, {std::move(p)}); }
TermP let(const std::string& name, TermP bound, TermP body) {
  auto t = node(TermKind::Let, {std::move(bound), std::move(body)});
  t->name = name;
  return t;
}
TermP fun(const std::string& param, TypeP type, TermP body) {
  auto t = node(TermKind::Lambda, {std::move(body)});
  t->name = param;
  t->annot = std::move(type);
  return t;
}
TermP app(TermP f, TermP x) { return node(TermKind::App, {std::move(f), std::move(x)}); }
TermP lin_fun(const std::string& param, TypeP type, TermP body) {
  auto t = node(TermKind::LinLambda, {std::move(body)});
  t->name = param;
  t->annot = std::move(type);
  return t;
}
TermP lin_app(TermP l, TermP v) { return node(TermKind::LinApp, {std::move(l), std::move(v)}); }
TermP zero(TypeP type) {
  auto t = node(TermKind::Zero, {});
  t->annot = std::move(type);
  return t;
}
TermP add(TermP a, TermP b) { return node(TermKind::LinAdd, {std::move(a), std::move(b)}); }
TermP add_all(std::vector<TermP> terms, TypeP type) {
  if (terms.empty()) return zero(std::move(type));
  TermP sum = terms[0];
  for (std::size_t i = 1; i < terms.size(); ++i) sum = add(sum, terms[i]);
  return sum;
}
TermP tuple_component(TermP tuple, std::size_t i, std::size_t n) {
  for (std::size_t k = 0; k < i; ++k) tuple = snd(tuple);
  return i + 1 < n ? fst(tuple) : tuple;
}

namespace {

// A node of `kind` with one argument and `annot`.
TermP annotated(TermKind kind, TypeP annot, TermP arg) {
  auto t = node(kind, {std::move(arg)});
  t->annot = std::move(annot);
  return t;
}

}  // namespace

TermP env_pack(TypeP context, TermP l) { return annotated(TermKind::EnvPack, std::move(context), std::move(l)); }
TermP env_unpack(TypeP context, TermP e) { return annotated(TermKind::EnvUnpack, std::move(context), std::move(e)); }
TermP zero_of(TypeP type, TermP primal) { return annotated(TermKind::ZeroOf, std::move(type), std::move(primal)); }

}  // namespace chad::target
