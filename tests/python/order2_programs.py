"""The held-out style programs with closed-form Hessians (issue #31), as program JSON, and their
Hessians worked out by hand (functions of the point, in plain Python arithmetic: never the tools).

- Horner: p(x, a) = a0 + x (a1 + x (a2 + x a3)), input (x, a : real[4]):
  d2p/dx2 = sum i (i-1) a_i x^(i-2) = 2 a2 + 6 a3 x; d2p/dx da_i = i x^(i-1); d2p/da_i da_j = 0.
- The product of a list l = [x_1, ..., x_k] (a fold): d2/dx_i dx_j = prod_{l != i, j} x_l (i != j), 0 on the diagonal.
- A softplus MLP: out = W2 softplus(W1 x + b), x : real[2], out : real[2]; with z = W1 x + b and
  softplus'' = sigmoid (1 - sigmoid): H_i[r][c] = sum_k W2[i][k] softplus''(z_k) W1[k][r] W1[k][c].
"""
import math

from programs import LIST, R, arr, case, fst, lit, prim, program, snd, var

P = var("p", 0)

HORNER = program(
    prim("+", prim("get", snd(P), get_index=0),
         prim("*", fst(P), prim("+", prim("get", snd(P), get_index=1),
                                prim("*", fst(P), prim("+", prim("get", snd(P), get_index=2),
                                                       prim("*", fst(P), prim("get", snd(P), get_index=3))))))),
    {"kind": "prod", "left": R, "right": arr(4)}, R, param="p")
HORNER_INDEX = {"pair": [{"reals": 1}, {"reals": 4}]}


def horner_hessian(x, a):
    """One 5 x 5 matrix over the coordinates (x, a0, a1, a2, a3)."""
    h = [[0.0] * 5 for _ in range(5)]
    h[0][0] = 2 * a[2] + 6 * a[3] * x
    for i in range(4):  # d2p / dx da_i = i x^(i-1)
        h[0][1 + i] = h[1 + i][0] = i * x ** (i - 1) if i > 0 else 0.0
    return [h]


PRODUCT = program(
    {"former": "fold", "scrutinee": var("l", 0), "binder": "c", "type": R,
     "body": case(var("c", 0), ("Nil", "u", lit(1.0)),
                  ("Cons", "q", prim("*", fst(var("q", 0)), snd(var("q", 0)))))},
    LIST, R, param="l")
PRODUCT["main"]["body"]["scrutinee"]["type"] = LIST


def product_hessian(xs):
    k = len(xs)
    return [[[math.prod(xs[l] for l in range(k) if l not in (i, j)) if i != j else 0.0 for j in range(k)]
             for i in range(k)]]


W1 = [[0.5, -1.25], [2.0, 0.75]]
B = [0.25, -0.5]
W2 = [[1.5, -0.5], [-2.0, 3.0]]


def matrix(rows):
    return {"former": "array", "elements": [{"former": "array", "elements": [lit(v) for v in row]} for row in rows]}


def vector(values):
    return {"former": "array", "elements": [lit(v) for v in values]}


MLP = program(prim("matvec", matrix(W2), prim("softplus", prim("+", prim("matvec", matrix(W1), var("x", 0)), vector(B)))),
              arr(2), arr(2))


def mlp_hessian(x):
    z = [W1[k][0] * x[0] + W1[k][1] * x[1] + B[k] for k in range(2)]
    second = [1 / (1 + math.exp(-zk)) * (1 - 1 / (1 + math.exp(-zk))) for zk in z]  # softplus''
    return [[[sum(W2[i][k] * second[k] * W1[k][r] * W1[k][c] for k in range(2)) for c in range(2)] for r in range(2)]
            for i in range(2)]


def mlp_output(x):
    z = [W1[k][0] * x[0] + W1[k][1] * x[1] + B[k] for k in range(2)]
    s = [math.log1p(math.exp(zk)) for zk in z]
    return [W2[i][0] * s[0] + W2[i][1] * s[1] for i in range(2)]
