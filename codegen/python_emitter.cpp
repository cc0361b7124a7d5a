// The Python translation: statements in nested Python functions, one name per binding (names
// never rebound, so closures capture what the source means), the runtime's rt_* functions for
// primitives, folds and unfolds, and type descriptors for the functorial maps and normal forms.
#include "codegen/python_emitter.hpp"

#include <cstdio>
#include <map>
#include <set>
#include <sstream>

#include "codegen/emitter.hpp"
#include "syntax/printer.hpp"

namespace chad {
namespace {

// Names the module's own code, the runtime or Python needs: a source name equal to one of these
// (or starting with the runtime's prefixes) gets a trailing `_`.
bool reserved_python_name(const std::string& name) {
  static const std::set<std::string> reserved = {
      "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class",
      "continue", "def", "del", "elif", "else", "except", "finally", "for", "from", "global",
      "if", "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return",
      "try", "while", "with", "yield", "torch", "json", "sys", "threading", "float", "int",
      "len", "range", "iter", "next", "any", "reversed", "print", "str", "dict", "list",
      "tuple", "object", "super", "isinstance", "ValueError", "Exception", "BaseException",
      "DomainError", "main", "read_input", "write_output"};
  return reserved.count(name) > 0 || name.rfind("rt_", 0) == 0 || name.rfind("Rt", 0) == 0 ||
         name.rfind("_", 0) == 0;
}

std::string python_identifier(const std::string& name) {
  std::string out;
  for (char c : name) out += c == '\'' ? std::string("_q") : std::string(1, c);
  if (out.empty()) out = "v";
  return reserved_python_name(out) ? out + "_" : out;
}

std::string python_string(const std::string& text) {
  std::string out = "\"";
  for (char c : text) out += c == '"' || c == '\\' ? std::string("\\") + c : std::string(1, c);
  return out + "\"";
}

// The runtime's descriptor of `t` (codegen/runtime/chad_runtime.py). In a functor
// (`prune_closed`), a closed part is ('closed',): it holds no recursive position.
std::string type_descriptor(const TypeP& t, bool prune_closed) {
  if (prune_closed && t->closed()) return "('closed',)";
  switch (t->kind) {
    case TypeKind::Real: {
      std::string shape = "(";
      for (int n : t->shape) shape += std::to_string(n) + ",";
      return "('real', " + shape + "))";
    }
    case TypeKind::Unit: return "('unit',)";
    case TypeKind::Prod:
      return "('prod', " + type_descriptor(t->left, prune_closed) + ", " +
             type_descriptor(t->right, prune_closed) + ")";
    case TypeKind::Sum: {
      std::string ctors = "(";
      for (const Constructor& c : t->ctors)
        ctors += "(" + python_string(c.name) + ", " + type_descriptor(c.type, prune_closed) + "), ";
      return "('sum', " + ctors + "))";
    }
    case TypeKind::Mu:
    case TypeKind::Nu:
      return std::string(t->kind == TypeKind::Mu ? "('mu', " : "('nu', ") + python_string(t->var) +
             ", " + type_descriptor(t->body, prune_closed) + ")";
    case TypeKind::Var: return "('var', " + python_string(t->var) + ")";
    default: return "('arrow',)";
  }
}

const char* runtime_function(PrimOp op) {
  switch (op) {
    case PrimOp::Add: return "rt_add";
    case PrimOp::Sub: return "rt_sub";
    case PrimOp::Mul: return "rt_mul";
    case PrimOp::Div: return "rt_div";
    case PrimOp::Neg: return "rt_neg";
    case PrimOp::Sin: return "rt_sin";
    case PrimOp::Cos: return "rt_cos";
    case PrimOp::Exp: return "rt_exp";
    case PrimOp::Log: return "rt_log";
    case PrimOp::Sqrt: return "rt_sqrt";
    case PrimOp::Tanh: return "rt_tanh";
    case PrimOp::Sigmoid: return "rt_sigmoid";
    case PrimOp::Softplus: return "rt_softplus";
    case PrimOp::Log1p: return "rt_log1p";
    case PrimOp::Expm1: return "rt_expm1";
    case PrimOp::Atan: return "rt_atan";
    case PrimOp::Erf: return "rt_erf";
    case PrimOp::Abs: return "rt_abs";
    case PrimOp::PowInt: return "rt_pow_int";
    case PrimOp::Pow: return "rt_pow";
    case PrimOp::Atan2: return "rt_atan2";
    case PrimOp::Hypot: return "rt_hypot";
    case PrimOp::Max: return "rt_max";
    case PrimOp::Min: return "rt_min";
    case PrimOp::Sum: return "rt_sum";
    case PrimOp::Dot: return "rt_dot";
    case PrimOp::Matvec: return "rt_matvec";
    case PrimOp::Scale: return "rt_scale";
    case PrimOp::Get: return "rt_get";
    case PrimOp::Vec: return "rt_vec";
    case PrimOp::Mean: return "rt_mean";
    case PrimOp::Prod: return "rt_prod";
    case PrimOp::Logsumexp: return "rt_logsumexp";
    case PrimOp::Softmax: return "rt_softmax";
    case PrimOp::Norm: return "rt_norm";
    case PrimOp::Cumsum: return "rt_cumsum";
    case PrimOp::Matmul: return "rt_matmul";
    case PrimOp::Transpose: return "rt_transpose";
    case PrimOp::Outer: return "rt_outer";
    case PrimOp::Lt: return "rt_lt";
    case PrimOp::Gt: return "rt_gt";
  }
  return "rt_unknown";
}

// A Python expression and how deeply its calls and tuples nest (bound to a name when deep, so
// that a long chain of operations never meets the parser's nesting limit).
struct Expr {
  std::string text;
  int depth = 0;
};

class PythonEmitter {
 public:
  // The module's body: the defs, `main`, read_input and write_output.
  std::string emit_program(const CheckedProgram& program) {
    TermP t = program.main_function;
    while (t->kind == TermKind::Let) {  // the defs above the entry point, in order
      const std::string name = fresh(t->name);
      if (t->args[0]->kind == TermKind::Lambda) {
        function(name, *t->args[0]);
      } else {  // a def without parameters: a module-level value
        line(name + " = " + emit(t->args[0]).text);
      }
      env_.push_back(name);
      t = t->args[1];
      line("");
    }
    used_.insert("main");
    function("main", *t);
    line("");
    line("");
    line("def read_input(index, coords):");
    line("    return rt_read(" + descriptor(program.input_type, false) + ", index, coords)");
    line("");
    line("");
    line("def write_output(value):");
    line("    coords = []");
    line("    index = rt_write(" + descriptor(program.output_type, false) + ", value, coords)");
    line("    return index, coords");
    line("");
    line("");
    line("if __name__ == \"__main__\":");
    line("    rt_script(read_input, main, write_output)");
    return out_;
  }

