#include "references/coordinate_selection.hpp"

#include <algorithm>
#include <cctype>

#include "syntax/location.hpp"

namespace chad {
namespace {

Loc at(const std::string& option, std::size_t offset) {
  return Loc{intern_file_name("<" + option + ">"), 1, int(offset) + 1};
}

// The number at text[pos...], advancing pos.
std::size_t number(const std::string& text, std::size_t& pos, const std::string& option) {
  const std::size_t start = pos;
  std::size_t value = 0;
  constexpr std::size_t kLargest = 1000000000;  // a selection is expanded: keep it in memory
  while (pos < text.size() && std::isdigit(static_cast<unsigned char>(text[pos]))) {
    value = value * 10 + std::size_t(text[pos++] - '0');
    if (value > kLargest)
      throw SourceError(at(option, start), "coordinate larger than " + std::to_string(kLargest));
  }
  if (pos == start)
    throw SourceError(at(option, start), "expected a coordinate (a number, or a range a:b) in `" + text + "`");
  return value;
}

}  // namespace

std::vector<std::size_t> parse_coordinate_selection(const std::string& text, const std::string& option) {
  std::vector<std::size_t> out;
  std::size_t pos = 0;
  while (true) {
    const std::size_t start = pos;
    const std::size_t first = number(text, pos, option);
    if (pos < text.size() && text[pos] == ':') {
      ++pos;
      const std::size_t end = number(text, pos, option);
      if (end <= first)
        throw SourceError(at(option, start), "the range " + std::to_string(first) + ":" + std::to_string(end) +
                                                 " is empty (a:b selects a <= k < b)");
      for (std::size_t k = first; k < end; ++k) out.push_back(k);
    } else {
      out.push_back(first);
    }
    if (pos == text.size()) break;
    if (text[pos] != ',') throw SourceError(at(option, pos), "expected `,` between coordinates in `" + text + "`");
    ++pos;
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

void require_selection_within(const std::vector<std::size_t>& selection, std::size_t count,
                              const std::string& option, const std::string& what) {
  if (!selection.empty() && selection.back() >= count)
    throw SourceError(at(option, 0), "selects " + what + " " + std::to_string(selection.back()) + ", but there are " +
                                         std::to_string(count) + " (numbered from 0)");
}

}  // namespace chad
