// check_program: a whole program as one closed term. The defs above the entry point are
// let-bound in order (each a curried function whose body is ascribed its declared result),
// ending in `fun (_input' : t1 * ... * tn) -> let x1 = fst _input' in let _rest'1 = snd _input'
// in ... in (body : result)`; the result is checked against input_type -> output_type. User
// subterms keep their locations, so errors point into the user's file.
#include <set>

#include "syntax/type_checker.hpp"

namespace chad {
namespace {

// `base`, with primes appended until it differs from every name in `taken`.
std::string fresh_name(std::string base, const std::set<std::string>& taken) {
  while (taken.count(base)) base += "'";
  return base;
}

// `fun (x1 : t1) -> ... -> (body : result)`.
TermP def_value(const Def& d) {
  TermP value = make_ascribe(d.body, d.result, d.body->loc);
  for (std::size_t k = d.params.size(); k-- > 0;)
    value = make_lambda(d.params[k].name, d.params[k].type, value, d.params[k].loc);
  return value;
}

// t1 -> ... -> tn -> result.
TypeP def_type(const Def& d) {
  TypeP type = d.result;
  for (std::size_t k = d.params.size(); k-- > 0;) type = arrow_type(d.params[k].type, type);
  return type;
}

// The entry's (ascribed) body under its parameters, taken apart from one input variable.
TermP entry_function(const Def& entry, const TypeP& input, const std::set<std::string>& taken) {
  const std::string in = fresh_name("_input'", taken);
  const Loc at = entry.loc;
  const auto& params = entry.params;
  TermP body = make_ascribe(entry.body, entry.result, entry.body->loc);
  if (params.size() == 1) {
    body = make_let(params[0].name, make_var(in, at), body, params[0].loc);
  } else if (params.size() > 1) {
    // rests[i] holds the tuple of parameters i .. n-1.
    std::vector<std::string> rests = {in};
    for (std::size_t i = 1; i + 1 < params.size(); ++i)
      rests.push_back(fresh_name("_rest'" + std::to_string(i), taken));
    body = make_let(params.back().name, make_snd(make_var(rests.back(), at), at), body,
                    params.back().loc);
    for (std::size_t i = params.size() - 1; i-- > 0;) {
      body = make_let(params[i].name, make_fst(make_var(rests[i], at), at), body, params[i].loc);
      if (i > 0) body = make_let(rests[i], make_snd(make_var(rests[i - 1], at), at), body, at);
    }
  }
  return make_lambda(in, input, body, at);
}

// A def's name used where it is not bound (in its own body or one above it) is recursion, which
// the language leaves out: say so, and what to write instead.
[[noreturn]] void rethrow_with_recursion_hint(const SourceError& e, const Program& program) {
  for (const Def& d : program.defs)
    if (e.message().rfind("unbound variable `" + d.name + "`", 0) == 0)
      throw SourceError(e.loc(), e.message() + " (a definition can use only the definitions above it: no "
                                               "recursion, the language is total; recur over a list or tree "
                                               "with `fold`, build a stream with `unfold`)");
  throw;
}

}  // namespace

CheckedProgram check_program(const Program& program) {
  const Def& entry = entry_point(program);
  CheckedProgram out;
  out.program = program;
  out.entry = entry.name;
  out.input_type = input_type(entry);
  out.output_type = entry.result;

  std::size_t entry_position = 0;
  while (&program.defs[entry_position] != &entry) ++entry_position;

  std::set<std::string> taken;  // names the generated variables must not capture
  for (const Def& d : program.defs) taken.insert(d.name);
  for (const Param& p : entry.params) taken.insert(p.name);

  // The entry and the defs above it, in file order (so the first error in the file is the one
  // reported), ...
  TermP main = entry_function(entry, out.input_type, taken);
  for (std::size_t i = entry_position; i-- > 0;)
    main = make_let(program.defs[i].name, def_value(program.defs[i]), main, program.defs[i].loc);
  try {
    out.main_function = check_term({}, main, arrow_type(out.input_type, out.output_type));

    // ... then the defs after the entry, each in a context of the defs above it, so that every
    // def in the file is well typed.
    Context above;
    for (std::size_t i = 0; i < program.defs.size(); ++i) {
      const Def& d = program.defs[i];
      if (i > entry_position) check_term(above, def_value(d), def_type(d));
      above.emplace_back(d.name, def_type(d));
    }
  } catch (const SourceError& e) {
    rethrow_with_recursion_hint(e, program);
  }
  return out;
}

}  // namespace chad
