"""CHAD Oracle from Python: the oracle's commands with results as objects (campaign, verify, jacobian,
vectors, check_adapter), the adapter kit for an AD tool's adapter (chad_oracle.kit, over
chad_oracle.adapter_kit), the pytest plugin (chad_oracle.pytest_plugin), and the native translations
and modes of JAX, PyTorch 2 and TensorFlow (chad_oracle.modes)."""
from .oracle import OracleError, campaign, check_adapter, find_tool, jacobian, verify, vectors  # noqa: F401
