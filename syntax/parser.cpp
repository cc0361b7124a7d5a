// Recursive-descent parser for shared/spec/language.md. One function per grammar level,
// loosest first: expr (let, fun, if, fold, unfold, case; then comparisons) -> additive ->
// multiplicative -> unary -> application (also fst, snd, roll, unroll, C e) -> atom.
// Types: type (mu, nu, ->) -> product_type -> atom_type.
// Every recursive call and every level a loop adds to the tree counts towards kMaxNesting.
#include "syntax/parser.hpp"
#include "syntax/type_inhabited.hpp"

#include <map>
#include <set>

#include "syntax/deep_stack.hpp"
#include "syntax/lexer.hpp"
#include "syntax/list_literal.hpp"
#include "syntax/primitive_sugar.hpp"

namespace chad {
namespace {

constexpr long long kMaxArrayEntries = 1LL << 26;

int prim_arity(PrimOp op) {
  switch (op) {
    case PrimOp::Dot: case PrimOp::Matvec: case PrimOp::Scale: case PrimOp::Get: return 2;
    case PrimOp::Vec: return -1;  // one or more
    default: return 1;
  }
}

class Parser {
 public:
  Parser(const std::string& text, const std::string& file, const std::vector<TypeAlias>& aliases)
      : tokens_(lex(text, file)), file_(file) {
    aliases_["bool"] = bool_type();
    for (const auto& a : aliases) aliases_[a.name] = a.type;
  }

  Program program() {
    Program p;
    p.file = file_;
    while (!at_end()) {
      if (is_word("type")) {
        p.aliases.push_back(type_decl());
      } else if (is_word("def")) {
        p.defs.push_back(def_decl());
      } else {
        fail("expected `type` or `def` to start a declaration");
      }
    }
    return p;
  }

  TermP whole_term() {
    TermP t = expr();
    expect_end();
    return t;
  }

  TypeP whole_type() {
    TypeP t = type();
    expect_end();
    return t;
  }

 private:
  // ---- tokens --------------------------------------------------------------------------
  const Token& peek(std::size_t ahead = 0) const {
    return tokens_[std::min(pos_ + ahead, tokens_.size() - 1)];
  }
  bool at_end() const { return peek().kind == TokenKind::End; }
  bool is_symbol(const char* s, std::size_t ahead = 0) const {
    return peek(ahead).kind == TokenKind::Symbol && peek(ahead).text == s;
  }
  bool is_word(const char* w, std::size_t ahead = 0) const {
    return peek(ahead).kind == TokenKind::Ident && peek(ahead).text == w;
  }
  Token next() {
    Token t = peek();
    if (pos_ < tokens_.size() - 1) ++pos_;
    return t;
  }
  [[noreturn]] void fail(const std::string& expected) const {
    throw SourceError(peek().loc, expected + ", found " + describe_token(peek()));
  }
  Token expect_symbol(const char* s, const std::string& context = "") {
    if (!is_symbol(s)) fail(std::string("expected `") + s + "`" + context);
    return next();
  }
  Token expect_word(const char* w, const std::string& context = "") {
    if (!is_word(w)) fail(std::string("expected `") + w + "`" + context);
    return next();
  }
  void expect_end() {
    if (!at_end()) fail("expected end of input");
  }
  std::string identifier(const std::string& what) {
    if (peek().kind != TokenKind::Ident || is_keyword(peek().text)) fail("expected " + what);
    return next().text;
  }

  // ---- nesting guard -------------------------------------------------------------------
  struct Nest {
    explicit Nest(Parser& p) : parser(p) {
      if (++parser.depth_ > kMaxNesting) parser.too_deep(parser.peek().loc);
    }
    ~Nest() { --parser.depth_; }
    Parser& parser;
  };
  // Loops build nested trees too (`a + b + c`, `f x y z`, `(a, b, c)`, `fun (x : t) (y : u)`):
  // each extra level of the tree they build counts, so later recursive passes stay bounded.
  struct ChainDepth {
    explicit ChainDepth(Parser& p) : parser(p) {}
    ChainDepth(const ChainDepth&) = delete;
    ChainDepth& operator=(const ChainDepth&) = delete;
    void add(const Loc& at) {
      ++added;
      if (++parser.depth_ > kMaxNesting) parser.too_deep(at);
    }
    ~ChainDepth() { parser.depth_ -= added; }
    Parser& parser;
    int added = 0;
  };
  [[noreturn]] void too_deep(const Loc& at) const {
    throw SourceError(at, "program nested deeper than " + std::to_string(kMaxNesting) +
                              " levels: simplify or split it");
  }

