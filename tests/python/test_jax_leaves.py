"""The JAX modes' pytree helpers (python/chad_oracle/modes/jax_leaves.py): flat seeds split into
tensors of the input's and output's shapes, and JAX's structured Jacobians and Hessians put back
into rows in the protocol's coordinate order."""
import numpy as np
import pytest

jax = pytest.importorskip("jax")
from chad_oracle.backends import jax_backend  # noqa: E402,F401 (float64)
from chad_oracle.modes import jax_leaves  # noqa: E402


def g(leaves):
    """(a, b, m) -> (a * b0 * b1, m @ b): a real, b of shape (2,), m of shape (2, 2)."""
    a, b, m = leaves
    return (a * b[0] * b[1], m @ b)


POINT = (2.0, [3.0, 5.0], [[1.0, 2.0], [7.0, 11.0]])
IN_SHAPES = [(), (2,), (2, 2)]
OUT_SHAPES = [(), (2,)]


def flat_point():
    return [POINT[0]] + POINT[1] + [v for row in POINT[2] for v in row]


def expected_jacobian():
    a, (b0, b1), m = POINT[0], POINT[1], POINT[2]
    return [[b0 * b1, a * b1, a * b0, 0, 0, 0, 0],
            [0, m[0][0], m[0][1], b0, b1, 0, 0],
            [0, m[1][0], m[1][1], 0, 0, b0, b1]]


def test_seeds_split_into_the_shapes_and_back():
    leaves = jax_leaves.split(flat_point(), IN_SHAPES)
    assert [tuple(l.shape) for l in leaves] == IN_SHAPES
    assert jax_leaves.flat(leaves) == flat_point()


@pytest.mark.parametrize("transform", [jax.jacfwd, jax.jacrev])
def test_a_structured_jacobian_becomes_rows_in_coordinate_order(transform):
    leaves = jax_leaves.split(flat_point(), IN_SHAPES)
    rows = jax_leaves.jacobian_rows(transform(g)(leaves), OUT_SHAPES, IN_SHAPES)
    assert np.array_equal(np.array(rows), np.array(expected_jacobian(), dtype=float))


def test_a_structured_hessian_becomes_one_matrix_per_output_coordinate():
    leaves = jax_leaves.split(flat_point(), IN_SHAPES)
    matrices = np.array(jax_leaves.hessians(jax.hessian(g)(leaves), OUT_SHAPES, IN_SHAPES))
    assert matrices.shape == (3, 7, 7)
    a, (b0, b1) = POINT[0], POINT[1]
    first = np.zeros((7, 7))  # a * b0 * b1
    first[0, 1] = first[1, 0] = b1
    first[0, 2] = first[2, 0] = b0
    first[1, 2] = first[2, 1] = a
    assert np.array_equal(matrices[0], first)
    second = np.zeros((7, 7))  # m00 b0 + m01 b1: the bilinear terms
    second[1, 3] = second[3, 1] = 1
    second[2, 4] = second[4, 2] = 1
    assert np.array_equal(matrices[1], second)


def test_the_weighted_sum_pairs_each_output_with_its_own_weights():
    leaves = jax_leaves.split(flat_point(), IN_SHAPES)
    weights = jax_leaves.split([1.0, 0.0, 2.0], OUT_SHAPES)
    grad = jax.grad(lambda x: jax_leaves.weighted_sum(weights, g(x)))(leaves)
    J = np.array(expected_jacobian(), dtype=float)
    assert np.array_equal(np.array(jax_leaves.flat(grad)), J[0] + 2 * J[2])
    assert float(jax_leaves.weighted_sum((), ())) == 0.0
