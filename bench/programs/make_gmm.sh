#!/usr/bin/env bash
# Writes the Gaussian-mixture benchmark program for d dimensions and k components to standard
# output: bench/programs/make_gmm.sh 2 5 > gmm_d2_k5.chad (the committed programs were made so).
set -euo pipefail
d=$1; k=$2
rows=$(printf 'x, %.0s' $(seq "$k")); rows=${rows%, }
ones=$(printf '1, %.0s' $(seq "$d")); ones=${ones%, }
cat <<CHAD
-- Benchmark (issue 13): an ADBench-like Gaussian-mixture log-likelihood, d = $d, k = $k, with
-- diagonal precisions (ADBench's icf without the off-diagonal part). Parameters: alphas : real[k]
-- (log weights), means : real[k, d], logprec : real[k, d] (log of each precision's diagonal);
-- the n data points are a list folded over. With prec = exp(logprec):
--   L = sum_i log(sum_j exp(alphas_j + sum_c logprec_jc - 0.5 sum_c (prec_jc (x_ic - means_jc))^2))
--       - n log(sum_j exp(alphas_j)) + 0.5 sum prec^2 - sum logprec   (a Wishart-like prior)
-- (ADBench's constant -n d/2 log(2 pi) left out; log-sum-exp without the max shift.)
-- Row sums are matvec with a vector of ones; [x, ..., x] repeats the point k times.
-- Normal form of the input: alphas, means, logprec (row-major), then each point's d coordinates;
-- tags Cons (1) once per point, then Nil (0).
type Points = mu l. < Nil : unit | Cons : real[$d] * l >;

def component_logs (norm : real[$k]) (means : real[$k, $d]) (prec : real[$k, $d]) (x : real[$d]) : real[$k] =
  let scaled = prec * (([$rows] : real[$k, $d]) - means) in
  norm - scale(0.5, matvec(scaled * scaled, [$ones]));

def main (alphas : real[$k]) (means : real[$k, $d]) (logprec : real[$k, $d]) (xs : Points) : real =
  let prec = exp(logprec) in
  let norm = alphas + matvec(logprec, [$ones]) in
  let log_weights_total = log(sum(exp(alphas))) in
  fold xs with node -> case node of {
      Nil u -> 0.5 * sum(prec * prec) - sum(logprec)
    | Cons p -> log(sum(exp(component_logs norm means prec (fst p)))) - log_weights_total + snd p
    };
CHAD