  // ---- declarations --------------------------------------------------------------------
  TypeAlias type_decl() {
    next();  // type
    if (peek().kind != TokenKind::UpperName) fail("expected a type name starting upper case");
    Token name = next();
    if (aliases_.count(name.text)) throw SourceError(name.loc, "type `" + name.text + "` is already defined");
    expect_symbol("=", " after the type name");
    TypeP t = type();
    expect_symbol(";", " to end the type declaration");
    aliases_[name.text] = t;
    return TypeAlias{name.text, t, name.loc};
  }

  Def def_decl() {
    Token kw = next();  // def
    Def d;
    d.loc = kw.loc;
    if (peek().kind != TokenKind::Ident || is_keyword(peek().text)) fail("expected the name of the definition");
    Token name = next();
    d.name = name.text;
    while (is_symbol("(")) {
      next();
      while (true) {
        Param p;
        p.loc = peek().loc;
        p.name = identifier("a parameter name");
        expect_symbol(":", " after the parameter name");
        p.type = type();
        d.params.push_back(std::move(p));
        if (is_symbol(",")) {
          next();
          continue;
        }
        expect_symbol(")", " to close the parameter list");
        break;
      }
    }
    expect_symbol(":", " before the result type of `" + d.name + "`");
    d.result = type();
    expect_symbol("=", " before the body of `" + d.name + "`");
    d.body = expr();
    expect_symbol(";", " to end the definition of `" + d.name + "`");
    return d;
  }

  // ---- types ---------------------------------------------------------------------------
  TypeP type() {
    Nest nest(*this);
    if (is_word("mu") || is_word("nu")) return fixpoint_type();
    const Loc start = peek().loc;
    TypeP left = product_type();
    if (!is_symbol("->")) return left;
    next();
    if (type_binders_.empty() || showing_arrow_) return arrow_type(left, type());
    // Under mu / nu: read the whole function type, then report it.
    showing_arrow_ = true;
    TypeP whole = arrow_type(left, type());
    showing_arrow_ = false;
    throw SourceError(start, "function type `" + print_type(whole) + "` is not allowed under `" +
                                 innermost_binder() +
                                 "`: inductive and coinductive types must be polynomial");
  }

  std::string innermost_binder() const {
    return type_binders_.back().first + " " + type_binders_.back().second;
  }

  TypeP fixpoint_type() {
    Token kw = next();
    std::string var = identifier("a type variable after `" + kw.text + "`");
    expect_symbol(".", " after `" + kw.text + " " + var + "`");
    type_binders_.emplace_back(kw.text, var);
    TypeP body = type();
    type_binders_.pop_back();
    TypeP fixpoint = kw.text == "mu" ? mu_type(var, body) : nu_type(var, body);
    if (!has_finite_values(fixpoint))  // (enclosing binders count as inhabited: empty whatever they hold)
      throw SourceError(kw.loc, "type `" + print_type(fixpoint) + "` has no values: an inductive type needs a base case, "
                                "a constructor whose payload does not mention `" + var +
                                "` (for an infinite structure, such as a stream, use `nu`)");
    return fixpoint;
  }

  TypeP product_type() {
    TypeP left = atom_type();
    if (is_symbol("*")) {
      next();
      Nest nest(*this);
      return prod_type(left, product_type());
    }
    return left;
  }

