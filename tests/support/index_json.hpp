// Test support: an index (model/normal_form.hpp) as the JSON of the adapter protocol
// (docs/adapter-protocol.md, "Index (the discrete shape), as JSON").
#pragma once
#include <nlohmann/json.hpp>

#include "model/normal_form.hpp"

namespace chad::testing {

inline nlohmann::json index_json(const Index& index) {
  using nlohmann::json;
  switch (index.kind) {
    case Index::Kind::Reals: return json{{"reals", index.reals}};
    case Index::Kind::Unit: return json{{"unit", true}};
    case Index::Kind::Pair:
      return json{{"pair", json::array({index_json(index.children[0]), index_json(index.children[1])})}};
    case Index::Kind::Inject:
      return json{{"inject", {{"ctor", index.ctor}, {"tag", index.tag}, {"of", index_json(index.children[0])}}}};
    case Index::Kind::Roll: return json{{"roll", index_json(index.children[0])}};
  }
  return json();
}

}  // namespace chad::testing
