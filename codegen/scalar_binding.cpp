#include "codegen/scalar_binding.hpp"

#include <cctype>
#include <set>

#include "syntax/location.hpp"

namespace chad {
namespace {

bool identifier_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The identifier that ends just before `end` in `text` ("" if none).
std::string identifier_before(const std::string& text, std::size_t end) {
  std::size_t start = end;
  while (start > 0 && identifier_char(text[start - 1])) --start;
  return text.substr(start, end - start);
}

// The identifier starting at `start`.
std::string identifier_at(const std::string& text, std::size_t start) {
  std::size_t end = start;
  while (end < text.size() && identifier_char(text[end])) ++end;
  return text.substr(start, end - start);
}

// The name a declaration starting at `at` declares: `struct NAME`, `using NAME =`, or a function's,
// the identifier before its first parenthesis.
std::string declared_name(const std::string& text, std::size_t at) {
  for (const std::string keyword : {"struct ", "using "})
    if (text.compare(at, keyword.size(), keyword) == 0) return identifier_at(text, at + keyword.size());
  const std::size_t paren = text.find('(', at);
  if (paren == std::string::npos) throw InternalError("binding a kernel's scalar: a template declares nothing");
  return identifier_before(text, paren);
}

}  // namespace

std::string bind_scalar_to_double(const std::string& unit, const std::string& code_namespace) {
  static const std::string header = "template <class S";
  // Pass 1: the declarations, their template headers rewritten, their names collected.
  std::set<std::string> declared;
  std::string plain;
  plain.reserve(unit.size());
  std::size_t from = 0;
  for (std::size_t at = unit.find(header); at != std::string::npos; at = unit.find(header, from)) {
    plain.append(unit, from, at - from);
    const std::size_t close = unit.find('>', at);
    if (close == std::string::npos) throw InternalError("binding a kernel's scalar: an unclosed template header");
    std::size_t next = close + 1;
    if (at + header.size() == close) {  // `template <class S>`: gone, with the space or newline after it
      if (next < unit.size() && (unit[next] == ' ' || unit[next] == '\n')) ++next;
    } else if (unit.compare(at + header.size(), 2, ", ") == 0) {  // `template <class S, class F0>`
      plain += "template <" + unit.substr(at + header.size() + 2, close - at - header.size() - 2) + ">";
    } else {  // another parameter named S... (`class Seed`): not the scalar's
      plain.append(unit, at, next - at);
      from = next;
      continue;
    }
    std::size_t declaration = next;
    while (declaration < unit.size() && std::isspace(static_cast<unsigned char>(unit[declaration]))) ++declaration;
    declared.insert(declared_name(unit, declaration));
    from = next;
  }
  plain.append(unit, from, std::string::npos);

  // Pass 2: `NAME<S>` of a declared name is `NAME`.
  std::string out;
  out.reserve(plain.size());
  from = 0;
  for (std::size_t at = plain.find("<S>"); at != std::string::npos; at = plain.find("<S>", at + 3)) {
    if (!declared.count(identifier_before(plain, at))) continue;
    out.append(plain, from, at - from);
    from = at + 3;
  }
  out.append(plain, from, std::string::npos);

  const std::string opening = "namespace " + code_namespace + " {\n";
  const std::size_t open = out.find(opening);
  if (open == std::string::npos) throw InternalError("binding a kernel's scalar: no namespace " + code_namespace);
  out.insert(open + opening.size(), "using S = double;  // the kernel's scalar (codegen/scalar_binding.hpp)\n");
  return out;
}

}  // namespace chad