  TypeP atom_type() {
    const Token& t = peek();
    if (is_word("mu") || is_word("nu")) return fixpoint_type();
    if (is_word("real")) {
      next();
      if (!is_symbol("[")) return real_type();
      next();
      if (is_symbol("]")) {  // real[] is rank 0, the same as real
        next();
        return real_type();
      }
      std::vector<int> shape;
      while (true) {
        if (peek().kind != TokenKind::Number || !peek().integral || peek().number < 1 ||
            peek().number > 1e9)
          fail("expected an array dimension (an integer >= 1)");
        shape.push_back(int(next().number));
        long long entries = 1;
        for (int d : shape) entries *= d;
        if (entries > kMaxArrayEntries)
          throw SourceError(t.loc, "array type too large: more than " +
                                       std::to_string(kMaxArrayEntries) + " entries");
        if (is_symbol(",")) {
          next();
          continue;
        }
        expect_symbol("]", " to close the array shape");
        break;
      }
      return real_type(shape);
    }
    if (is_word("unit")) {
      next();
      return unit_type();
    }
    if (is_symbol("(")) {
      Token open = next();
      TypeP inner = type();
      if (!is_symbol(")")) fail("expected `)` to close `(` at " + std::to_string(open.loc.line) + ":" + std::to_string(open.loc.col));
      next();
      return inner;
    }
    if (is_symbol("<")) return sum_type_literal();
    if (t.kind == TokenKind::UpperName) {
      Token name = next();
      auto found = aliases_.find(name.text);
      if (found == aliases_.end())
        throw SourceError(name.loc, "unknown type `" + name.text + "`: expected a type alias declared above");
      if (!type_binders_.empty() && contains_arrow(found->second))
        throw SourceError(name.loc, "type `" + name.text + "` = `" + print_type(found->second) +
                                        "` contains a function type, which is not allowed under `" +
                                        innermost_binder() +
                                        "`: inductive and coinductive types must be polynomial");
      return found->second;
    }
    if (t.kind == TokenKind::Ident && !is_keyword(t.text)) {
      Token name = next();
      for (const auto& b : type_binders_)
        if (b.second == name.text) return var_type(name.text);
      if (auto alias = aliases_.find(name.text); alias != aliases_.end()) return alias->second;  // bool
      throw SourceError(name.loc, "unbound type variable `" + name.text +
                                      "`: type variables must be bound by an enclosing mu or nu");
    }
    fail("expected a type");
  }

  static bool contains_arrow(const TypeP& t) {
    switch (t->kind) {
      case TypeKind::Arrow: return true;
      case TypeKind::Prod: return contains_arrow(t->left) || contains_arrow(t->right);
      case TypeKind::Sum:
        for (const auto& c : t->ctors)
          if (contains_arrow(c.type)) return true;
        return false;
      case TypeKind::Mu:
      case TypeKind::Nu: return contains_arrow(t->body);
      default: return false;
    }
  }

  TypeP sum_type_literal() {
    Token open = next();  // <
    std::vector<Constructor> ctors;
    std::set<std::string> seen;
    while (true) {
      if (peek().kind != TokenKind::UpperName) fail("expected a constructor name (upper case)");
      Token name = next();
      if (!seen.insert(name.text).second)
        throw SourceError(name.loc, "constructor `" + name.text + "` appears twice in this sum");
      TypeP payload = unit_type();
      if (is_symbol(":")) {
        next();
        payload = type();
      }
      ctors.push_back({name.text, payload});
      if (is_symbol("|")) {
        next();
        continue;
      }
      if (!is_symbol(">")) fail("expected `|` or `>` in the sum type opened at " + std::to_string(open.loc.line) + ":" + std::to_string(open.loc.col));
      next();
      break;
    }
    return sum_type(std::move(ctors));
  }

  // ---- terms ---------------------------------------------------------------------------
  TermP expr() {
    Nest nest(*this);
    if (is_word("let")) return let_expr();
    if (is_word("fun")) return fun_expr();
    if (is_word("if")) return if_expr();
    if (is_word("fold") || is_word("unfold")) return fold_expr();
    if (is_word("case")) return case_expr();
    TermP left = additive();
    if (is_symbol("<") || is_symbol(">")) {
      Token op = next();
      TermP right = additive();
      if (is_symbol("<") || is_symbol(">")) fail("comparisons do not chain: expected a parenthesised comparison");
      return make_prim(op.text == "<" ? PrimOp::Lt : PrimOp::Gt, {left, right}, op.loc);
    }
    return left;
  }

