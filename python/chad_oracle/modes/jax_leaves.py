"""The JAX modes' functions take and give tuples of tensors (pytrees: one tensor per real or array
of the program's input and output, program.call_leaves), so that no slicing of one input vector and
no concatenation into one output vector is differentiated, compiled and run op by op beside the
program. These helpers split the protocol's flat seeds into such tuples and flatten JAX's
structured answers (tuples of tangents, blocks of Jacobians and Hessians) back into rows."""
import math

import jax.numpy as jnp
import numpy as np


def size(shape):
    return math.prod(shape)


def split(flat, shapes):
    """A flat list of floats as a tuple of float64 tensors of the given shapes."""
    pieces, start = [], 0
    for shape in shapes:
        n = size(shape)
        pieces.append(jnp.asarray(np.array(flat[start:start + n], dtype=np.float64).reshape(shape)))
        start += n
    return tuple(pieces)


def flat(tree):
    """A tuple of tensors as one flat list of floats, in order."""
    return [float(v) for leaf in tree for v in np.asarray(leaf, dtype=np.float64).reshape(-1)]


def jacobian_rows(blocks, out_shapes, in_shapes):
    """jax.jacfwd / jax.jacrev of a function of a tuple to a tuple: blocks[i][j] has the shape
    out_shapes[i] + in_shapes[j]; the rows of the whole Jacobian (outputs by inputs)."""
    n_in = sum(size(s) for s in in_shapes)
    rows = []
    for i, out_shape in enumerate(out_shapes):
        m = size(out_shape)
        parts = [np.asarray(blocks[i][j], dtype=np.float64).reshape(m, size(s)) for j, s in enumerate(in_shapes)]
        whole = np.concatenate(parts, axis=1) if parts else np.zeros((m, n_in))
        rows += whole.tolist()
    return rows


def hessians(blocks, out_shapes, in_shapes):
    """jax.hessian (or a nesting like it) of a function of a tuple to a tuple: blocks[i][j][k] has
    the shape out_shapes[i] + in_shapes[j] + in_shapes[k]; one n x n matrix per output coordinate."""
    n = sum(size(s) for s in in_shapes)
    matrices = []
    for i, out_shape in enumerate(out_shapes):
        m = size(out_shape)
        whole = np.zeros((m, n, n))
        r = 0
        for j, sj in enumerate(in_shapes):
            c = 0
            for k, sk in enumerate(in_shapes):
                whole[:, r:r + size(sj), c:c + size(sk)] = np.asarray(blocks[i][j][k], dtype=np.float64).reshape(
                    m, size(sj), size(sk))
                c += size(sk)
            r += size(sj)
        matrices += whole.tolist()
    return matrices


def weighted_sum(weights, outputs):
    """<w, y> over a tuple of output tensors, the weights split alike: the scalar jax.grad takes
    (the output's tensors each paired with its own weights: no concatenation)."""
    terms = [jnp.vdot(w, y) for w, y in zip(weights, outputs)]
    if not terms:
        return jnp.zeros((), dtype=jnp.float64)
    total = terms[0]
    for term in terms[1:]:
        total = total + term
    return total
