// A correctness campaign (the main job): generate programs and inputs from a seed, check CHAD
// on each (every chosen mode and sums strategy) against the reference, and classify with the
// one vocabulary of judge/verdict.hpp:
//   pass          CHAD agrees with dual numbers in double (the fast screen), or disagrees
//                 there but the certified interval check finds the enclosures meeting
//                 (counted as `screen_cleared`);
//   fail          certified: CHAD's enclosure and the reference's are disjoint, or CHAD's is
//                 unbounded (judge/screen_then_certify.hpp: the one ladder);
//   fault         CHAD's output is broken, so that it has no Jacobian to compare: it does not
//                 type-check (TargetTypeError), evaluating it meets values of different kinds
//                 or shapes (model/evaluation_fault.hpp) or raises the lifted-sum
//                 inconsistency (another internal error of the transformation likewise);
//                 shrunk, blamed and reported like a fail;
//   crash         (a whole program, never one check) the campaign's worker process died (a
//                 signal) while checking it; the log line holds the signal and the replay
//                 command, and the campaign goes on from the next program;
//   fail-numeric  the screen disagrees and no certificate could be had (the interval check
//                 could not decide), with the estimated error;
//   fail-cost     (`--check cost`, cost/cost_check.hpp) the derivative is too expensive: its
//                 counted cost is more than a stated constant times the primal's, or grows
//                 with a larger exponent as the input grows;
//   skip          no derivative to compare: a domain error, a tie of a comparison, an output
//                 that overflows double; the reason says which.
// A program's verdict is its worst check's, by rank: crash > fault > fail > fail-numeric >
// fail-cost > skip > pass. A fault ranks above a fail: it is certain without any reference or numerics, and
// it is the first thing to repair (the check it happens in shows no numbers at all).
// A program whose output holds a function or a stream has no Jacobian: its checks use the
// logical relation instead (judge/relation_verdict.hpp), with the same verdicts.
// Program i of a campaign is generated from (seed, i) alone, so a campaign is deterministic and
// any program can be regenerated from its index.
#pragma once
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "judge/campaign_options.hpp"
#include "judge/campaign_program.hpp"

namespace chad {

// former_name, the name of a source term former in coverage tables and blame ("let", "fold",
// "primitive"), is syntax/term_former_names.hpp's.

// Generates and checks program `index`.
ProgramOutcome check_program_at(const CampaignOptions& options, std::size_t index,
                                std::map<std::string, double>* seconds = nullptr);

// Checks a given program text and input (replay, shrinking).
ProgramOutcome check_case(const CampaignOptions& options, const GeneratedCase& generated,
                          std::map<std::string, double>* seconds = nullptr);

// Checks a case already built (its program parsed and checked once); what the checks compute
// (the references) is kept in it for whoever gets it next (blame, a report).
ProgramOutcome check_case(const CampaignOptions& options, Case& c, std::map<std::string, double>* seconds = nullptr);

// Runs programs 0 .. count-1; `on_program` sees each outcome as it is made (logs, progress).
CampaignSummary run_campaign(const CampaignOptions& options,
                             const std::function<void(const ProgramOutcome&)>& on_program);

}  // namespace chad
