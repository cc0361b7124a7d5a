#include "judge/verdict.hpp"

namespace chad {

const char* verdict_name(Verdict v) {
  switch (v) {
    case Verdict::Pass: return "pass";
    case Verdict::Fail: return "fail";
    case Verdict::FailNumeric: return "fail-numeric";
    case Verdict::Skip: return "skip";
    case Verdict::Fault: return "fault";
    case Verdict::Crash: return "crash";
    case Verdict::Unsupported: return "unsupported";
    case Verdict::FailCost: return "fail-cost";
  }
  return "?";
}

const std::vector<Verdict>& all_verdicts() {
  static const std::vector<Verdict> all = {Verdict::Pass,  Verdict::Fail,  Verdict::FailNumeric, Verdict::Skip,
                                           Verdict::Fault, Verdict::Crash, Verdict::Unsupported, Verdict::FailCost};
  return all;
}

int verdict_rank(Verdict v) {
  switch (v) {
    case Verdict::Crash: return 6;
    case Verdict::Fault: return 5;
    case Verdict::Fail: return 4;
    case Verdict::FailNumeric: return 3;
    case Verdict::FailCost: return 2;
    case Verdict::Skip: return 1;
    case Verdict::Unsupported: return 1;
    case Verdict::Pass: return 0;
  }
  return 0;
}

Verdict worse_verdict(Verdict a, Verdict b) { return verdict_rank(a) >= verdict_rank(b) ? a : b; }

bool is_failure(Verdict v) { return v != Verdict::Pass && v != Verdict::Skip && v != Verdict::Unsupported; }

bool is_failure(const std::string& verdict_name_text) {
  for (Verdict v : all_verdicts())
    if (verdict_name_text == verdict_name(v)) return is_failure(v);
  return false;
}

}  // namespace chad
