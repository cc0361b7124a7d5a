"""The second set's array primitives in the native translation: each is the tool's own operator
(torch.logsumexp, jax.nn.logsumexp, tf.math.reduce_logsumexp, ...; no composition stands in for
it), and every mode of every tool computes the hand-derived value and Jacobian of each."""
import importlib
import math

import pytest

import programs as P
from chad_oracle import adapter_kit as kit
from chad_oracle.translator import translate
from test_translation import MODES, make

# The operator each primitive must call, per tool (written here, not read from the tables).
EXPECTED_OPERATORS = {
    "jax": {"mean": "jnp.mean(", "prod": "jnp.prod(", "logsumexp": "jax.nn.logsumexp(",
            "softmax": "jax.nn.softmax(", "norm": "jnp.linalg.norm(", "cumsum": "jnp.cumsum(",
            "matmul": "jnp.matmul(", "transpose": "jnp.transpose(", "outer": "jnp.outer("},
    "torch": {"mean": "torch.mean(", "prod": "torch.prod(", "logsumexp": "torch.logsumexp(",
              "softmax": "torch.softmax(", "norm": "torch.linalg.vector_norm(", "cumsum": "torch.cumsum(",
              "matmul": "torch.matmul(", "transpose": "torch.t(", "outer": "torch.outer("},
    "tf": {"mean": "tf.math.reduce_mean(", "prod": "tf.math.reduce_prod(", "logsumexp": "tf.math.reduce_logsumexp(",
           "softmax": "tf.nn.softmax(", "norm": "tf.norm(", "cumsum": "tf.math.cumsum(",
           "matmul": "tf.linalg.matmul(", "transpose": "tf.transpose(", "outer": "tf.tensordot("},
}
BACKENDS = {"jax": "chad_oracle.backends.jax_backend", "torch": "chad_oracle.backends.torch_backend",
            "tf": "chad_oracle.backends.tf_backend"}


def matrix(m, n):
    return {"kind": "real", "shape": [m, n]}


X = P.X
# (program body of x, input type, output type, index, input coords, output, Jacobian), all by hand.
L3 = math.log(3.0)
CASES = {
    # mean of (1, 2, 3, 6): 3, d/dv = 1/4
    "mean": (P.prim("mean", X), P.arr(4), P.R, {"reals": 4}, [1, 2, 3, 6], [3.0], [[0.25] * 4]),
    # prod of (2, 5, 3): 30, d/dv_i = prod of the others
    "prod": (P.prim("prod", X), P.arr(3), P.R, {"reals": 3}, [2, 5, 3], [30.0], [[15.0, 6.0, 10.0]]),
    # logsumexp of (0, log 3) = log 4, gradient softmax = (1/4, 3/4)
    "logsumexp": (P.prim("logsumexp", X), P.arr(2), P.R, {"reals": 2}, [0.0, L3], [math.log(4.0)], [[0.25, 0.75]]),
    # softmax of (0, log 3) = (1/4, 3/4), Jacobian diag(s) - s s^T
    "softmax": (P.prim("softmax", X), P.arr(2), P.arr(2), {"reals": 2}, [0.0, L3], [0.25, 0.75],
                [[0.1875, -0.1875], [-0.1875, 0.1875]]),
    # norm of (3, 4) = 5, gradient v / 5
    "norm": (P.prim("norm", X), P.arr(2), P.R, {"reals": 2}, [3, 4], [5.0], [[0.6, 0.8]]),
    # cumsum of (1, -2, 5) = (1, -1, 4), lower triangular ones
    "cumsum": (P.prim("cumsum", X), P.arr(3), P.arr(3), {"reals": 3}, [1, -2, 5], [1.0, -1.0, 4.0],
               [[1, 0, 0], [1, 1, 0], [1, 1, 1]]),
    # transpose of [[1, 2, 3], [4, 5, 6]] = [[1, 4], [2, 5], [3, 6]]: a permutation
    "transpose": (P.prim("transpose", X), matrix(2, 3), matrix(3, 2), {"reals": 6}, [1, 2, 3, 4, 5, 6],
                  [1.0, 4.0, 2.0, 5.0, 3.0, 6.0],
                  [[1, 0, 0, 0, 0, 0], [0, 0, 0, 1, 0, 0], [0, 1, 0, 0, 0, 0],
                   [0, 0, 0, 0, 1, 0], [0, 0, 1, 0, 0, 0], [0, 0, 0, 0, 0, 1]]),
    # x x^T for x : real[2, 1] at (1, 2): [[1, 2], [2, 4]]; d (x x^T)_rc / d x_j = [r = j] x_c + x_r [c = j]
    "matmul": (P.prim("matmul", X, P.prim("transpose", X)), matrix(2, 1), matrix(2, 2), {"reals": 2}, [1, 2],
               [1.0, 2.0, 2.0, 4.0], [[2, 0], [2, 1], [2, 1], [0, 4]]),
    # outer(x, x) for x : real[2] at (1, 2): the same numbers
    "outer": (P.prim("outer", X, X), P.arr(2), matrix(2, 2), {"reals": 2}, [1, 2],
              [1.0, 2.0, 2.0, 4.0], [[2, 0], [2, 1], [2, 1], [0, 4]]),
}


def backend(tool):
    return importlib.import_module(BACKENDS[tool])


@pytest.mark.parametrize("tool", sorted(EXPECTED_OPERATORS))
@pytest.mark.parametrize("op", sorted(CASES))
def test_each_second_set_primitive_is_the_tools_own_operator(tool, op):
    body, in_type, out_type = CASES[op][:3]
    source = translate(P.program(body, in_type, out_type), backend(tool), checked=False)
    assert EXPECTED_OPERATORS[tool][op] in source, source
    # no composition stands in for it: logsumexp and softmax are not spelled with exp, norm not with sqrt
    assert "exp(" not in source.replace("logsumexp(", "") and "sqrt(" not in source, source


def close(a, b):
    return len(a) == len(b) and all(math.isclose(u, v, rel_tol=1e-13, abs_tol=1e-15) for u, v in zip(a, b))


@pytest.mark.parametrize("tool,name", MODES)
def test_second_set_values_and_jacobians_in_every_mode(tool, name):
    mode = make(tool, name)
    for op, (body, in_type, out_type, index, coords, value, jac) in CASES.items():
        answer = kit.answer(mode, P.request(P.program(body, in_type, out_type), index, [float(c) for c in coords]),
                            lambda m: None)
        assert answer["kind"] == "result", (op, answer)
        out = [kit.number(c) for c in answer["output"]["coords"]]
        rows = [[kit.number(v) for v in row] for row in answer["jacobian"]]
        assert close(out, value), (op, out)
        assert len(rows) == len(jac) and all(close(r, [float(v) for v in w]) for r, w in zip(rows, jac)), (op, rows)