  // The module-level constants: literals and type descriptors.
  std::string constants() const { return constants_; }

 private:
  Expr emit(const TermP& t) {
    switch (t->kind) {
      case TermKind::Var: return {env_[env_.size() - 1 - std::size_t(t->index)]};
      case TermKind::Literal: return {literal(t->literal)};
      case TermKind::ArrayLit: {
        std::vector<Expr> rows;
        for (const TermP& e : t->args) rows.push_back(emit(e));
        Expr list = call("", rows, "[", "]");
        return {"torch.stack(" + list.text + ")", list.depth + 1};
      }
      case TermKind::Unit: return {"()"};
      case TermKind::Pair: {
        Expr first = emit(t->args[0]);
        Expr second = emit(t->args[1]);
        return call("", {first, second}, "(", ")");
      }
      case TermKind::Fst:
      case TermKind::Snd: {
        Expr pair = shallow(emit(t->args[0]));
        return {pair.text + (t->kind == TermKind::Fst ? "[0]" : "[1]"), pair.depth + 1};
      }
      case TermKind::Let: {
        const std::string name = fresh(t->name);
        line(name + " = " + emit(t->args[0]).text);
        return under(name, t->args[1]);
      }
      case TermKind::Lambda: {
        const std::string name = fresh("fn");
        function(name, *t);
        return {name};
      }
      case TermKind::App: {
        Expr f = shallow(emit(t->args[0]));
        Expr x = emit(t->args[1]);
        return call(f.text, {x});
      }
      case TermKind::Inject: {
        Expr payload = emit(t->args[0]);
        return call("RtInject", {Expr{std::to_string(t->index)}, payload});
      }
      case TermKind::Case: return emit_case(*t);
      case TermKind::Roll: return call("RtRoll", {emit(t->args[0])});
      case TermKind::Fold:
      case TermKind::Unfold: {
        const TypeP& fixpoint = t->kind == TermKind::Fold ? t->args[0]->type : t->type;
        Expr scrutinee = emit(t->args[0]);
        const std::string body = fresh(t->kind == TermKind::Fold ? "fold_step" : "unfold_step");
        function(body, t->name, t->args[1]);
        const std::string fix = std::string(fixpoint->kind == TypeKind::Mu ? "('mu', " : "('nu', ") +
                                python_string(fixpoint->var) + ", " +
                                type_descriptor(fixpoint->body, true) + ")";
        return call(t->kind == TermKind::Fold ? "rt_fold" : "rt_unfold",
                    {Expr{constant("rt_T", fix)}, Expr{body}, scrutinee});
      }
      case TermKind::Unroll: {
        Expr value = shallow(emit(t->args[0]));
        return {value.text + ".force()", value.depth + 1};
      }
      case TermKind::Ascribe: return emit(t->args[0]);
      case TermKind::Prim: {
        std::vector<Expr> operands;
        for (const TermP& a : t->args) operands.push_back(emit(a));
        if (t->op == PrimOp::Get || t->op == PrimOp::PowInt) operands.push_back({std::to_string(t->index)});
        return call(runtime_function(t->op), operands);
      }
      default:
        throw UnsupportedByCodegen("CHAD's target terms in the Python translation", t->loc);
    }
  }

