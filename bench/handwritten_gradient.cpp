// The hand-written adjoint's value and gradient at a benchmark program's input of length n, for
// the peers' check (bench/peers.py): writes DIR/<program>_<n>.input.f64 (the input's
// normal-form coordinates) and DIR/<program>_<n>.gradient.f64 (the gradient), raw
// little-endian doubles, and prints {"program", "n", "dimension", "value"} as one JSON line.
// Usage: handwritten_gradient PROGRAM N DIR
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "adjoint_cases.hpp"

namespace {

bool write_doubles(const std::string& path, const std::vector<double>& data) {
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(data.data()), std::streamsize(data.size() * sizeof(double)));
  return bool(out);
}

}  // namespace

int main(int argc, char** argv) {
  using namespace chad::bench;
  if (argc != 4) {
    std::fprintf(stderr, "usage: handwritten_gradient PROGRAM N DIR\n");
    return 2;
  }
  const std::string program = argv[1], dir = argv[3];
  char* end = nullptr;
  const unsigned long long n = std::strtoull(argv[2], &end, 10);
  if (*argv[2] == '\0' || *end != '\0' || n == 0 || n > 100000000ULL) {
    std::fprintf(stderr, "handwritten_gradient: N must be a whole number in [1, 1e8], got '%s'\n", argv[2]);
    return 2;
  }
  for (const AdjointCase& c : adjoint_cases()) {
    if (c.name != program) continue;
    const BenchInput input = c.input(std::size_t(n));
    std::vector<double> gradient(input.coords.size()), work;
    const double value = c.adjoint(input.coords.data(), input.count, gradient.data(), work);
    const std::string stem = dir + "/" + program + "_" + std::to_string(n);
    if (!write_doubles(stem + ".input.f64", input.coords) || !write_doubles(stem + ".gradient.f64", gradient)) {
      std::fprintf(stderr, "handwritten_gradient: cannot write %s.*.f64\n", stem.c_str());
      return 1;
    }
    std::printf("{\"program\": \"%s\", \"n\": %llu, \"dimension\": %zu, \"value\": %.17g}\n", program.c_str(), n,
                input.coords.size(), value);
    return 0;
  }
  std::fprintf(stderr, "handwritten_gradient: no benchmark program '%s' (horner, horner_closure, gmm_d2_k5, "
                       "gmm_d10_k25, mlp, ode)\n", program.c_str());
  return 2;
}