  TermP let_expr() {
    Token kw = next();
    if (is_symbol("(")) {  // let (x, y) = e1 in e2
      next();
      std::string x = identifier("a variable name in `let (x, y)`");
      expect_symbol(",", " in `let (x, y)`");
      std::string y = identifier("a variable name in `let (x, y)`");
      expect_symbol(")", " to close `let (x, y)`");
      expect_symbol("=", " after `let (" + x + ", " + y + ")`");
      TermP bound_term = expr();
      expect_word("in", " after the bound expression of `let`");
      std::string pair = "_pair'" + std::to_string(++fresh_);
      TermP body = expr();
      Loc l = kw.loc;
      return make_let(pair, bound_term,
                      make_let(x, make_fst(make_var(pair, l), l),
                               make_let(y, make_snd(make_var(pair, l), l), body, l), l),
                      l);
    }
    std::string x = identifier("a variable name after `let`");
    expect_symbol("=", " after `let " + x + "`");
    TermP bound_term = expr();
    expect_word("in", " after the bound expression of `let " + x + "`");
    TermP body = expr();
    return make_let(x, bound_term, body, kw.loc);
  }

  TermP fun_expr() {
    Token kw = next();
    std::vector<std::pair<std::string, TypeP>> params;
    std::vector<Loc> locs;
    if (!is_symbol("(")) fail("expected `(` and an annotated parameter `(x : t)` after `fun`");
    while (is_symbol("(")) {
      next();
      while (true) {
        locs.push_back(peek().loc);
        std::string x = identifier("a parameter name");
        expect_symbol(":", " after the parameter name (parameters of `fun` need a type)");
        params.emplace_back(x, type());
        if (is_symbol(",")) {
          next();
          continue;
        }
        expect_symbol(")", " to close the parameter");
        break;
      }
    }
    expect_symbol("->", " after the parameters of `fun`");
    ChainDepth chain(*this);  // the parameters become nested lambdas
    for (std::size_t i = 1; i < locs.size(); ++i) chain.add(locs[i]);
    TermP body = expr();
    for (std::size_t i = params.size(); i-- > 0;)
      body = make_lambda(params[i].first, params[i].second, body, i == 0 ? kw.loc : locs[i]);
    return body;
  }

  TermP if_expr() {
    Token kw = next();
    TermP cond = expr();
    expect_word("then", " after the condition of `if`");
    TermP yes = expr();
    expect_word("else", " after the `then` branch");
    TermP no = expr();
    return make_case(cond, {Branch{"False", "_", no, -1, kw.loc}, Branch{"True", "_", yes, -1, kw.loc}},
                     kw.loc);
  }

  TermP fold_expr() {
    Token kw = next();
    TermP scrutinee = expr();
    expect_word("with", " after the " + std::string(kw.text == "fold" ? "scrutinee" : "seed") +
                            " of `" + kw.text + "`");
    std::string x = identifier("a variable name after `with`");
    expect_symbol("->", " after `with " + x + "`");
    TermP body = expr();
    return kw.text == "fold" ? make_fold(scrutinee, x, body, kw.loc)
                             : make_unfold(scrutinee, x, body, kw.loc);
  }

  TermP case_expr() {
    Token kw = next();
    TermP scrutinee = expr();
    expect_word("of", " after the scrutinee of `case`");
    Token open = expect_symbol("{", " to open the branches of `case`");
    std::vector<Branch> branches;
    if (is_symbol("|")) next();
    while (true) {
      if (peek().kind != TokenKind::UpperName) fail("expected a constructor name to start a branch");
      Branch br;
      br.loc = peek().loc;
      br.ctor = next().text;
      br.var = identifier("a variable name after constructor `" + br.ctor + "` (write `_` to ignore it)");
      expect_symbol("->", " after `" + br.ctor + " " + br.var + "`");
      br.body = expr();
      branches.push_back(std::move(br));
      if (is_symbol("|")) {
        next();
        continue;
      }
      if (!is_symbol("}"))
        fail("expected `|` or `}` in the case opened at " + std::to_string(open.loc.line) + ":" +
             std::to_string(open.loc.col));
      next();
      break;
    }
    return make_case(scrutinee, std::move(branches), kw.loc);
  }

