#include "codegen/kernel_call.hpp"

#include "model/type_env.hpp"
#include "syntax/printer.hpp"

namespace chad {

std::vector<int> index_tags(const Index& index) {
  std::vector<int> tags;
  std::vector<const Index*> pending{&index};  // pre-order: children pushed last-first
  while (!pending.empty()) {
    const Index* node = pending.back();
    pending.pop_back();
    if (node->kind == Index::Kind::Inject) tags.push_back(node->tag);
    for (auto c = node->children.rbegin(); c != node->children.rend(); ++c) pending.push_back(&*c);
  }
  return tags;
}

namespace {

// Reads tags in pre-order alongside the type. Loops down the last child (a list's tail) and
// recurses into the others, as model/normal_form.cpp does, so long lists cost no native frames.
class TagReader {
 public:
  explicit TagReader(const std::vector<int>& tags) : tags_(tags) {}

  void read(const Type* type, TypeEnv& env, Index* out) {
    const std::size_t mark = env.mark();
    for (;;) {
      const Type* t = env.resolve(type);
      out->children.clear();
      switch (t->kind) {
        case TypeKind::Real:
          out->kind = Index::Kind::Reals;
          out->reals = t->real_count();
          break;
        case TypeKind::Unit: out->kind = Index::Kind::Unit; break;
        case TypeKind::Prod:
          out->kind = Index::Kind::Pair;
          out->children.resize(2);
          read(t->left.get(), env, &out->children[0]);
          type = t->right.get();
          out = &out->children[1];
          continue;
        case TypeKind::Sum: {
          if (next_ >= tags_.size()) fail("too few tags: " + std::to_string(tags_.size()));
          const int tag = tags_[next_++];
          if (tag < 0 || tag >= int(t->ctors.size()))
            fail("tag " + std::to_string(tag) + " (tag number " + std::to_string(next_ - 1) + ") is out of range for " +
                 std::to_string(t->ctors.size()) + " constructors");
          out->kind = Index::Kind::Inject;
          out->tag = tag;
          out->ctor = t->ctors[tag].name;
          out->children.resize(1);
          type = t->ctors[tag].type.get();
          out = &out->children[0];
          continue;
        }
        case TypeKind::Mu:
          out->kind = Index::Kind::Roll;
          out->children.resize(1);
          env.enter(t);
          type = t->body.get();
          out = &out->children[0];
          continue;
        default: fail("the type is not a data type (functions and nu types have no index)");
      }
      break;
    }
    env.restore(mark);
  }

  void finish() const {
    if (next_ != tags_.size())
      fail("too many tags: " + std::to_string(tags_.size()) + ", the value ends after " + std::to_string(next_));
  }

 private:
  [[noreturn]] void fail(const std::string& reason) const {
    throw KernelFault("the output's index tags do not describe a value of its type: " + reason);
  }
  const std::vector<int>& tags_;
  std::size_t next_ = 0;
};

struct Collected {
  std::vector<int> tags;
  bool index_written = false;
  std::vector<std::vector<double>> vectors;
};

void collect_index(void* context, const int* tags, std::size_t count) {
  auto* c = static_cast<Collected*>(context);
  c->tags.assign(tags, tags + count);
  c->index_written = true;
}

void collect_vector(void* context, const double* coords, std::size_t count) {
  static_cast<Collected*>(context)->vectors.emplace_back(coords, coords + count);
}

// The first primitive named in the kernel's message (`log` in "domain error: `log` applied to
// 0"), or "a primitive".
std::string primitive_in(const std::string& message) {
  const std::size_t open = message.find('`');
  const std::size_t close = open == std::string::npos ? open : message.find('`', open + 1);
  if (close == std::string::npos) return "a primitive";
  return message.substr(open + 1, close - open - 1);
}

}  // namespace

Index index_from_tags(const TypeP& data_type, const std::vector<int>& tags) {
  TagReader reader(tags);
  TypeEnv env;
  Index index;
  reader.read(data_type.get(), env, &index);
  reader.finish();
  return index;
}

KernelResult call_kernel(const KernelFunction& kernel, KernelMode mode, const TypeP& output_type,
                         const NormalForm<double>& input, const double* seeds, std::size_t seed_count) {
  const std::vector<int> input_tags = index_tags(input.index);
  Collected collected;
  chad_kernel_call call{};
  call.input_tags = input_tags.data();
  call.input_tag_count = input_tags.size();
  call.input = input.coords.data();
  call.input_dimension = input.coords.size();
  call.seeds = seeds;
  call.seed_count = seeds ? seed_count : 0;
  call.sink = chad_kernel_sink{&collected, &collect_index, &collect_vector};
  call.message[0] = '\0';
  const int code = kernel(&call);
  call.message[sizeof call.message - 1] = '\0';
  const std::string message = call.message;
  switch (code) {
    case CHAD_KERNEL_OK: break;
    case CHAD_KERNEL_DOMAIN_ERROR:
      throw DomainError(Loc{intern_file_name("<kernel " + kernel.name + ">")}, primitive_in(message),
                        "a value outside its domain (the kernel says: " + message + ")", false);
    case CHAD_KERNEL_FAULT: throw KernelFault(message.empty() ? "an internal fault" : message);
    case CHAD_KERNEL_BAD_INPUT:
      throw KernelFault("the kernel rejects the input `" + input.index.to_string() + "`: " + message);
    default: throw KernelFault("unknown return code " + std::to_string(code) + ": " + message);
  }
  if (!collected.index_written) throw KernelFault("the kernel wrote no output index");
  KernelResult result;
  result.output_index = index_from_tags(output_type, collected.tags);
  const std::size_t n = input.coords.size(), m = std::size_t(result.output_index.dimension());
  const std::size_t per_seed = mode == KernelMode::Forward ? m : n;
  const std::size_t seeds_expected =
      mode == KernelMode::Primal ? 0 : seeds ? seed_count : mode == KernelMode::Forward ? n : m;
  if (collected.vectors.size() != 1 + seeds_expected)
    throw KernelFault("the kernel wrote " + std::to_string(collected.vectors.size()) + " vectors, expected " +
                      std::to_string(1 + seeds_expected));
  if (collected.vectors[0].size() != m)
    throw KernelFault("the primal output has " + std::to_string(collected.vectors[0].size()) +
                      " coordinates, its index `" + result.output_index.to_string() + "` " + std::to_string(m));
  for (std::size_t k = 1; k < collected.vectors.size(); ++k)
    if (collected.vectors[k].size() != per_seed)
      throw KernelFault(std::string(mode == KernelMode::Forward ? "output tangent " : "input cotangent ") +
                        std::to_string(k - 1) + " has " + std::to_string(collected.vectors[k].size()) +
                        " coordinates, expected " + std::to_string(per_seed));
  result.output = std::move(collected.vectors[0]);
  result.vectors.assign(std::make_move_iterator(collected.vectors.begin() + 1),
                        std::make_move_iterator(collected.vectors.end()));
  return result;
}

}  // namespace chad
