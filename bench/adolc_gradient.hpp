// ADOL-C 2.7 on the hand-written benchmark functions (issue 13): tape a function of the input's
// coordinates once and take gradients from the tape (the "tape reused" figure), or tape again
// before every gradient (the "re-taped" figure). The tape's buffers are sized from a first
// taping so that the whole tape stays in memory (no tape files): ADOL-C at its fastest.
// Only compiled where ADOL-C was found (CHAD_HAVE_ADOLC).
#pragma once
#include <adolc/adolc.h>

#include <cstddef>
#include <functional>
#include <stdexcept>
#include <vector>

namespace chad::bench {

// f(x) over adoubles: the hand-written function, e.g. horner_value<adouble> with its count.
using AdoubleFunction = std::function<adouble(const adouble*)>;

class AdolcTape {
 public:
  AdolcTape(short tag, AdoubleFunction function, const std::vector<double>& at)
      : tag_(tag), function_(std::move(function)) {
    record(at);  // default buffers: count the tape
    size_t stats[STAT_SIZE];
    tapestats(tag_, stats);
    operations_ = stats[NUM_OPERATIONS] + 16;
    locations_ = stats[NUM_LOCATIONS] + 16;
    values_ = stats[NUM_VALUES] + 16;
    taylors_ = stats[TAY_STACK_SIZE] + 16;
    record(at);  // sized buffers: the tape stays in memory
    tapestats(tag_, stats);
    if (stats[OP_FILE_ACCESS] || stats[LOC_FILE_ACCESS] || stats[VAL_FILE_ACCESS])
      throw std::runtime_error("ADOL-C wrote its tape to a file despite sized buffers");
  }

  // Tape f at `at` again (with the sized buffers); returns f(at).
  double record(const std::vector<double>& at) {
    const int n = int(at.size());
    if (operations_ == 0) trace_on(tag_);
    else trace_on(tag_, 0, uint(operations_), uint(locations_), uint(values_), uint(taylors_));
    double y = 0;
    {
      std::vector<adouble> x(n);
      for (int i = 0; i < n; ++i) x[i] <<= at[i];
      adouble result = function_(x.data());
      result >>= y;
    }
    trace_off();
    return y;
  }

  // The gradient at `at` from the current tape (ADOL-C's forward sweep plus reverse sweep).
  void gradient_at(const std::vector<double>& at, std::vector<double>& g) const {
    g.resize(at.size());
    if (::gradient(tag_, int(at.size()), at.data(), g.data()) < 0)
      throw std::runtime_error("ADOL-C gradient: the tape does not fit this point");
  }

  // The tape's size in bytes: operations (1 byte), locations (4), values (8), and the value
  // stack the sweeps keep (8 each).
  std::size_t bytes() const {
    size_t stats[STAT_SIZE];
    tapestats(tag_, stats);
    return stats[NUM_OPERATIONS] + 4 * stats[NUM_LOCATIONS] + 8 * stats[NUM_VALUES] +
           8 * stats[TAY_STACK_SIZE];
  }

  ~AdolcTape() { removeTape(tag_, ADOLC_REMOVE_COMPLETELY); }
  AdolcTape(const AdolcTape&) = delete;
  AdolcTape& operator=(const AdolcTape&) = delete;

 private:
  short tag_;
  AdoubleFunction function_;
  std::size_t operations_ = 0, locations_ = 0, values_ = 0, taylors_ = 0;
};

}  // namespace chad::bench
