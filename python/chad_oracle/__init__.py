"""CHAD Oracle's Python tools: the adapter kit, native translations and the modes of JAX, PyTorch 2, TensorFlow."""
