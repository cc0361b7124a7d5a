#include "model/normal_form.hpp"

#include <cctype>
#include <functional>

#include "model/scalar_list.hpp"
#include "model/second_order_scalar_list.hpp"
#include "model/tape_scalar_list.hpp"
#include "model/type_env.hpp"

namespace chad {

// ---- Index ---------------------------------------------------------------------------------

namespace {

// Arguments of a constructor or of `roll` need no parentheses: in the language, their operand
// is an application-level expression (`roll Cons (_, roll Nil ())`). The walk loops down the
// last child (the tail of a list), so its depth is the nesting away from that spine.
void print_index(const Index* index, std::string& out) {
  std::size_t closing = 0;
  for (;;) {
    switch (index->kind) {
      case Index::Kind::Reals: out += "_"; break;
      case Index::Kind::Unit: out += "()"; break;
      case Index::Kind::Pair:
        out += "(";
        print_index(&index->children[0], out);
        out += ", ";
        ++closing;
        index = &index->children[1];
        continue;
      case Index::Kind::Inject:
      case Index::Kind::Roll:
        out += index->kind == Index::Kind::Roll ? "roll " : index->ctor + " ";
        index = &index->children[0];
        continue;
    }
    break;
  }
  out.append(closing, ')');
}

}  // namespace

std::string Index::to_string() const {
  std::string out;
  print_index(this, out);
  return out;
}

int Index::dimension() const {
  int n = 0;
  std::vector<const Index*> pending{this};
  while (!pending.empty()) {
    const Index* index = pending.back();
    pending.pop_back();
    if (index->kind == Kind::Reals) n += index->reals;
    for (const Index& c : index->children) pending.push_back(&c);
  }
  return n;
}

bool Index::operator==(const Index& other) const {
  std::vector<std::pair<const Index*, const Index*>> pending{{this, &other}};
  while (!pending.empty()) {
    auto [a, b] = pending.back();
    pending.pop_back();
    if (a->kind != b->kind || a->reals != b->reals || a->tag != b->tag ||
        a->children.size() != b->children.size())
      return false;
    for (std::size_t i = 0; i < a->children.size(); ++i)
      pending.push_back({&a->children[i], &b->children[i]});
  }
  return true;
}

std::size_t IndexHash::operator()(const Index& index) const {
  return std::hash<std::string>()(index.to_string());
}

namespace {

// The walks below loop down the last child of each node (the tail of a list) and recurse only
// into the others, so a million-element list costs no native frames per element.

// A non-owning handle on a node of a type kept alive by its root (for messages).
TypeP borrowed(const Type* t) { return TypeP(TypeP{}, t); }

void set_node(Index* index, Index::Kind kind, std::size_t children, int reals = 0,
              int tag = -1, const std::string* ctor = nullptr) {
  index->kind = kind;
  index->reals = reals;
  index->tag = tag;
  if (ctor) index->ctor = *ctor;
  index->children.resize(children);
}

class IndexReader {
 public:
  explicit IndexReader(const std::string& text) : text_(text) {}

