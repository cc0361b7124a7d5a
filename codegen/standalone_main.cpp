#include "codegen/standalone_main.hpp"

#include "syntax/location.hpp"

namespace chad {
namespace {

// Type-directed readers of value text into normal-form tags and coordinates (chad_rt::TextReader
// reads the tokens; chad_rt::OutputWriter collects). One function per type, by print_type.
class TextParsers {
 public:
  std::string parser(const TypeP& t);
  std::string text() const { return declarations_ + "\n" + definitions_; }

 private:
  std::string tuple_items(const TypeP& t);
  std::vector<std::pair<std::string, std::string>> names_;
  std::string declarations_, definitions_;
  std::size_t next_ = 0;

  std::string named(const std::string& key, const std::function<std::string(const std::string&)>& body) {
    for (const auto& [k, n] : names_)
      if (k == key) return n;
    std::string name = "parse_" + std::to_string(next_++);
    names_.emplace_back(key, name);
    const std::string signature = "inline void " + name + "(chad_rt::TextReader& r, chad_rt::OutputWriter& w)";
    declarations_ += signature + ";\n";
    std::string b = body(name);
    definitions_ += signature + " {\n" + b + "}\n";
    return name;
  }
};

// A list type: mu l. < A : unit | B : t * l > (either order) or < Last : t | Cons : t * l >.
struct ListShape {
  bool list = false, non_empty = false;
  int end = -1, cons = -1;
  TypeP element;
};

ListShape list_shape(const TypeP& mu) {
  ListShape s;
  const TypeP& body = mu->body;
  if (body->kind != TypeKind::Sum || body->ctors.size() != 2) return s;
  for (int i = 0; i < 2; ++i) {
    const TypeP& c = body->ctors[std::size_t(i)].type;
    const TypeP& other = body->ctors[std::size_t(1 - i)].type;
    if (c->kind == TypeKind::Prod && c->right->kind == TypeKind::Var && c->right->var == mu->var &&
        !occurs_free(c->left, mu->var)) {
      if (other->kind == TypeKind::Unit) {
        s = {true, false, 1 - i, i, c->left};
      } else if (type_equal(other, c->left)) {
        s = {true, true, 1 - i, i, c->left};
      }
    }
  }
  return s;
}

}  // namespace

std::string TextParsers::tuple_items(const TypeP& t) {
  return named("items " + print_type(t), [&](const std::string&) {
    std::string s;
    s += "  " + parser(t->left) + "(r, w);\n  r.expect(',');\n";
    if (t->right->kind != TypeKind::Prod) return s + "  " + parser(t->right) + "(r, w);\n";
    // (a, b, c) = (a, (b, c)): try the rest as one value, else as more items.
    s += "  const std::size_t at = r.save(), tags = w.tags.size(), coords = w.coords.size();\n";
    s += "  try {\n    " + parser(t->right) + "(r, w);\n    if (r.peek(')')) return;\n  } catch (const chad_rt::BadInput&) {\n  }\n";
    s += "  r.restore(at);\n  w.tags.resize(tags);\n  w.coords.resize(coords);\n";
    return s + "  " + tuple_items(t->right) + "(r, w);\n";
  });
}

std::string TextParsers::parser(const TypeP& t) {
  return named(print_type(t), [&](const std::string& self) {
    switch (t->kind) {
      case TypeKind::Real: {
        if (t->shape.empty()) return std::string("  w.real(r.number());\n");
        // Nested brackets, row-major.
        std::string s;
        std::function<void(std::size_t, int)> rank = [&](std::size_t d, int depth) {
          std::string pad(std::size_t(2 + 2 * depth), ' ');
          s += pad + "r.expect('[');\n";
          s += pad + "for (int i" + std::to_string(d) + " = 0; i" + std::to_string(d) + " < " +
               std::to_string(t->shape[d]) + "; ++i" + std::to_string(d) + ") {\n";
          s += pad + "  if (i" + std::to_string(d) + " > 0) r.expect(',');\n";
          if (d + 1 == t->shape.size()) s += pad + "  w.real(r.number());\n";
          else rank(d + 1, depth + 1);
          s += pad + "}\n" + pad + "r.expect(']');\n";
        };
        rank(0, 0);
        return s;
      }
      case TypeKind::Unit: return std::string("  r.expect('(');\n  r.expect(')');\n");
      case TypeKind::Prod:
        return "  r.expect('(');\n  " + tuple_items(t) + "(r, w);\n  r.expect(')');\n";
      case TypeKind::Sum: {
        std::string s = "  const std::string c = r.identifier();\n";
        for (std::size_t i = 0; i < t->ctors.size(); ++i) {
          const auto& ctor = t->ctors[i];
          s += "  if (c == \"" + ctor.name + "\") {\n    w.tag(" + std::to_string(i) + ");\n";
          if (ctor.type->kind == TypeKind::Unit)
            s += "    if (r.peek('(')) " + parser(ctor.type) + "(r, w);\n";
          else
            s += "    " + parser(ctor.type) + "(r, w);\n";
          s += "    return;\n  }\n";
        }
        return s + "  r.fail(\"a constructor of " + print_type(t) + "\");\n";
      }
      case TypeKind::Mu: {
        std::string s = "  if (r.accept_word(\"roll\")) {\n    " + parser(unroll_type(t)) + "(r, w);\n    return;\n  }\n";
        ListShape list = list_shape(t);
        if (!list.list) return s + "  r.fail(\"`roll`\");\n";
        // [e1, ..., en]: Cons e1 (... (Cons en Nil)), or ending in Last en for a non-empty list.
        s += "  r.expect('[');\n  std::size_t n = 0;\n  if (!r.peek(']')) {\n    do {\n";
        if (list.non_empty) {
          s += "      const std::size_t at = w.tags.size();\n      w.tag(" + std::to_string(list.cons) + ");\n";
          s += "      " + parser(list.element) + "(r, w);\n      ++n;\n";
          s += "      if (r.peek(']')) w.tags[at] = " + std::to_string(list.end) + ";\n";
        } else {
          s += "      w.tag(" + std::to_string(list.cons) + ");\n      " + parser(list.element) + "(r, w);\n      ++n;\n";
        }
        s += "    } while (r.accept(','));\n  }\n  r.expect(']');\n";
        if (list.non_empty) s += "  if (n == 0) r.fail(\"a non-empty list\");\n";
        else s += "  w.tag(" + std::to_string(list.end) + ");\n";
        (void)self;
        return s;
      }
      default: CHAD_INTERNAL_ASSERT(false, "codegen: reading text of the non-data type " + print_type(t));
    }
  });
}

std::string standalone_main(const TypeP& input_type, const KernelOptions& options) {
  TextParsers parsers;
  const std::string parse_input = parsers.parser(input_type);
  std::string s = "\n#ifndef CHAD_KERNEL_NO_MAIN\n#include <cstdio>\n#include <fstream>\n#include <iostream>\n"
                  "#include <sstream>\n\nnamespace " + options.name + "_main {\n" + parsers.text() + "}  // namespace\n\n";
  s += R"(static void print_vector(const double* v, std::size_t n) {
  std::printf("[");
  for (std::size_t i = 0; i < n; ++i) std::printf("%s%.17g", i ? ", " : "", v[i]);
  std::printf("]");
}

// Usage: kernel --at VALUE | --at @FILE | --at -   (prints JSON; exit 0 ok, 2 bad input,
// 3 domain error, 4 internal fault).
int main(int argc, char** argv) {
  std::string text;
  bool have = false;
  for (int i = 1; i + 1 < argc; ++i)
    if (std::string(argv[i]) == "--at") {
      text = argv[i + 1];
      have = true;
    }
  if (!have) {
    std::fprintf(stderr, "usage: %s --at VALUE (or @FILE, or - for standard input)\n", argv[0]);
    return 2;
  }
  if (text == "-" || (!text.empty() && text[0] == '@')) {
    std::stringstream buffer;
    if (text == "-") {
      buffer << std::cin.rdbuf();
    } else {
      std::ifstream file(text.substr(1));
      if (!file) {
        std::fprintf(stderr, "error: cannot read %s\n", text.substr(1).c_str());
        return 2;
      }
      buffer << file.rdbuf();
    }
    text = buffer.str();
  }
  chad_rt::OutputWriter input;
  try {
    chad_rt::TextReader reader(text);
)";
  s += "    " + options.name + "_main::" + parse_input + "(reader, input);\n";
  s += R"(    reader.finish();
  } catch (const chad_rt::BadInput& e) {
    std::fprintf(stderr, "error: --at: %s\n", e.what());
    return 2;
  }
  struct Collected {
    std::vector<int> tags;
    std::vector<std::vector<double>> vectors;
  } out;
  chad_kernel_call call{};
  call.input_tags = input.tags.data();
  call.input_tag_count = input.tags.size();
  call.input = input.coords.data();
  call.input_dimension = input.coords.size();
  call.sink.context = &out;
  call.sink.index = [](void* c, const int* t, std::size_t n) { static_cast<Collected*>(c)->tags.assign(t, t + n); };
  call.sink.vector = [](void* c, const double* v, std::size_t n) {
    static_cast<Collected*>(c)->vectors.emplace_back(v, v + n);
  };
)";
  s += "  const int rc = " + options.name + "(&call);\n";
  s += R"(  if (rc != CHAD_KERNEL_OK) {
    std::fprintf(stderr, "error: %s\n", call.message);
    return rc == CHAD_KERNEL_DOMAIN_ERROR ? 3 : rc == CHAD_KERNEL_BAD_INPUT ? 2 : 4;
  }
  std::printf("{\"output_tags\": [");
  for (std::size_t i = 0; i < out.tags.size(); ++i) std::printf("%s%d", i ? ", " : "", out.tags[i]);
  std::printf("], \"output\": ");
  print_vector(out.vectors[0].data(), out.vectors[0].size());
)";
  if (options.mode != KernelMode::Primal) {
    s += std::string("  std::printf(\", \\\"") + (options.mode == KernelMode::Forward ? "jacobian_columns" : "jacobian_rows") +
         "\\\": [\");\n";
    s += R"(  for (std::size_t k = 1; k < out.vectors.size(); ++k) {
    if (k > 1) std::printf(", ");
    print_vector(out.vectors[k].data(), out.vectors[k].size());
  }
  std::printf("]");
)";
  }
  s += "  std::printf(\"}\\n\");\n  return 0;\n}\n#endif\n";
  return s;
}

}  // namespace chad