  // case s of { C_i x_i -> e_i }: an if-chain on the tag assigning one result name.
  Expr emit_case(const Term& t) {
    const std::string scrutinee = fresh("scrutinee");
    line(scrutinee + " = " + emit(t.args[0]).text);
    const std::string result = fresh("result");
    for (std::size_t i = 0; i < t.branches.size(); ++i) {
      const Branch& b = t.branches[i];
      const std::string test = "if " + scrutinee + ".tag == " + std::to_string(b.tag) + ":";
      if (t.branches.size() > 1) line(i == 0 ? test : i + 1 < t.branches.size() ? "el" + test : "else:");
      if (t.branches.size() > 1) indent_ += 4;
      const std::string var = fresh(b.var);
      line(var + " = " + scrutinee + ".value");
      line(result + " = " + under(var, b.body).text);
      if (t.branches.size() > 1) indent_ -= 4;
    }
    return {result};
  }

  // `def name(param): ...` for a lambda node.
  void function(const std::string& name, const Term& lambda) {
    function(name, lambda.name, lambda.args[0]);
  }
  void function(const std::string& name, const std::string& source_param, const TermP& body) {
    const std::string param = fresh(source_param);
    line("def " + name + "(" + param + "):");
    indent_ += 4;
    line("return " + under(param, body).text);
    indent_ -= 4;
  }

  Expr under(const std::string& name, const TermP& body) {
    env_.push_back(name);
    Expr e = emit(body);
    env_.pop_back();
    return e;
  }

  // f(a, b, ...) (or a tuple / list with the brackets given).
  Expr call(const std::string& f, std::vector<Expr> args, const char* open = "(", const char* close = ")") {
    int depth = 0;
    std::string text = f + open;
    for (std::size_t i = 0; i < args.size(); ++i) {
      Expr a = shallow(args[i]);
      text += (i ? ", " : "") + a.text;
      depth = std::max(depth, a.depth);
    }
    if (args.size() == 1 && f.empty() && std::string(open) == "(") text += ",";
    text += close;
    return {text, depth + 1};
  }

  // The expression itself, or a name bound to it when it nests deeply.
  Expr shallow(const Expr& e) {
    if (e.depth < 12) return e;
    const std::string name = fresh("t");
    line(name + " = " + e.text);
    return {name};
  }

  std::string literal(double value) {
    char text[64];
    std::snprintf(text, sizeof text, "%a", value);
    return constant("rt_c", std::string("rt_real(\"") + text + "\")");
  }
  std::string descriptor(const TypeP& t, bool prune_closed) {
    return constant("rt_T", type_descriptor(t, prune_closed));
  }
  // A module-level name for `value` (one per distinct value).
  std::string constant(const std::string& prefix, const std::string& value) {
    auto it = constant_names_.find(value);
    if (it != constant_names_.end()) return it->second;
    const std::string name = prefix + std::to_string(constant_names_.size());
    constant_names_[value] = name;
    constants_ += name + " = " + value + "\n";
    return name;
  }

  std::string fresh(const std::string& source_name) {
    const std::string base = python_identifier(source_name);
    std::string name = base;
    for (int k = 2; used_.count(name); ++k) name = base + "_" + std::to_string(k);
    used_.insert(name);
    return name;
  }

  void line(const std::string& text) {
    if (!text.empty()) out_.append(std::size_t(indent_), ' ');
    out_ += text + "\n";
  }

  std::string out_, constants_;
  int indent_ = 0;
  std::vector<std::string> env_;  // Python names of the variables in scope, innermost last
  std::set<std::string> used_;
  std::map<std::string, std::string> constant_names_;
};

std::string commented(const std::string& text) {
  std::istringstream in(text);
  std::string out, l;
  while (std::getline(in, l)) out += l.empty() ? "#\n" : "#   " + l + "\n";
  return out;
}

}  // namespace

std::string emit_python_program(const CheckedProgram& program) {
  PythonEmitter emitter;
  const std::string body = emitter.emit_program(program);
  return "# The Python translation of a CHAD program (chad-oracle translate --to python), over\n"
         "# PyTorch in float64. main's input and output are read and written as the normal forms\n"
         "# of docs/adapter-protocol.md by read_input and write_output. The program:\n" +
         commented(print_program(program.program)) + "\n" + python_runtime_source() + "\n\n" +
         emitter.constants() + "\n\n" + body;
}

}  // namespace chad
