"""Adapters written with the kit, as examples (python -m chad_oracle.examples.dual_numbers)."""