  TermP additive() {
    TermP left = multiplicative();
    ChainDepth chain(*this);
    while (is_symbol("+") || is_symbol("-")) {
      chain.add(peek().loc);
      Token op = next();
      TermP right = multiplicative();
      left = make_prim(op.text == "+" ? PrimOp::Add : PrimOp::Sub, {left, right}, op.loc);
    }
    return left;
  }

  TermP multiplicative() {
    TermP left = unary();
    ChainDepth chain(*this);
    while (is_symbol("*") || is_symbol("/")) {
      chain.add(peek().loc);
      Token op = next();
      TermP right = unary();
      left = make_prim(op.text == "*" ? PrimOp::Mul : PrimOp::Div, {left, right}, op.loc);
    }
    return left;
  }

  TermP unary() {
    if (is_symbol("-")) {
      Token op = next();
      Nest nest(*this);
      return make_prim(PrimOp::Neg, {unary()}, op.loc);
    }
    return application();
  }

  // Whether the current token can start an atom (an argument of an application).
  bool starts_atom() const {
    const Token& t = peek();
    switch (t.kind) {
      case TokenKind::Number: return true;
      case TokenKind::Ident: return !is_keyword(t.text) || t.text == "let" || t.text == "fun" ||
                                    t.text == "if" || t.text == "fold" || t.text == "unfold" ||
                                    t.text == "case";
      case TokenKind::Symbol: return t.text == "(" || t.text == "[";
      default: return false;
    }
  }

  TermP application() {
    const Token& t = peek();
    if (t.kind == TokenKind::Ident && (t.text == "fst" || t.text == "snd" || t.text == "roll" || t.text == "unroll")) {
      Token kw = next();
      Nest nest(*this);
      TermP operand = application();
      if (kw.text == "fst") return make_fst(operand, kw.loc);
      if (kw.text == "snd") return make_snd(operand, kw.loc);
      if (kw.text == "roll") return make_roll(operand, kw.loc);
      return make_unroll(operand, kw.loc);
    }
    if (t.kind == TokenKind::UpperName) {
      Token ctor = next();
      if (!starts_atom() && !is_word("fst") && !is_word("snd") && !is_word("roll") &&
          !is_word("unroll") && peek().kind != TokenKind::UpperName)
        return make_inject(ctor.text, make_unit(ctor.loc), ctor.loc);
      Nest nest(*this);
      return make_inject(ctor.text, application(), ctor.loc);
    }
    TermP head = atom();
    ChainDepth chain(*this);
    while (starts_atom()) {
      Loc loc = peek().loc;
      chain.add(loc);
      head = make_app(head, atom(), loc);
    }
    return head;
  }

  TermP atom() {  // its recursive cases go through expr(), which counts the nesting
    const Token& t = peek();
    if (t.kind == TokenKind::Number) {
      Token n = next();
      return make_literal(n.number, n.loc);
    }
    if (t.kind == TokenKind::Ident) {
      if (t.text == "let" || t.text == "fun" || t.text == "if" || t.text == "fold" ||
          t.text == "unfold" || t.text == "case")
        return expr();
      if (is_keyword(t.text)) fail("expected an expression");
      const std::optional<PrimOp> prim = primitive_named(t.text);
      // `sum(v)` (no space before the parenthesis) is the primitive; `sum xs` or `sum (xs)`
      // applies a variable of that name (the spec's example defines and applies `sum`), or,
      // where no such variable is bound, the primitive (the type checker's sugar, see
      // primitive_sugar.hpp). The rule is purely lexical so that every printed term reads back
      // the same in any scope.
      if (prim && is_symbol("(", 1) && !peek(1).space_before) return prim_call(*prim);
      Token name = next();
      return make_var(name.text, name.loc);
    }
    if (is_symbol("[")) return array_literal();
    if (is_symbol("(")) {
      Token open = next();
      if (is_symbol(")")) {
        next();
        return make_unit(open.loc);
      }
      TermP first = expr();
      if (is_symbol(":")) {
        next();
        TypeP annot = type();
        close_paren(open);
        return make_ascribe(first, annot, open.loc);
      }
      if (is_symbol(",")) {
        std::vector<TermP> items = {first};
        ChainDepth chain(*this);  // (a, b, c) nests as (a, (b, c))
        while (is_symbol(",")) {
          next();
          if (items.size() > 1) chain.add(peek().loc);
          items.push_back(expr());
        }
        close_paren(open);
        TermP tuple = items.back();
        for (std::size_t i = items.size() - 1; i-- > 0;)
          tuple = make_pair(items[i], tuple, i == 0 ? open.loc : items[i]->loc);
        return tuple;
      }
      close_paren(open);
      return first;
    }
    fail("expected an expression");
  }

