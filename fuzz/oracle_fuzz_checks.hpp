// What the fuzz targets of the oracle's own untrusted inputs check (fuzz/adapter_answer_fuzz.cpp:
// what a tool can answer; fuzz/campaign_log_fuzz.cpp: a campaign log read on resume), shared with
// the regression test of the inputs they found (tests/fuzz). A tool's answer is read into a usable
// answer of the asked shape (its numbers may be "nan" or "inf": the judge fails them), with
// finite times, or rejected as breaking the protocol
// (ProtocolError: the tool's fault); a log is read and summarised, or rejected with a located
// SourceError (the user's files). Anything else (another exception, a wrong shape let through, a
// crash) is a finding. Each check returns the finding ("" when there is none).
#pragma once
#include <string>

namespace chad::fuzz {

// The first byte chooses the request the rest answers (its value mod 6: the ask, jacobian, jvp or
// vjp, and whether it asked for timing); the rest is the answer line. The request is fixed: the
// program `def main (x : real, v : real[2]) : real * real[2]` at (1.5, [2, 3]), id 1, two seeds.
std::string check_adapter_answer(const std::string& text);

// `text` as a worker's log file in a campaign directory: read as on resume (oracle/campaign_log.hpp),
// then summarised and drawn (summary.json's counts, errors.svg).
std::string check_campaign_log(const std::string& text);

}  // namespace chad::fuzz