  void read(const Type* type, TypeEnv& env, Index* out) {
    const std::size_t mark = env.mark();
    std::size_t closing = 0;
    for (;;) {
      const Type* t = env.resolve(type);
      skip();
      switch (t->kind) {
        case TypeKind::Real:
          expect("_");
          set_node(out, Index::Kind::Reals, 0, t->real_count());
          break;
        case TypeKind::Unit:
          expect("()");
          set_node(out, Index::Kind::Unit, 0);
          break;
        case TypeKind::Prod:
          expect("(");
          set_node(out, Index::Kind::Pair, 2);
          read(t->left.get(), env, &out->children[0]);
          expect(",");
          ++closing;
          type = t->right.get();
          out = &out->children[1];
          continue;
        case TypeKind::Sum: {
          if (accept("(")) ++closing;
          std::string name = word();
          int tag = t->ctor_index(name);
          if (tag < 0) fail("a constructor of " + print_type(borrowed(t)));
          set_node(out, Index::Kind::Inject, 1, 0, tag, &name);
          type = t->ctors[tag].type.get();
          out = &out->children[0];
          continue;
        }
        case TypeKind::Mu:
          if (accept("(")) ++closing;
          if (word() != "roll") fail("`roll`");
          set_node(out, Index::Kind::Roll, 1);
          env.enter(t);
          type = t->body.get();
          out = &out->children[0];
          continue;
        default: fail("a data type (no functions or nu types have an index)");
      }
      break;
    }
    for (; closing > 0; --closing) expect(")");
    env.restore(mark);
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
  Index index;
  reader.read(type.get(), env, &index);
  reader.finish();
  return index;
}

// ---- normal form and rebuild ------------------------------------------------------------------

namespace {

template <class S>
void decompose(const Type* type, const Value<S>* v, TypeEnv& env, std::vector<S>& coords,
               Index* out) {
  const std::size_t mark = env.mark();
  for (;;) {
    const Type* t = env.resolve(type);
    switch (t->kind) {
      case TypeKind::Real:
        if (v->kind == ValueKind::Scalar) {
          coords.push_back(v->scalar);
        } else {
          CHAD_INTERNAL_ASSERT(v->kind == ValueKind::Array, "expected a real value");
          coords.insert(coords.end(), v->extra->data.begin(), v->extra->data.end());
        }
        set_node(out, Index::Kind::Reals, 0, t->real_count());
        break;
      case TypeKind::Unit: set_node(out, Index::Kind::Unit, 0); break;
      case TypeKind::Prod:
        CHAD_INTERNAL_ASSERT(v->kind == ValueKind::Pair, "expected a pair value");
        set_node(out, Index::Kind::Pair, 2);
        decompose(t->left.get(), v->first.get(), env, coords, &out->children[0]);
        type = t->right.get();
        v = v->second.get();
        out = &out->children[1];
        continue;
      case TypeKind::Sum:
        CHAD_INTERNAL_ASSERT(v->kind == ValueKind::Inject, "expected an injection value");
        set_node(out, Index::Kind::Inject, 1, 0, v->tag, &t->ctors[v->tag].name);
        type = t->ctors[v->tag].type.get();
        v = v->first.get();
        out = &out->children[0];
        continue;
      case TypeKind::Mu:
        CHAD_INTERNAL_ASSERT(v->kind == ValueKind::Roll, "expected a rolled value");
        set_node(out, Index::Kind::Roll, 1);
        env.enter(t);
        type = t->body.get();
        v = v->first.get();
        out = &out->children[0];
        continue;
      default: CHAD_INTERNAL_ASSERT(false, "normal_form of a value that is not of a data type");
    }
    break;
  }
  env.restore(mark);
}

// Fills *slot with the value that `index` and the coordinates from `next` on describe.
template <class S>
void assemble(const Type* type, const Index* index, const std::vector<S>& coords,
              std::size_t& next, TypeEnv& env, ValueP<S>* slot) {
  const std::size_t mark = env.mark();
  auto mismatch = [&](const Type* t) {
    throw SourceError(Loc{intern_file_name("<index>"), 0, 0},
                      "index `" + index->to_string() + "` does not describe a value of type `" +
                          print_type(borrowed(t)) + "`");
  };
  for (;;) {
    const Type* t = env.resolve(type);
    auto node = [&](Index::Kind kind, std::size_t children) {
      if (index->kind != kind || index->children.size() != children) mismatch(t);
      auto v = make_local<Value<S>>();
      return v;
    };
    switch (t->kind) {
      case TypeKind::Real: {
        if (index->kind != Index::Kind::Reals) mismatch(t);
        int n = t->real_count();
        CHAD_INTERNAL_ASSERT(next + n <= coords.size(), "too few coordinates for the index");
        if (t->shape.empty()) {
          *slot = scalar_value<S>(coords[next++]);
        } else {
          std::vector<S> data(coords.begin() + next, coords.begin() + next + n);
          next += n;
          *slot = array_value<S>(t->shape, std::move(data));
        }
        break;
      }
      case TypeKind::Unit:
        if (index->kind != Index::Kind::Unit) mismatch(t);
        *slot = unit_value<S>();
        break;
      case TypeKind::Prod: {
        auto v = node(Index::Kind::Pair, 2);
        v->kind = ValueKind::Pair;
        assemble(t->left.get(), &index->children[0], coords, next, env, &v->first);
        ValueP<S>* rest = &v->second;
        *slot = std::move(v);
        slot = rest;
        type = t->right.get();
        index = &index->children[1];
        continue;
      }
      case TypeKind::Sum: {
        auto v = node(Index::Kind::Inject, 1);
        if (index->tag < 0 || index->tag >= int(t->ctors.size())) mismatch(t);
        v->kind = ValueKind::Inject;
        v->tag = index->tag;
        ValueP<S>* rest = &v->first;
        *slot = std::move(v);
        slot = rest;
        type = t->ctors[index->tag].type.get();
        index = &index->children[0];
        continue;
      }
      case TypeKind::Mu: {
        auto v = node(Index::Kind::Roll, 1);
        v->kind = ValueKind::Roll;
        ValueP<S>* rest = &v->first;
        *slot = std::move(v);
        slot = rest;
        env.enter(t);
        type = t->body.get();
        index = &index->children[0];
        continue;
      }
      default: CHAD_INTERNAL_ASSERT(false, "rebuild of a type that is not a data type");
    }
    break;
  }
  env.restore(mark);
}

}  // namespace

template <class S>
NormalForm<S> normal_form(const TypeP& type, const ValueP<S>& value) {
  NormalForm<S> nf;
  TypeEnv env;
  decompose(type.get(), value.get(), env, nf.coords, &nf.index);
  return nf;
}

template <class S>
ValueP<S> rebuild(const TypeP& type, const Index& index, const std::vector<S>& coords) {
  CHAD_INTERNAL_ASSERT(int(coords.size()) == index.dimension(),
                       "rebuild: the number of coordinates does not match the index");
  std::size_t next = 0;
  TypeEnv env;
  ValueP<S> result;
  assemble(type.get(), &index, coords, next, env, &result);
  return result;
}

#define CHAD_INSTANTIATE_NORMAL_FORM(S)                                                 \
  template NormalForm<S> normal_form<S>(const TypeP&, const ValueP<S>&);                \
  template ValueP<S> rebuild<S>(const TypeP&, const Index&, const std::vector<S>&);
CHAD_FOR_EACH_SCALAR(CHAD_INSTANTIATE_NORMAL_FORM)
CHAD_FOR_EACH_SECOND_ORDER_SCALAR(CHAD_INSTANTIATE_NORMAL_FORM)
CHAD_FOR_EACH_TAPE_SCALAR(CHAD_INSTANTIATE_NORMAL_FORM)

}  // namespace chad
