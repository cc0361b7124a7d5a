#include "model/normal_form.hpp"

#include <cctype>
#include <functional>

#include "model/scalar_list.hpp"
#include "model/type_env.hpp"

namespace chad {

// ---- Index ---------------------------------------------------------------------------------

namespace {

// Arguments of a constructor or of `roll` need no parentheses: in the language, their operand
// is an application-level expression (`roll Cons (_, roll Nil ())`).
void print_index(const Index& index, std::string& out) {
  switch (index.kind) {
    case Index::Kind::Reals: out += "_"; return;
    case Index::Kind::Unit: out += "()"; return;
    case Index::Kind::Pair:
      out += "(";
      print_index(index.children[0], out);
      out += ", ";
      print_index(index.children[1], out);
      out += ")";
      return;
    case Index::Kind::Inject:
    case Index::Kind::Roll:
      out += index.kind == Index::Kind::Roll ? "roll " : index.ctor + " ";
      print_index(index.children[0], out);
      return;
  }
}

}  // namespace

std::string Index::to_string() const {
  std::string out;
  print_index(*this, out);
  return out;
}

int Index::dimension() const {
  int n = kind == Kind::Reals ? reals : 0;
  for (const Index& c : children) n += c.dimension();
  return n;
}

bool Index::operator==(const Index& other) const {
  return kind == other.kind && reals == other.reals && tag == other.tag &&
         children == other.children;
}

std::size_t IndexHash::operator()(const Index& index) const {
  return std::hash<std::string>()(index.to_string());
}

namespace {

// Builds an index node, moving (never copying) its children: indices of long lists are deep,
// and copying a child at every level would cost time quadratic in the length.
Index index_node(Index::Kind kind, int reals = 0, int tag = -1, std::string ctor = "") {
  Index index;
  index.kind = kind;
  index.reals = reals;
  index.tag = tag;
  index.ctor = std::move(ctor);
  return index;
}
Index with_child(Index parent, Index child) {
  parent.children.push_back(std::move(child));
  return parent;
}
Index with_children(Index parent, Index first, Index second) {
  parent.children.reserve(2);
  parent.children.push_back(std::move(first));
  parent.children.push_back(std::move(second));
  return parent;
}

class IndexReader {
 public:
  explicit IndexReader(const std::string& text) : text_(text) {}

  Index read(const TypeP& type, TypeEnv& env) {
    TypeP t = env.resolve(type);
    skip();
    switch (t->kind) {
      case TypeKind::Real:
        expect("_");
        return index_node(Index::Kind::Reals, t->real_count());
      case TypeKind::Unit:
        expect("()");
        return index_node(Index::Kind::Unit);
      case TypeKind::Prod: {
        expect("(");
        Index a = read(t->left, env);
        expect(",");
        Index b = read(t->right, env);
        expect(")");
        return with_children(index_node(Index::Kind::Pair), std::move(a), std::move(b));
      }
      case TypeKind::Sum: {
        bool wrapped = accept("(");
        std::string name = word();
        int tag = t->ctor_index(name);
        if (tag < 0) fail("a constructor of " + print_type(t));
        Index child = read(t->ctors[tag].type, env);
        if (wrapped) expect(")");
        return with_child(index_node(Index::Kind::Inject, 0, tag, name), std::move(child));
      }
      case TypeKind::Mu: {
        bool wrapped = accept("(");
        if (word() != "roll") fail("`roll`");
        env.enter(t);
        Index child = read(t->body, env);
        env.leave();
        if (wrapped) expect(")");
        return with_child(index_node(Index::Kind::Roll), std::move(child));
      }
      default: fail("a data type (no functions or nu types have an index)");
    }
  }

  void finish() {
    skip();
    if (pos_ != text_.size()) fail("end of the index");
  }

 private:
  void skip() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  bool accept(const std::string& s) {
    skip();
    if (text_.compare(pos_, s.size(), s) != 0) return false;
    pos_ += s.size();
    return true;
  }
  void expect(const std::string& s) {
    if (s == "()") {  // allow "( )"
      if (accept("(") && accept(")")) return;
      fail("`()`");
    }
    if (!accept(s)) fail("`" + s + "`");
  }
  std::string word() {
    skip();
    std::size_t start = pos_;
    while (pos_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[pos_])) ||
                                   text_[pos_] == '_' || text_[pos_] == '\''))
      ++pos_;
    return text_.substr(start, pos_ - start);
  }
  [[noreturn]] void fail(const std::string& expected) const {
    throw SourceError(Loc{intern_file_name("<index>"), 1, int(pos_) + 1},
                      "bad index: expected " + expected + " at `" + text_.substr(pos_, 20) + "`");
  }

  const std::string& text_;
  std::size_t pos_ = 0;
};

}  // namespace

Index parse_index(const TypeP& type, const std::string& text) {
  IndexReader reader(text);
  TypeEnv env;
  Index index = reader.read(type, env);
  reader.finish();
  return index;
}

