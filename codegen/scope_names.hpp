// The C++ names of the variables in scope while emitting (de Bruijn: index 0 is the innermost),
// as a persistent stack: copying one is O(1), and a copy is unchanged by later pushes and pops
// of the original. A linear function kept symbolic to be inlined later keeps a copy of the scope
// it was made in; with a plain vector that copy was as long as the scope, and a chain of n lets
// made n of them (6,000 lets: 5.4 GB). Pushes share one pool of nodes, each with a parent and a
// jump pointer (Myers's random-access lists), so a lookup at depth i walks O(log i) nodes.
#pragma once
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace chad {

class ScopeNames {
 public:
  ScopeNames() : pool_(std::make_shared<std::vector<Node>>()) {}

  void push(std::string name);
  void pop();
  // The name of the variable with de Bruijn index `index` (0: the last pushed).
  // Precondition: index < size().
  const std::string& lookup(std::size_t index) const;
  std::size_t size() const { return top_ < 0 ? 0 : std::size_t((*pool_)[std::size_t(top_)].depth); }
  void clear() { top_ = -1; }

 private:
  struct Node {
    std::string name;
    int depth;   // the stack's size with this node on top
    int parent;  // -1: the empty stack
    int jump;    // an ancestor (or -1) chosen so that following jumps halves the distance
  };
  std::shared_ptr<std::vector<Node>> pool_;  // append-only, shared by copies
  int top_ = -1;
  const Node& node(int at) const { return (*pool_)[std::size_t(at)]; }
  int depth_of(int at) const { return at < 0 ? 0 : node(at).depth; }
};

}  // namespace chad
