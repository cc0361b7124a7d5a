"""The TensorFlow adapter of CHAD Oracle (docs/adapter-protocol.md): one mode per command, over the native
translation of the program's JSON into TensorFlow (python/chad_oracle). Usage, with the project's venv:

    .venv/bin/python adapters/tensorflow/chad_tf_adapter.py --mode tf-function

Modes: tf-tape (GradientTape, eager), tf-function (inside tf.function), tf-forward (ForwardAccumulator);
of second order (hvp, hessian): tf-nested-tapes, tf-forward-over-tape.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python"))

from chad_oracle import adapter_kit  # noqa: E402
from chad_oracle.modes import tf_modes, tf_order2  # noqa: E402

if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=tf_modes.MODES + tf_order2.MODES, required=True)
    mode = parser.parse_args().mode
    sys.exit(adapter_kit.main((tf_order2 if mode in tf_order2.MODES else tf_modes).make_mode(mode)))