// ---- normal form and rebuild ------------------------------------------------------------------

namespace {

template <class S>
Index decompose(const TypeP& type, const Value<S>& v, TypeEnv& env, std::vector<S>& coords) {
  TypeP t = env.resolve(type);
  switch (t->kind) {
    case TypeKind::Real:
      if (v.kind == ValueKind::Scalar) {
        coords.push_back(v.scalar);
      } else {
        CHAD_INTERNAL_ASSERT(v.kind == ValueKind::Array, "expected a real value");
        coords.insert(coords.end(), v.extra->data.begin(), v.extra->data.end());
      }
      return index_node(Index::Kind::Reals, t->real_count());
    case TypeKind::Unit: return index_node(Index::Kind::Unit);
    case TypeKind::Prod: {
      CHAD_INTERNAL_ASSERT(v.kind == ValueKind::Pair, "expected a pair value");
      Index a = decompose(t->left, *v.first, env, coords);
      Index b = decompose(t->right, *v.second, env, coords);
      return with_children(index_node(Index::Kind::Pair), std::move(a), std::move(b));
    }
    case TypeKind::Sum: {
      CHAD_INTERNAL_ASSERT(v.kind == ValueKind::Inject, "expected an injection value");
      Index child = decompose(t->ctors[v.tag].type, *v.first, env, coords);
      return with_child(index_node(Index::Kind::Inject, 0, v.tag, t->ctors[v.tag].name), std::move(child));
    }
    case TypeKind::Mu: {
      CHAD_INTERNAL_ASSERT(v.kind == ValueKind::Roll, "expected a rolled value");
      env.enter(t);
      Index child = decompose(t->body, *v.first, env, coords);
      env.leave();
      return with_child(index_node(Index::Kind::Roll), std::move(child));
    }
    default: break;
  }
  CHAD_INTERNAL_ASSERT(false, "normal_form of a value that is not of a data type");
}

template <class S>
ValueP<S> assemble(const TypeP& type, const Index& index, const std::vector<S>& coords,
                   std::size_t& next, TypeEnv& env) {
  TypeP t = env.resolve(type);
  auto mismatch = [&] {
    throw SourceError(Loc{intern_file_name("<index>"), 0, 0},
                      "index `" + index.to_string() + "` does not describe a value of type `" +
                          print_type(t) + "`");
  };
  switch (t->kind) {
    case TypeKind::Real: {
      if (index.kind != Index::Kind::Reals) mismatch();
      int n = t->real_count();
      CHAD_INTERNAL_ASSERT(next + n <= coords.size(), "too few coordinates for the index");
      if (t->shape.empty()) return scalar_value<S>(coords[next++]);
      std::vector<S> data(coords.begin() + next, coords.begin() + next + n);
      next += n;
      return array_value<S>(t->shape, std::move(data));
    }
    case TypeKind::Unit:
      if (index.kind != Index::Kind::Unit) mismatch();
      return unit_value<S>();
    case TypeKind::Prod: {
      if (index.kind != Index::Kind::Pair) mismatch();
      ValueP<S> a = assemble(t->left, index.children[0], coords, next, env);
      ValueP<S> b = assemble(t->right, index.children[1], coords, next, env);
      return pair_value<S>(std::move(a), std::move(b));
    }
    case TypeKind::Sum:
      if (index.kind != Index::Kind::Inject || index.tag < 0 ||
          index.tag >= int(t->ctors.size()))
        mismatch();
      return inject_value<S>(index.tag,
                             assemble(t->ctors[index.tag].type, index.children[0], coords, next, env));
    case TypeKind::Mu: {
      if (index.kind != Index::Kind::Roll) mismatch();
      env.enter(t);
      ValueP<S> payload = assemble(t->body, index.children[0], coords, next, env);
      env.leave();
      return roll_value<S>(std::move(payload));
    }
    default: break;
  }
  CHAD_INTERNAL_ASSERT(false, "rebuild of a type that is not a data type");
}

}  // namespace

template <class S>
NormalForm<S> normal_form(const TypeP& type, const ValueP<S>& value) {
  NormalForm<S> nf;
  TypeEnv env;
  nf.index = decompose(type, *value, env, nf.coords);
  return nf;
}

template <class S>
ValueP<S> rebuild(const TypeP& type, const Index& index, const std::vector<S>& coords) {
  CHAD_INTERNAL_ASSERT(int(coords.size()) == index.dimension(),
                       "rebuild: the number of coordinates does not match the index");
  std::size_t next = 0;
  TypeEnv env;
  return assemble(type, index, coords, next, env);
}

#define CHAD_INSTANTIATE_NORMAL_FORM(S)                                                 \
  template NormalForm<S> normal_form<S>(const TypeP&, const ValueP<S>&);                \
  template ValueP<S> rebuild<S>(const TypeP&, const Index&, const std::vector<S>&);
CHAD_FOR_EACH_SCALAR(CHAD_INSTANTIATE_NORMAL_FORM)

}  // namespace chad
