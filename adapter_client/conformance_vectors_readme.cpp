// The README.md written next to a set of conformance (test) vectors (adapter_client/conformance_vectors.hpp).
#include "adapter_client/conformance_vectors.hpp"

namespace chad {

const char* conformance_vectors_readme() {
  return R"(# CHAD Oracle test vectors

A conformance suite for automatic differentiation tools, written by `chad-oracle vectors`.
It needs no oracle to run: each line of `cases.jsonl` holds a program, the point, and
certified answers. `manifest.json` records the arguments that wrote it (seed, count,
features, the oracle's version); the same arguments write the same bytes.

## Running it

    python3 run_vectors.py --adapter 'CMD' cases.jsonl [--json]

`run_vectors.py` (in the oracle's `adapters/` folder; Python 3, standard library only) starts
`CMD` as an adapter (`docs/adapter-protocol.md`: JSON Lines on stdin and stdout, a `hello`
handshake), sends every case as three `differentiate` requests (the Jacobian, then a JVP and
a VJP with the stored seeds) with the translations the adapter's hello asks for, and checks
every number it answers. It prints pass, fail, skip, unsupported and error counts and the
first failures, and exits 1 on any fail. An answer later than 30 s or an adapter that dies is
an error, and the adapter is restarted.

## A case

Numbers are C99 hex floats (`"0x1.8p+0"`): exact. An enclosure is `[lo, hi]`.

- `id` (`SEED-INDEX`), `seed`, `index`: program `index` of the campaign with that seed
  (`chad-oracle campaign --seed SEED` generates the same program).
- `program`: the program's text (`def main (x : A) : B = ...`); `input_type`, `output_type`;
  `features`: the term formers, primitives and type formers it uses.
- `translations`: the program as Python over PyTorch (`python`), C++ generic in the scalar type
  (`cpp`), the typed syntax tree (`json`), those that were asked for; `untranslatable`: a
  language that cannot express this program, with the reason ({} when none).
- `input`: the point as a normal form: `index` (its discrete shape, as JSON), `index_text`,
  `coords` (hex floats), `labels` (a name per coordinate: `x.fst`, `w[1][3]`, `cs[2]`).
- `output`: the output's `index`, `index_text` and `labels`; `mid` (the certified values'
  midpoints), `enclosure` (certified to contain the exact values), `float64` and `float32`.
- `jacobian`: `rows` (m) and `cols` (n), so that a 0 x n Jacobian keeps n; `mid` (m rows of n, output coordinates by input coordinates), `enclosure`,
  `float64`, `float32`.
- `jvp`: `seeds` (one input tangent), `enclosure` (the certified J·seed, one row per seed),
  `float64`, `float32`. `vjp`: likewise with an output cotangent and seed·J. Both are null
  when the input or the output has no coordinates.
- `float64`, `float32`: the enclosure of every value a tool computing in that precision can
  give when each of its operations (each input coordinate, literal, arithmetic operation and
  primitive, on values and on derivatives) errs by at most 8 units in the last place: wide
  where the program is ill-conditioned, narrow elsewhere. Null when the point is within that
  rounding of a tie or a domain error, or the enclosure is not finite;
  `precision_problems` then says why ({} when there is none).

## The verdict (as the oracle's, `docs/adapter-protocol.md`)

A number passes when it lies in `enclosure`, or in the enclosure
for the tool's precision. Otherwise it fails, unless that enclosure is null or exceeds the
precision's largest finite number: then the case is skipped. A `domain` error fails where the
precision's enclosure exists (the program has no domain error there) and is skipped
otherwise; `unsupported` counts as unsupported; `crash`, a malformed answer, a timeout or a
dead adapter count as errors.

## Second order

`order2_cases.jsonl` holds five programs whose Hessians were derived by hand (a list's product,
Horner's polynomial, a softplus network of two outputs, a fold, a case on a sum-typed input),
the same whatever the seed: for a tool that answers the protocol's `hessian` and `hvp` asks
(`docs/adapter-protocol.md`, "Second order"; `chad-oracle check-adapter` asks them of an adapter
whose hello declares them). Each line: `id` (`order2-NAME`), `name`, `program`, `input_type`,
`output_type`, `input`, `output` (index, index_text, labels), `translations`, `untranslatable`
as above; `hessian`: `outputs` (m), `inputs` (n), `by_hand` (the Hessians derived by hand, m
matrices of n rows of n) and `enclosure` (certified: [output][input][input] of `[lo, hi]`);
`hvp`: `cotangent` (w, m hex floats), `seeds` (one v) and `enclosure` (the certified H_w v, one
row per seed); `band`: an answer entry passes inside its enclosure widened by `band` times
max(1, |entry|) (a tool that declares its own `second_order_band` is judged in that one).
)";
}

}  // namespace chad
