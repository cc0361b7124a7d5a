// Builders of CHAD's target terms (syntax/term.hpp, target kinds), named as the rules in
// shared/spec/chad.md write them. They make untyped trees; check_target types them.
#pragma once
#include <string>
#include <vector>

#include "syntax/term.hpp"

namespace chad::target {

TermP var(const std::string& name);
TermP pair(TermP a, TermP b);
TermP fst(TermP p);
TermP snd(TermP p);
TermP let(const std::string& name, TermP bound, TermP body);
TermP fun(const std::string& param, TypeP type, TermP body);
TermP app(TermP f, TermP x);
TermP lin_fun(const std::string& param, TypeP type, TermP body);  // \v. l
TermP lin_app(TermP l, TermP v);                                  // l @ v
TermP zero(TypeP type);
TermP zero_of(TypeP type, TermP primal);
TermP add(TermP a, TermP b);
// a1 + ... + an (0 of `type` when n = 0).
TermP add_all(std::vector<TermP> terms, TypeP type);
// pack_G l : env and unpack_G e : R2(G) / D2(G), for `context` = R2(G) / D2(G).
TermP env_pack(TypeP context, TermP l);
TermP env_unpack(TypeP context, TermP e);
// A node of a target kind with the given arguments (the other fields set by the caller).
std::shared_ptr<Term> node(TermKind kind, TermArgs args);
// Component i of an n-tuple t1 * (t2 * ... tn) (n = 1: the value itself).
TermP tuple_component(TermP tuple, std::size_t i, std::size_t n);

}  // namespace chad::target
