#include "codegen/kernel_abi_emitter.hpp"

#include "syntax/location.hpp"

namespace chad {

std::string AbiEmitter::helper(const std::string& kind, const TypeP& type, bool tangent, const std::string& result,
                               const std::string& params, const std::function<void(const std::string&)>& body) {
  const std::string key = kind + " " + print_type(type);
  if (std::string found = e_.find_helper(key); !found.empty()) return found;
  // Shared by a unit's kernels: a reader or writer of a primal value is the type's alone; a
  // (co)tangent's depends on the mode and the sums and functions strategies too. Its C++
  // signature is named as well, so that no two kernels can mean two functions by one name.
  const bool shared = e_.types().shared_names();
  std::string variant = result + "(" + params + ")";
  if (tangent)
    variant += std::string(e_.mode == ChadMode::Forward ? " fwd " : " rev ") + sums_strategy_name(e_.sums) + " " +
               functions_strategy_name(e_.functions);
  const std::string name = shared ? e_.types().shared_name(kind, type, variant) : e_.fresh(kind);
  e_.name_helper(key, name);
  auto saved = e_.begin_helper();
  body(name);
  std::string text = e_.end_helper(std::move(saved));
  const std::string signature = "template <class S>\n" + result + " " + name + "(" + params + ")";
  if (shared)
    e_.add_shared_helper(name, signature, text);
  else
    e_.add_helper(signature, text);
  return name;
}

std::string AbiEmitter::reader(const TypeP& t) {
  const std::string T = e_.type(t);
  return helper("read", t, false, T, "chad_rt::InputReader& in", [&](const std::string&) {
    switch (t->kind) {
      case TypeKind::Real:
        if (t->shape.empty()) e_.line("return in.template real<S>();");
        else e_.line("return in.template array<S, " + std::to_string(shape_size(t->shape)) + ">();");
        return;
      case TypeKind::Unit: e_.line("return chad_rt::Unit{};"); return;
      case TypeKind::Prod: {
        std::string l = reader(t->left), r = reader(t->right);
        e_.line("const " + e_.type(t->left) + " first = " + l + "<S>(in);");
        e_.line("return " + T + "{first, " + r + "<S>(in)};");
        return;
      }
      case TypeKind::Sum: {
        e_.open("switch (in.tag(" + std::to_string(t->ctors.size()) + ")) {");
        for (std::size_t i = 0; i < t->ctors.size(); ++i)
          e_.line("case " + std::to_string(i) + ": return " + T + "::template make<" + std::to_string(i) + ">(" +
                  reader(t->ctors[i].type) + "<S>(in));");
        e_.close("}");
        e_.line("chad_rt::throw_bad_input(\"a constructor tag out of range\");");
        return;
      }
      case TypeKind::Mu:
        if (is_linear_last_functor(t->body, t->var)) {
          read_list(t);
          return;
        }
        e_.line("return chad_rt::roll<" + e_.types().struct_name(t) + ">(" + reader(unroll_type(t)) + "<S>(in));");
        return;
      default: CHAD_INTERNAL_ASSERT(false, "codegen: reading a value of the non-data type " + print_type(t));
    }
  });
}

// `T name;` then `switch (tag) { case i: name = value(i); ... default: on_other; }`: the
// value of a sum's part built constructor by constructor (value(i) may emit lines of its own).
std::string AbiEmitter::value_by_case(const std::string& T, const std::string& tag, std::size_t n,
                                      const std::string& on_other,
                                      const std::function<std::string(std::size_t)>& value) {
  const std::string result = e_.fresh("part");
  e_.line(T + " " + result + ";");
  e_.open("switch (" + tag + ") {");
  for (std::size_t i = 0; i < n; ++i) {
    e_.open("case " + std::to_string(i) + ": {");
    const std::string v = value(i);
    e_.line(result + " = " + v + ";");
    e_.line("break;");
    e_.close("}");
  }
  e_.line("default: " + on_other + ";");
  e_.close("}");
  return result;
}

// A list-like value, node by node: each node is made with its child missing, and the next node
// read fills that in (the child is the last thing in the node's pre-order), so reading a long
// list takes a loop, not a recursion as deep as the list.
void AbiEmitter::read_list(const TypeP& t) {
  const std::string T = e_.type(t), slot = e_.fold_child_helper(t, t->body, t->var, true);
  // The payload with nullptr at the recursive position: `f` is open in t's variable.
  std::function<std::string(const TypeP&)> payload = [&](const TypeP& f) -> std::string {
    const TypeP closed = substitute(f, t->var, t);
    if (!occurs_free(f, t->var)) return e_.bind("part", closed, reader(closed) + "<S>(in)");
    switch (f->kind) {
      case TypeKind::Var: return "nullptr";
      case TypeKind::Prod: {
        const std::string l = payload(f->left), r = payload(f->right);
        return e_.bind("part", closed, e_.type(closed) + "{" + l + ", " + r + "}");
      }
      case TypeKind::Sum: {
        const std::string C = e_.type(closed);
        return value_by_case(C, "in.tag(" + std::to_string(f->ctors.size()) + ")", f->ctors.size(),
                             "chad_rt::throw_bad_input(\"a constructor tag out of range\")", [&](std::size_t i) {
                               return C + "::template make<" + std::to_string(i) + ">(" + payload(f->ctors[i].type) + ")";
                             });
      }
      default: CHAD_INTERNAL_ASSERT(false, "codegen: read_list on a functor that is not list-like: " + print_type(f));
    }
  };
  e_.line(T + " root = nullptr;");
  e_.line(T + "* hole = &root;");
  e_.open("do {");
  const std::string node_payload = payload(t->body);
  e_.line("const " + T + " node = chad_rt::roll<" + e_.types().struct_name(t) + ">(" + node_payload + ");");
  e_.line("*hole = node;");
  e_.line("hole = " + slot + "<S>(node);");
  e_.close("} while (hole != nullptr);");
  e_.line("return root;");
}

std::string AbiEmitter::writer(const TypeP& t) {
  return helper("write", t, false, "void", "chad_rt::OutputWriter& out, const " + e_.type(t) + "& v", [&](const std::string&) {
    switch (t->kind) {
      case TypeKind::Real:
        e_.line(t->shape.empty() ? "out.real(v);" : "out.array(v);");
        return;
      case TypeKind::Unit: return;
      case TypeKind::Prod:
        e_.line(writer(t->left) + "<S>(out, v.fst);");
        e_.line(writer(t->right) + "<S>(out, v.snd);");
        return;
      case TypeKind::Sum: {
        e_.line("out.tag(v.tag());");
        e_.open("switch (v.tag()) {");
        for (std::size_t i = 0; i < t->ctors.size(); ++i)
          e_.line("case " + std::to_string(i) + ": " + writer(t->ctors[i].type) + "<S>(out, v.template get<" +
                  std::to_string(i) + ">()); return;");
        e_.close("}");
        e_.line("chad_rt::throw_fault(\"an output sum without a constructor\");");
        return;
      }
      case TypeKind::Mu:
        if (is_linear_last_functor(t->body, t->var)) {
          write_list(t, false);
          return;
        }
        e_.line(writer(unroll_type(t)) + "<S>(out, chad_rt::unroll(v));");
        return;
      default: CHAD_INTERNAL_ASSERT(false, "codegen: writing a value of the non-data type " + print_type(t));
    }
  });
}

namespace {

// The (co)tangent type at a data type in the emitter's mode and sums strategy.
TypeP tangent_of(const Emitter& e, const TypeP& t) { return tangent_type(t, e.mode, e.sums, e.functions); }
TypeP primal_of(const Emitter& e, const TypeP& t) { return primal_type(t, e.mode, e.sums, e.functions); }

}  // namespace

std::string AbiEmitter::tangent_reader(const TypeP& t) {
  const TypeP d = tangent_of(e_, t);
  const std::string D = e_.type(d);
  return helper("read_tangent", t, true, D, "const " + e_.type(primal_of(e_, t)) + "& primal, const double*& c",
                [&](const std::string&) {
    switch (t->kind) {
      case TypeKind::Real:
        if (t->shape.empty()) {
          e_.line("return S(*c++);");
        } else {
          e_.line(D + " a;");
          e_.line("for (int i = 0; i < a.size(); ++i) a(i) = S(*c++);");
          e_.line("return a;");
        }
        return;
      case TypeKind::Unit: e_.line("return chad_rt::Unit{};"); return;
      case TypeKind::Prod: {
        std::string l = tangent_reader(t->left), r = tangent_reader(t->right);
        e_.line("const " + e_.type(d->left) + " first = " + l + "<S>(primal.fst, c);");
        e_.line("return " + D + "{first, " + r + "<S>(primal.snd, c)};");
        return;
      }
      case TypeKind::Sum: {
        const std::size_t n = t->ctors.size();
        e_.open("switch (primal.tag()) {");
        for (std::size_t i = 0; i < n; ++i) {
          const std::string k = std::to_string(i);
          std::string part = tangent_reader(t->ctors[i].type) + "<S>(primal.template get<" + k + ">(), c)";
          if (e_.sums != SumsStrategy::Biproduct) {
            e_.line("case " + k + ": return " + D + "::template make<" + k + ">(" + part + ");");
            continue;
          }
          e_.line("case " + k + ": return " + one_component_tuple(e_.types(), d, n, i, part) + ";");
        }
        e_.close("}");
        e_.line("chad_rt::throw_fault(\"a primal sum without a constructor\");");
        return;
      }
      case TypeKind::Mu: {
        if (is_linear_last_functor(t->body, t->var)) {
          read_tangent_list(t);
          return;
        }
        e_.line("return " + e_.lin_roll(d, tangent_reader(unroll_type(t)) + "<S>(chad_rt::unroll(primal), c)") + ";");
        return;
      }
      default: CHAD_INTERNAL_ASSERT(false, "codegen: a (co)tangent of the non-data type " + print_type(t));
    }
  });
}

// A list-like value's (co)tangent, node by node, as read_list reads the value: each (co)tangent
// node is made with its child missing, which the next node fills in (the child is the last thing
// in the node's pre-order); then a switch on the primal node's constructors finds that child's
// slot in the node just made (nothing else holds it yet). Reading a long list's (co)tangent (a
// forward kernel's list input, a reverse kernel's list output) takes a loop, not a recursion as
// deep as the list.
void AbiEmitter::read_tangent_list(const TypeP& t) {
  const TypeP d = tangent_of(e_, t);
  const std::string D = e_.type(d);
  // The payload's (co)tangent with an empty child, for the part of type `f` (open in t's variable)
  // of the primal `p`.
  std::function<std::string(const TypeP&, const std::string&)> payload = [&](const TypeP& f, const std::string& p) {
    const TypeP closed = substitute(f, t->var, t);
    const TypeP dclosed = tangent_of(e_, closed);
    if (!occurs_free(f, t->var)) return e_.bind("part", dclosed, tangent_reader(closed) + "<S>(" + p + ", c)");
    switch (f->kind) {
      case TypeKind::Var: return D + "{}";
      case TypeKind::Prod: {
        const std::string l = payload(f->left, p + ".fst"), r = payload(f->right, p + ".snd");
        return e_.bind("part", dclosed, e_.type(dclosed) + "{" + l + ", " + r + "}");
      }
      case TypeKind::Sum: {
        const std::size_t n = f->ctors.size();
        const std::string C = e_.type(dclosed);
        return value_by_case(C, p + ".tag()", n, "chad_rt::throw_fault(\"a primal sum without a constructor\")",
                             [&](std::size_t i) {
          const std::string k = std::to_string(i);
          const std::string part = payload(f->ctors[i].type, p + ".template get<" + k + ">()");
          return e_.sums == SumsStrategy::Biproduct ? one_component_tuple(e_.types(), dclosed, n, i, part)
                                                    : C + "::template make<" + k + ">(" + part + ")";
        });
      }
      default: CHAD_INTERNAL_ASSERT(false, "codegen: read_tangent_list on a functor that is not list-like: " + print_type(f));
    }
  };
  // Steps to the child: the primal's part `p` of type `f`, the made node's part `q`.
  std::function<void(const TypeP&, const std::string&, const std::string&)> child =
      [&](const TypeP& f, const std::string& p, const std::string& q) {
    switch (f->kind) {
      case TypeKind::Var:
        e_.line("hole = &" + q + ";");
        e_.line("at = " + p + ";");
        e_.line("continue;");
        return;
      case TypeKind::Prod:
        if (occurs_free(f->right, t->var)) child(f->right, p + ".snd", q + ".snd");
        else child(f->left, p + ".fst", q + ".fst");
        return;
      case TypeKind::Sum: {
        const std::size_t n = f->ctors.size();
        e_.open("switch (" + p + ".tag()) {");
        for (std::size_t i = 0; i < n; ++i) {
          const std::string k = std::to_string(i);
          e_.open("case " + k + ": {");
          if (!occurs_free(f->ctors[i].type, t->var)) {
            e_.line("return root;");
          } else {
            const std::string q_k =
                e_.sums == SumsStrategy::Biproduct
                    ? tuple_component(q, i, n)
                    : "const_cast<" + e_.type(tangent_of(e_, substitute(f->ctors[i].type, t->var, t))) + "&>(" + q +
                          ".template get<" + k + ">())";
            child(f->ctors[i].type, p + ".template get<" + k + ">()", q_k);
          }
          e_.close("}");
        }
        e_.close("}");
        e_.line("chad_rt::throw_fault(\"a primal sum without a constructor\");");
        return;
      }
      default: CHAD_INTERNAL_ASSERT(false, "codegen: read_tangent_list on a functor that is not list-like: " + print_type(f));
    }
  };
  e_.line(D + " root{};");
  e_.line(D + "* hole = &root;");
  e_.line(e_.type(primal_of(e_, t)) + " at = primal;");
  e_.open("for (;;) {");
  e_.line("const auto& node = chad_rt::unroll(at);");
  const std::string made = e_.lin_roll(d, payload(t->body, "node"));
  e_.line("*hole = " + made + ";");
  e_.line("auto& filled = chad_rt::payload_to_fill(" + made + ");");
  child(t->body, "node", "filled");
  e_.close("}");
}

// The (co)tangent of constructor i's argument within `sum_tangent`, a (co)tangent of the sum type.
std::string AbiEmitter::constructor_tangent(const TypeP& sum, std::size_t i, const std::string& sum_tangent) {
  const std::size_t n = sum->ctors.size();
  if (e_.sums == SumsStrategy::Biproduct) return tuple_component(sum_tangent, i, n);
  return "chad_rt::sum_out<" + std::to_string(i) + ", " + e_.type(tangent_of(e_, sum->ctors[i].type)) + ">(" +
         sum_tangent + ")";
}

std::string AbiEmitter::tangent_writer(const TypeP& t) {
  const TypeP d = tangent_of(e_, t);
  return helper("write_tangent", t, true, "void",
                "std::vector<double>& out, const " + e_.type(primal_of(e_, t)) + "& primal, const " + e_.type(d) + "& v",
                [&](const std::string&) {
    switch (t->kind) {
      case TypeKind::Real:
        if (t->shape.empty()) e_.line("out.push_back(chad_rt::to_double(v));");
        else e_.line("for (int i = 0; i < v.size(); ++i) out.push_back(chad_rt::to_double(v(i)));");
        return;
      case TypeKind::Unit: return;
      case TypeKind::Prod:
        e_.line(tangent_writer(t->left) + "<S>(out, primal.fst, v.fst);");
        e_.line(tangent_writer(t->right) + "<S>(out, primal.snd, v.snd);");
        return;
      case TypeKind::Sum: {
        const std::size_t n = t->ctors.size();
        e_.open("switch (primal.tag()) {");
        for (std::size_t i = 0; i < n; ++i) {
          const std::string k = std::to_string(i);
          e_.line("case " + k + ": " + tangent_writer(t->ctors[i].type) + "<S>(out, primal.template get<" + k + ">(), " +
                  constructor_tangent(t, i, "v") + "); return;");
        }
        e_.close("}");
        e_.line("chad_rt::throw_fault(\"a primal sum without a constructor\");");
        return;
      }
      case TypeKind::Mu: {
        if (is_linear_last_functor(t->body, t->var)) {
          write_list(t, true);
          return;
        }
        e_.line(tangent_writer(unroll_type(t)) + "<S>(out, chad_rt::unroll(primal), chad_rt::lin_unroll(v));");
        return;
      }
      default: CHAD_INTERNAL_ASSERT(false, "codegen: a (co)tangent of the non-data type " + print_type(t));
    }
  });
}

// A list-like value (and with `tangent`, its (co)tangent beside it), node by node: the child is
// the last thing in a node's pre-order, so the writer steps to it instead of calling itself, and
// writing a long list takes a loop, not a recursion as deep as the list (whose return trip down
// a stack of a million frames was most of a long Horner gradient's time, bench/RESULTS.md).
void AbiEmitter::write_list(const TypeP& t, bool tangent) {
  e_.line(e_.type(tangent ? primal_of(e_, t) : t) + " at = " + (tangent ? "primal" : "v") + ";");
  if (tangent) e_.line(e_.type(tangent_of(e_, t)) + " at_tangent = v;");
  e_.open("for (;;) {");
  e_.line("const auto& node = chad_rt::unroll(at);");
  if (tangent) e_.line("const auto node_tangent = chad_rt::lin_unroll(at_tangent);");
  // Writes the part of type `f` (open in t's variable) held in `p`, its (co)tangent in `d`; at the
  // recursive position, steps to the child.
  std::function<void(const TypeP&, const std::string&, const std::string&)> part =
      [&](const TypeP& f, const std::string& p, const std::string& d) {
    const TypeP closed = substitute(f, t->var, t);
    if (!occurs_free(f, t->var)) {
      e_.line(tangent ? tangent_writer(closed) + "<S>(out, " + p + ", " + d + ");" : writer(closed) + "<S>(out, " + p + ");");
      return;
    }
    switch (f->kind) {
      case TypeKind::Var:
        e_.line("at = " + p + ";");
        if (tangent) e_.line("at_tangent = " + d + ";");
        e_.line("continue;");
        return;
      case TypeKind::Prod:
        part(f->left, p + ".fst", d + ".fst");
        part(f->right, p + ".snd", d + ".snd");
        return;
      case TypeKind::Sum: {
        if (!tangent) e_.line("out.tag(" + p + ".tag());");
        e_.open("switch (" + p + ".tag()) {");
        for (std::size_t i = 0; i < f->ctors.size(); ++i) {
          const std::string k = std::to_string(i);
          e_.open("case " + k + ": {");
          const std::string argument = e_.fresh("argument");
          e_.line("const auto& " + argument + " = " + p + ".template get<" + k + ">();");
          std::string argument_tangent;
          if (tangent) {
            argument_tangent = e_.fresh("argument_tangent");
            e_.line("const auto " + argument_tangent + " = " + constructor_tangent(closed, i, d) + ";");
          }
          part(f->ctors[i].type, argument, argument_tangent);
          if (!occurs_free(f->ctors[i].type, t->var)) e_.line("return;");
          e_.close("}");
        }
        e_.close("}");
        e_.line(std::string("chad_rt::throw_fault(\"") + (tangent ? "a primal" : "an output") +
                " sum without a constructor\");");
        return;
      }
      default: CHAD_INTERNAL_ASSERT(false, "codegen: write_list on a functor that is not list-like: " + print_type(f));
    }
  };
  part(t->body, "node", "node_tangent");
  if (!occurs_free(t->body, t->var)) e_.line("return;");
  e_.close("}");
}

}  // namespace chad
