// The exit codes of `chad-oracle`, in one place.
#pragma once

namespace chad {

constexpr int kExitOk = 0;                 // the command did what was asked
constexpr int kExitCheckFailed = 1;        // a check found a failure (later: verify, campaign)
constexpr int kExitNotDifferentiable = 2;  // the point is not differentiable (or too close)
constexpr int kExitBadInput = 3;           // syntax, type, value or domain error; missing file; output not writable
constexpr int kExitInternalError = 4;      // our bug
constexpr int kExitToolFailed = 5;         // the tool under test failed: its adapter gave no or a broken
                                           // handshake, died, hung or broke the protocol where the
                                           // command needed its answer (the tool's fault, not ours)

}  // namespace chad