  void close_paren(const Token& open) {
    if (!is_symbol(")"))
      fail("expected `)` to close `(` at " + std::to_string(open.loc.line) + ":" +
           std::to_string(open.loc.col));
    next();
  }

  TermP array_literal() {
    Token open = next();
    std::vector<TermP> elements;
    if (is_symbol("]")) {  // the empty list (list_literal.hpp); an array needs an element
      next();
      return make_empty_list_literal(open.loc);
    }
    while (true) {  // flat: a list literal of any length (the checker builds its rolls flat too)
      elements.push_back(expr());
      if (is_symbol(",")) {
        next();
        continue;
      }
      if (!is_symbol("]"))
        fail("expected `,` or `]` in the array opened at " + std::to_string(open.loc.line) + ":" +
             std::to_string(open.loc.col));
      next();
      break;
    }
    return make_array_literal(std::move(elements), open.loc);
  }

  TermP prim_call(PrimOp op) {
    Token name = next();
    Token open = next();  // (
    std::vector<TermP> args;
    int get_index = -1;
    while (true) {
      if (op == PrimOp::Get && args.size() == 1) {
        if (peek().kind != TokenKind::Number || !peek().integral)
          fail("expected an integer literal index as the second argument of `get`");
        get_index = int(std::min(next().number, 1e9));
        break;
      }
      args.push_back(expr());
      if (is_symbol(",")) {
        next();
        continue;
      }
      break;
    }
    if (!is_symbol(")"))
      fail("expected `,` or `)` in the call of `" + name.text + "` opened at " +
           std::to_string(open.loc.line) + ":" + std::to_string(open.loc.col));
    next();
    int arity = prim_arity(op);
    std::size_t given = args.size() + (op == PrimOp::Get ? 1 : 0);
    if (op == PrimOp::Get && get_index < 0)
      throw SourceError(name.loc, "`get` takes a vector and an integer index, e.g. get(v, 0)");
    if (arity >= 0 && int(given) != arity)
      throw SourceError(name.loc, "`" + name.text + "` takes " + std::to_string(arity) +
                                      " argument" + (arity == 1 ? "" : "s") + ", found " +
                                      std::to_string(given));
    return make_prim(op, std::move(args), name.loc, get_index);
  }

  std::vector<Token> tokens_;
  std::size_t pos_ = 0;
  std::string file_;
  std::map<std::string, TypeP> aliases_;
  std::vector<std::pair<std::string, std::string>> type_binders_;  // (mu|nu, var)
  int depth_ = 0;
  bool showing_arrow_ = false;  // reading a function type under mu / nu to report it whole
  int fresh_ = 0;
};


// The parser recurses once or twice per nesting level, and its frames are large (more so in
// unoptimised builds), so it runs on a stack of its own, sized for kMaxNesting levels; the
// caller's stack only has to hold the result's destruction.
constexpr std::size_t kParserStackBytes = std::size_t(1) << 30;  // reserved, committed lazily

template <typename Result, typename Work>
Result on_parser_stack(const Work& work) {
  Result result;
  run_with_deep_stack([&] { result = work(); }, kParserStackBytes);
  return result;
}

}  // namespace

Program parse_program(const std::string& text, const std::string& file) {
  return on_parser_stack<Program>([&] { return Parser(text, file, {}).program(); });
}

TermP parse_term(const std::string& text, const std::string& file,
                 const std::vector<TypeAlias>& aliases) {
  return on_parser_stack<TermP>([&] { return Parser(text, file, aliases).whole_term(); });
}

TypeP parse_type(const std::string& text, const std::string& file,
                 const std::vector<TypeAlias>& aliases) {
  return on_parser_stack<TypeP>([&] { return Parser(text, file, aliases).whole_type(); });
}

}  // namespace chad
