#include "campaigns/sizes_text.hpp"

#include <sstream>

#include "campaigns/command_line_location.hpp"
#include "syntax/location.hpp"

namespace chad {

std::vector<std::size_t> parse_sizes_option(const std::string& option, const std::string& text,
                                            std::size_t at_least, bool increasing, const Loc& where) {
  std::vector<std::size_t> sizes;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) {
    std::size_t used = 0;
    long long n = 0;
    try {
      n = std::stoll(item, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used == 0 || used != item.size())
      throw SourceError(where, option + ": `" + item + "` is not a whole number (give sizes like 100,400,1600)");
    if (n < 1) throw SourceError(where, option + ": a size must be at least 1, not " + item);
    if (increasing && !sizes.empty() && std::size_t(n) <= sizes.back())
      throw SourceError(where, option + ": the sizes must increase (" + text + ")");
    sizes.push_back(std::size_t(n));
  }
  if (sizes.size() < at_least)
    throw SourceError(where, option + ": give at least " + std::to_string(at_least) +
                                              " sizes, to fit a growth exponent");
  bool all_equal = true;
  for (std::size_t n : sizes) all_equal = all_equal && n == sizes.front();
  if (all_equal) throw SourceError(where, option + ": the sizes must not all be equal");
  return sizes;
}

}  // namespace chad
