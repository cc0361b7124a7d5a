// The oracle's JSON form of programs (docs/program-json.md) as the tool-side interpreter reads it
// (adapters/cpp/json_program_interpreter.hpp): types, terms with de Bruijn variables, and the
// program (its closed `main` and its input and output types); MalformedProgram for a JSON tree
// that is not of that form. Independent of the oracle's own syntax (an adapter is a separate
// process).
#pragma once
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace chad_adapter {

// A JSON tree that is not a program of the expected form.
class MalformedProgram : public std::runtime_error {
 public:
  explicit MalformedProgram(const std::string& message) : std::runtime_error(message) {}
};

// A primitive of the language that the JSON interpreter does not translate for this tool (one of
// the second set's elementwise half the tool has no function of its own for;
// json_program_elementwise_ops.hpp): the tool answers "unsupported", never a number.
class UnsupportedPrimitive : public std::runtime_error {
 public:
  explicit UnsupportedPrimitive(const std::string& name)
      : std::runtime_error("the primitive \"" + name + "\" is not translated for this tool") {}
};

// ---- Types ----

enum class TypeKind { Real, Unit, Prod, Arrow, Sum, Mu, Nu, Var };

struct Type;
using TypeP = std::shared_ptr<const Type>;

struct Type {
  TypeKind kind = TypeKind::Unit;
  std::vector<int> shape;                                 // Real
  TypeP left, right;                                      // Prod, Arrow (from, to)
  std::vector<std::pair<std::string, TypeP>> ctors;       // Sum: (name, payload type)
  std::string var;                                        // Mu, Nu: bound; Var: its name
  TypeP body;                                             // Mu, Nu
  std::vector<std::string> free_vars;                     // distinct

  bool closed() const { return free_vars.empty(); }
  int real_count() const {
    int n = 1;
    for (int d : shape) n *= d;
    return n;
  }
};

inline const nlohmann::json& field(const nlohmann::json& node, const char* name) {
  if (!node.is_object() || !node.contains(name))
    throw MalformedProgram(std::string("missing field \"") + name + "\"");
  return node.at(name);
}

inline TypeP parse_type(const nlohmann::json& j) {
  auto t = std::make_shared<Type>();
  const std::string kind = field(j, "kind").get<std::string>();
  auto add_free = [&](const TypeP& part, const std::string* bound) {
    for (const std::string& v : part->free_vars)
      if ((bound == nullptr || v != *bound) &&
          std::find(t->free_vars.begin(), t->free_vars.end(), v) == t->free_vars.end())
        t->free_vars.push_back(v);
  };
  if (kind == "real") {
    t->kind = TypeKind::Real;
    t->shape = field(j, "shape").get<std::vector<int>>();
  } else if (kind == "unit") {
    t->kind = TypeKind::Unit;
  } else if (kind == "prod" || kind == "arrow") {
    const bool prod = kind == "prod";
    t->kind = prod ? TypeKind::Prod : TypeKind::Arrow;
    t->left = parse_type(field(j, prod ? "left" : "from"));
    t->right = parse_type(field(j, prod ? "right" : "to"));
    add_free(t->left, nullptr);
    add_free(t->right, nullptr);
  } else if (kind == "sum") {
    t->kind = TypeKind::Sum;
    for (const auto& c : field(j, "constructors")) {
      t->ctors.emplace_back(field(c, "name").get<std::string>(), parse_type(field(c, "type")));
      add_free(t->ctors.back().second, nullptr);
    }
  } else if (kind == "mu" || kind == "nu") {
    t->kind = kind == "mu" ? TypeKind::Mu : TypeKind::Nu;
    t->var = field(j, "var").get<std::string>();
    t->body = parse_type(field(j, "body"));
    add_free(t->body, &t->var);
  } else if (kind == "var") {
    t->kind = TypeKind::Var;
    t->var = field(j, "name").get<std::string>();
    t->free_vars.push_back(t->var);
  } else {
    throw MalformedProgram("unknown type kind \"" + kind + "\"");
  }
  return t;
}

// ---- Terms ----

enum class Former { Var, Literal, Array, Unit, Pair, Fst, Snd, Let, Fun, App, Inject, Case,
                    Roll, Fold, Unroll, Unfold, Ascribe, Prim };

enum class Op { Add, Sub, Mul, Div, Neg, Sin, Cos, Exp, Log, Sqrt, Tanh, Sigmoid, Softplus,
                Sum, Dot, Matvec, Scale, Get, Vec, Lt, Gt,
                Mean, Prod, Logsumexp, Softmax, Norm, Cumsum, Matmul, Transpose, Outer,
                Log1p, Expm1, Atan, Erf, Abs, IntPow, Pow, Atan2, Hypot, Max, Min };

struct Node;
using NodeP = std::shared_ptr<const Node>;

struct CaseBranch {
  int tag = 0;
  NodeP body;
};

struct Node {
  Former former = Former::Unit;
  TypeP type;
  int line = 0, column = 0;
  int index = -1;                  // Var: de Bruijn index; Inject: tag; Prim get: the index
  int exponent = 0;                // Prim ^: the integer exponent 0..64
  double literal = 0;              // Literal
  Op op = Op::Add;                 // Prim
  std::vector<NodeP> args;         // operands in the JSON field order of the former
  std::vector<CaseBranch> branches;

  std::string where() const { return std::to_string(line) + ":" + std::to_string(column); }
};

// The op names (docs/program-json.md) the interpreter translates for every scalar type, and their Op.
inline const std::vector<std::pair<const char*, Op>>& translated_ops() {
  static const std::vector<std::pair<const char*, Op>> ops = {
      {"+", Op::Add}, {"-", Op::Sub}, {"*", Op::Mul}, {"/", Op::Div}, {"neg", Op::Neg},
      {"sin", Op::Sin}, {"cos", Op::Cos}, {"exp", Op::Exp}, {"log", Op::Log},
      {"sqrt", Op::Sqrt}, {"tanh", Op::Tanh}, {"sigmoid", Op::Sigmoid},
      {"softplus", Op::Softplus}, {"sum", Op::Sum}, {"dot", Op::Dot}, {"matvec", Op::Matvec},
      {"scale", Op::Scale}, {"get", Op::Get}, {"vec", Op::Vec}, {"<", Op::Lt}, {">", Op::Gt},
      {"mean", Op::Mean}, {"prod", Op::Prod}, {"logsumexp", Op::Logsumexp}, {"softmax", Op::Softmax},
      {"norm", Op::Norm}, {"cumsum", Op::Cumsum}, {"matmul", Op::Matmul}, {"transpose", Op::Transpose},
      {"outer", Op::Outer}};
  return ops;
}

// The names of translated_ops(): what a tool built on this interpreter declares in its hello
// ("primitives", the declared fragment of docs/adapter-protocol.md).
inline std::vector<std::string> translated_primitives() {
  std::vector<std::string> names;
  for (const auto& [text, op] : translated_ops()) names.emplace_back(text);
  return names;
}

// The second set's elementwise half: translated only for a tool with a function of its own for
// each (json_program_elementwise_ops.hpp), so declared per tool.
inline const std::vector<std::pair<const char*, Op>>& elementwise_second_set_ops() {
  static const std::vector<std::pair<const char*, Op>> ops = {
      {"log1p", Op::Log1p}, {"expm1", Op::Expm1}, {"atan", Op::Atan}, {"erf", Op::Erf}, {"abs", Op::Abs},
      {"^", Op::IntPow}, {"pow", Op::Pow}, {"atan2", Op::Atan2}, {"hypot", Op::Hypot}, {"max", Op::Max},
      {"min", Op::Min}};
  return ops;
}

inline Op parse_op(const std::string& name) {
  for (const auto& [text, op] : translated_ops())
    if (name == text) return op;
  for (const auto& [text, op] : elementwise_second_set_ops())
    if (name == text) return op;
  throw MalformedProgram("unknown primitive \"" + name + "\"");
}

// The op name of docs/program-json.md of `op`.
inline std::string op_name(Op op) {
  for (const auto* table : {&translated_ops(), &elementwise_second_set_ops()})
    for (const auto& [text, o] : *table)
      if (o == op) return text;
  return "?";
}

// A literal's exact value: the hex float when present, else the decimal number.
inline double parse_literal(const nlohmann::json& node) {
  if (node.contains("hex")) {
    const std::string text = node.at("hex").get<std::string>();
    char* end = nullptr;
    const double x = std::strtod(text.c_str(), &end);
    if (end == text.c_str() || *end != '\0') throw MalformedProgram("bad hex float \"" + text + "\"");
    return x;
  }
  return field(node, "decimal").get<double>();
}

inline NodeP parse_term(const nlohmann::json& j) {
  static const std::pair<const char*, Former> formers[] = {
      {"var", Former::Var}, {"literal", Former::Literal}, {"array", Former::Array},
      {"unit", Former::Unit}, {"pair", Former::Pair}, {"fst", Former::Fst},
      {"snd", Former::Snd}, {"let", Former::Let}, {"fun", Former::Fun}, {"app", Former::App},
      {"inject", Former::Inject}, {"case", Former::Case}, {"roll", Former::Roll},
      {"fold", Former::Fold}, {"unroll", Former::Unroll}, {"unfold", Former::Unfold},
      {"ascribe", Former::Ascribe}, {"prim", Former::Prim}};
  // The operand fields of each former, in evaluation order.
  static const std::vector<std::pair<Former, std::vector<const char*>>> operands = {
      {Former::Pair, {"first", "second"}}, {Former::Fst, {"pair"}}, {Former::Snd, {"pair"}},
      {Former::Let, {"bound", "body"}}, {Former::Fun, {"body"}},
      {Former::App, {"function", "argument"}}, {Former::Inject, {"payload"}},
      {Former::Case, {"scrutinee"}}, {Former::Roll, {"payload"}},
      {Former::Fold, {"scrutinee", "body"}}, {Former::Unroll, {"value"}},
      {Former::Unfold, {"seed", "body"}}, {Former::Ascribe, {"term"}}};
  auto n = std::make_shared<Node>();
  const std::string former = field(j, "former").get<std::string>();
  bool known = false;
  for (const auto& [text, f] : formers)
    if (former == text) n->former = f, known = true;
  if (!known) throw MalformedProgram("unknown former \"" + former + "\"");
  n->type = parse_type(field(j, "type"));
  if (j.contains("loc")) {
    n->line = j.at("loc").value("line", 0);
    n->column = j.at("loc").value("column", 0);
  }
  for (const auto& [f, names] : operands)
    if (f == n->former)
      for (const char* name : names) n->args.push_back(parse_term(field(j, name)));
  switch (n->former) {
    case Former::Var: n->index = field(j, "index").get<int>(); break;
    case Former::Literal: n->literal = parse_literal(j); break;
    case Former::Array:
      for (const auto& e : field(j, "elements")) n->args.push_back(parse_term(e));
      break;
    case Former::Inject: n->index = field(j, "tag").get<int>(); break;
    case Former::Case:
      for (const auto& b : field(j, "branches"))
        n->branches.push_back({field(b, "tag").get<int>(), parse_term(field(b, "body"))});
      break;
    case Former::Prim:
      n->op = parse_op(field(j, "op").get<std::string>());
      if (n->op == Op::Get) n->index = field(j, "get_index").get<int>();
      if (n->op == Op::IntPow) {
        n->exponent = field(j, "exponent").get<int>();
        if (n->exponent < 0 || n->exponent > 64)
          throw MalformedProgram("the exponent of ^ is " + std::to_string(n->exponent) + ", not an integer 0..64");
      }
      for (const auto& e : field(j, "args")) n->args.push_back(parse_term(e));
      break;
    default: break;
  }
  return n;
}

// A program: its closed `main` term (a function of input_type) and its types.
struct Program {
  TypeP input_type, output_type;
  NodeP main;

  static Program from_json(const nlohmann::json& j) {
    return {parse_type(field(j, "input_type")), parse_type(field(j, "output_type")),
            parse_term(field(j, "main"))};
  }
};

}  // namespace chad_adapter
