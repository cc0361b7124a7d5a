#include "diagrams/foliation.hpp"

#include <random>
#include <string>

namespace chad::diagrams {

namespace {

Foliation foliate(const Diagram& d, std::mt19937_64* rng) {
  std::vector<long> producer(d.wire_types.size(), -1);
  for (std::size_t i = 0; i < d.nodes.size(); ++i)
    for (int w : d.nodes[i].outputs) producer[w] = static_cast<long>(i);
  std::vector<std::size_t> waiting(d.nodes.size(), 0);
  std::vector<std::vector<std::size_t>> successors(d.nodes.size());
  for (std::size_t i = 0; i < d.nodes.size(); ++i)
    for (int w : d.nodes[i].inputs)
      if (producer[w] >= 0) {
        ++waiting[i];
        successors[producer[w]].push_back(i);
      }
  std::vector<std::size_t> ready;
  for (std::size_t i = 0; i < d.nodes.size(); ++i)
    if (waiting[i] == 0) ready.push_back(i);
  Foliation f;
  while (!ready.empty()) {
    std::size_t pick = 0;
    if (rng) {
      pick = std::uniform_int_distribution<std::size_t>(0, ready.size() - 1)(*rng);
    } else {
      for (std::size_t k = 1; k < ready.size(); ++k)
        if (ready[k] < ready[pick]) pick = k;
    }
    std::size_t node = ready[pick];
    ready.erase(ready.begin() + static_cast<long>(pick));
    f.order.push_back(node);
    for (std::size_t s : successors[node])
      if (--waiting[s] == 0) ready.push_back(s);
    if (d.nodes[node].box) f.boxes[node] = foliate(*d.nodes[node].box, rng);
  }
  if (f.order.size() != d.nodes.size()) throw InternalError("diagram: a cycle, no foliation");
  return f;
}

}  // namespace

Foliation maximal_foliation(const Diagram& d) { return foliate(d, nullptr); }

Foliation random_foliation(const Diagram& d, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  return foliate(d, &rng);
}

std::string check_foliation(const Diagram& d, const Foliation& f) {
  if (f.order.size() != d.nodes.size()) return "foliation has the wrong number of leaves";
  std::vector<bool> available(d.wire_types.size(), false), done(d.nodes.size(), false);
  for (int w : d.inputs) available[w] = true;
  for (std::size_t node : f.order) {
    if (node >= d.nodes.size() || done[node]) return "leaf " + std::to_string(node) + " repeated";
    done[node] = true;
    for (int w : d.nodes[node].inputs)
      if (!available[w]) return "leaf " + std::to_string(node) + " before its input's producer";
    for (int w : d.nodes[node].outputs) available[w] = true;
    if (d.nodes[node].box) {
      auto it = f.boxes.find(node);
      if (it == f.boxes.end()) return "box " + std::to_string(node) + " has no foliation";
      std::string inner = check_foliation(*d.nodes[node].box, it->second);
      if (!inner.empty()) return inner;
    }
  }
  return "";
}

}  // namespace chad::diagrams
