// The exit codes of `chad-oracle`, in one place.
#pragma once

namespace chad {

constexpr int kExitOk = 0;                 // the command did what was asked
constexpr int kExitCheckFailed = 1;        // a check found a failure (later: verify, campaign)
constexpr int kExitNotDifferentiable = 2;  // the point is not differentiable (or too close)
constexpr int kExitBadInput = 3;           // syntax, type, value or domain error; missing file; output not writable
constexpr int kExitInternalError = 4;      // our bug

}  // namespace chad
