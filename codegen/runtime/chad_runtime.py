# ---- the CHAD Python runtime (codegen/runtime/chad_runtime.py), embedded in every module ----
# Values of the source language over PyTorch (float64): reals and arrays are torch tensors (0-d
# for a scalar), unit is (), pairs are tuples, sums RtInject, mu values RtRoll, nu values RtLazy
# (memoised thunks), functions Python closures. Types reach the runtime as descriptors:
#   ('real', shape) ('unit',) ('prod', l, r) ('sum', ((name, t), ...)) ('mu', a, t) ('nu', a, t)
#   ('var', a) ('arrow',) ('closed',)   -- 'closed': a part of a functor with no type variable.
# The primitives are module-level functions rt_<name>, so that an adapter can replace one.
import json
import math
import sys
import threading

import torch

sys.setrecursionlimit(1000000)


class DomainError(Exception):
    """A partial primitive outside its domain (log, sqrt, /), or a comparison at a tie."""


class RtInject:
    __slots__ = ("tag", "value")

    def __init__(self, tag, value):
        self.tag = tag
        self.value = value


class RtRoll:
    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value


class RtLazy:
    __slots__ = ("thunk", "forced")

    def __init__(self, thunk):
        self.thunk = thunk
        self.forced = None

    def force(self):
        if self.thunk is not None:
            self.forced = self.thunk()
            self.thunk = None
        return self.forced


def rt_real(hex_text):
    return torch.tensor(float.fromhex(hex_text), dtype=torch.float64)


# ---- primitives (semantics/primitive_ops.cpp, model/primitives.hpp) ----

def rt_add(a, b):
    return a + b


def rt_sub(a, b):
    return a - b


def rt_mul(a, b):
    return a * b


def rt_div(a, b):
    if bool((b == 0).any()):
        raise DomainError("/: division by zero")
    return a / b


def rt_neg(a):
    return -a


def rt_sin(a):
    return torch.sin(a)


def rt_cos(a):
    return torch.cos(a)


def rt_exp(a):
    return torch.exp(a)


def rt_tanh(a):
    return torch.tanh(a)


def _require_positive(a, name):
    bad = a <= 0
    if bool(bad.any()):
        raise DomainError("%s: argument %r is not positive" % (name, float(a[bad].reshape(-1)[0])))


def rt_log(a):
    _require_positive(a, "log")
    return torch.log(a)


def rt_sqrt(a):
    _require_positive(a, "sqrt")
    return torch.sqrt(a)


def _by_sign(a, take_first, first, second):
    # where(take_first, first(a), second(a)), each branch evaluated only at the entries it
    # gives (the others at 0), so that neither overflows nor spoils the other's derivative.
    zero = torch.zeros_like(a)
    return torch.where(take_first, first(torch.where(take_first, a, zero)),
                       second(torch.where(take_first, zero, a)))


def rt_sigmoid(a):  # 1 / (1 + exp(-x)) for x >= 0, exp(x) / (1 + exp(x)) below
    return _by_sign(a, a >= 0, lambda x: 1 / (1 + torch.exp(-x)),
                    lambda x: torch.exp(x) / (1 + torch.exp(x)))


def rt_softplus(a):  # log(1 + exp x): x + log1p(exp(-x)) for x > 0, log1p(exp(x)) else
    return _by_sign(a, a > 0, lambda x: x + torch.log1p(torch.exp(-x)),
                    lambda x: torch.log1p(torch.exp(x)))


# The second set's elementwise half (semantics/primitive_ops_second_set.cpp), each PyTorch's own
# operator.

def rt_log1p(a):
    bad = a <= -1
    if bool(bad.any()):
        raise DomainError("log1p: argument %r is not above -1" % float(a[bad].reshape(-1)[0]))
    return torch.log1p(a)


def rt_expm1(a):
    return torch.expm1(a)


def rt_atan(a):
    return torch.atan(a)


def rt_erf(a):
    return torch.special.erf(a)


def rt_abs(a):
    return torch.abs(a)


def rt_pow_int(a, n):  # x ^ n, n an integer 0..64 (0 ^ 0 = 1)
    return torch.pow(a, n)


def rt_pow(a, b):
    _require_positive(a, "pow")
    return torch.pow(a, b)


def rt_atan2(y, x):  # the angle in (-pi, pi]: y = -0 counts as 0
    if bool(((y == 0) & (x == 0)).any()):
        raise DomainError("atan2: applied to (0, 0)")
    return torch.atan2(y + 0.0, x)


def rt_hypot(a, b):
    return torch.hypot(a, b)


def rt_max(a, b):
    return torch.maximum(a, b)


def rt_min(a, b):
    return torch.minimum(a, b)


def _sum_columns(p):  # p[..., 0] + p[..., 1] + ... left to right, as the interpreter adds
    total = p[..., 0]
    for i in range(1, p.shape[-1]):
        total = total + p[..., i]
    return total


def rt_sum(a):
    return _sum_columns(a.reshape(-1)) if a.dim() > 0 else a


def rt_dot(u, v):
    return _sum_columns(rt_mul(u, v))


def rt_matvec(m, v):
    return _sum_columns(rt_mul(m, v))


def rt_scale(c, v):
    return rt_mul(c, v)


def rt_get(v, i):
    return v[i]


def rt_vec(*xs):
    return torch.stack(xs)


# The second set's array primitives (model/array_primitives.hpp): the same compositions, the
# constants m and a (no gradient) as there.

def rt_mean(a):
    return rt_sum(a) / a.numel()


def rt_prod(a):  # left to right, no division (right at zero entries)
    flat = a.reshape(-1)
    total = flat[0]
    for i in range(1, flat.shape[0]):
        total = total * flat[i]
    return total


def _shifted_exps(a):  # exp(v - m), m the largest entry (a constant)
    m = float(a.detach().max())
    return torch.exp(a - m), m


def rt_logsumexp(a):
    e, m = _shifted_exps(a)
    return torch.log(_sum_columns(e)) + m


def rt_softmax(a):
    e, _ = _shifted_exps(a)
    return e / _sum_columns(e)


def rt_norm(a):  # a sqrt(sum (v / a)^2), a a power of two near the largest |v_i| (a constant)
    big = float(a.detach().abs().max())
    e = math.frexp(big)[1] - 1 if big > 0 and math.isfinite(big) else 0
    down, up = math.ldexp(1.0, -e), math.ldexp(1.0, e)
    y = a.reshape(-1) * down
    return torch.sqrt(_sum_columns(y * y)) * up


def rt_cumsum(a):
    return torch.cumsum(a, 0)


def rt_matmul(a, b):  # entry (r, c) = sum_j a[r, j] b[j, c], left to right
    return _sum_columns(rt_mul(a.unsqueeze(1), b.transpose(0, 1).unsqueeze(0)))


def rt_transpose(a):
    return a.transpose(0, 1)


def rt_outer(u, v):
    return rt_mul(u.unsqueeze(1), v.unsqueeze(0))


_FALSE = RtInject(0, ())
_TRUE = RtInject(1, ())


def rt_lt(a, b):
    if bool(a == b):
        raise DomainError("<: a tie at %r (the comparison flips there)" % float(a))
    return _TRUE if bool(a < b) else _FALSE


def rt_gt(a, b):
    return rt_lt(b, a)


# ---- fold and unfold (semantics/evaluate.cpp, semantics/functor_map.hpp) ----

def _find(binders, var):
    for binder in reversed(binders):
        if binder[1] == var:
            return binder
    return None


def _map_functor(t, v, var, binders, f):
    kind = t[0]
    if kind == "var":
        binder = _find(binders, t[1])
        return f(v) if binder is None else _map_functor(binder, v, var, binders, f)
    if kind == "prod":
        left = _map_functor(t[1], v[0], var, binders, f)
        return (left, _map_functor(t[2], v[1], var, binders, f))
    if kind == "sum":
        return RtInject(v.tag, _map_functor(t[1][v.tag][1], v.value, var, binders, f))
    if kind == "mu":
        if t[1] == var:
            return v
        return RtRoll(_map_functor(t[2], v.value, var, binders + [t], f))
    if kind == "nu":
        if t[1] == var:
            return v
        inner = binders + [t]
        return RtLazy(lambda: _map_functor(t[2], v.force(), var, inner, f))
    return v  # closed


def _collect_positions(t, v, var, binders, out):
    kind = t[0]
    if kind == "var":
        binder = _find(binders, t[1])
        if binder is None:
            out.append(v)
        else:
            _collect_positions(binder, v, var, binders, out)
    elif kind == "prod":
        _collect_positions(t[1], v[0], var, binders, out)
        _collect_positions(t[2], v[1], var, binders, out)
    elif kind == "sum":
        _collect_positions(t[1][v.tag][1], v.value, var, binders, out)
    elif kind == "mu" and t[1] != var:
        _collect_positions(t[2], v.value, var, binders + [t], out)


def _contains_nu(t):
    kind = t[0]
    if kind == "nu":
        return True
    if kind == "prod":
        return _contains_nu(t[1]) or _contains_nu(t[2])
    if kind == "sum":
        return any(_contains_nu(c[1]) for c in t[1])
    if kind == "mu":
        return _contains_nu(t[2])
    return False


def rt_fold(fixpoint, body, value):
    """fold value with x -> body(x), for value : fixpoint = ('mu', a, F)."""
    _, var, functor = fixpoint
    if _contains_nu(functor):  # a nested nu is mapped lazily: only the recursive form reaches it
        def node(rolled):
            return body(_map_functor(functor, rolled.value, var, [], node))
        return node(value)
    # Bottom-up with an explicit stack: a list of thousands of elements needs no deep recursion.
    stack = [(value, 0, False)]
    results = []
    while stack:
        node, children, expanded = stack.pop()
        if not expanded:
            positions = []
            _collect_positions(functor, node.value, var, [], positions)
            stack.append((node, len(positions), True))
            for child in reversed(positions):
                stack.append((child, 0, False))
            continue
        base = len(results) - children
        taken = iter(results[base:])
        mapped = _map_functor(functor, node.value, var, [], lambda _: next(taken))
        del results[base:]
        results.append(body(mapped))
    return results[-1]


def rt_unfold(fixpoint, body, seed):
    """unfold seed with x -> body(x), of type fixpoint = ('nu', a, F); lazy."""
    _, var, functor = fixpoint

    def node(s):
        return RtLazy(lambda: _map_functor(functor, body(s), var, [], node))
    return node(seed)


# ---- the protocol's normal forms (model/normal_form.cpp; docs/adapter-protocol.md) ----

def _resolve(t, binders):
    while t[0] == "var":
        t = _find(binders, t[1])
    return t


def rt_read(t, index, coords, binders=None, at=None):
    """The value of type t with the given index (protocol JSON) and 0-d tensor coordinates."""
    binders = binders or []
    at = at if at is not None else [0]
    t = _resolve(t, binders)
    kind = t[0]
    if kind == "real":
        n = index["reals"]
        parts = coords[at[0]:at[0] + n]
        if len(parts) != n:
            raise ValueError("too few coordinates for the index")
        at[0] += n
        return parts[0] if not t[1] else torch.stack(parts).reshape(t[1])
    if kind == "unit":
        return ()
    if kind == "prod":
        left, right = index["pair"]
        first = rt_read(t[1], left, coords, binders, at)
        return (first, rt_read(t[2], right, coords, binders, at))
    if kind == "sum":
        inject = index["inject"]
        tag = inject["tag"]
        return RtInject(tag, rt_read(t[1][tag][1], inject["of"], coords, binders, at))
    if kind == "mu":
        return RtRoll(rt_read(t[2], index["roll"], coords, binders + [t], at))
    raise ValueError("not a data type: %r" % (kind,))


def rt_write(t, value, coords, binders=None):
    """The index (protocol JSON) of value : t; appends its coordinates (0-d tensors) to coords."""
    binders = binders or []
    t = _resolve(t, binders)
    kind = t[0]
    if kind == "real":
        if not t[1]:
            coords.append(value)
            return {"reals": 1}
        coords.extend(value.reshape(-1).unbind())
        return {"reals": value.numel()}
    if kind == "unit":
        return {"unit": True}
    if kind == "prod":
        left = rt_write(t[1], value[0], coords, binders)
        return {"pair": [left, rt_write(t[2], value[1], coords, binders)]}
    if kind == "sum":
        name, payload = t[1][value.tag]
        return {"inject": {"ctor": name, "tag": value.tag,
                           "of": rt_write(payload, value.value, coords, binders)}}
    if kind == "mu":
        return {"roll": rt_write(t[2], value.value, coords, binders + [t])}
    raise ValueError("not a data type: %r" % (kind,))


def rt_call_deep(function, *args):
    """function(*args) on a thread with a large stack (deep folds recurse), re-raising its error."""
    outcome = {}

    def run():
        try:
            outcome["value"] = function(*args)
        except BaseException as error:  # handed to the caller
            outcome["error"] = error
    old = threading.stack_size(1 << 29)
    try:
        worker = threading.Thread(target=run)
        worker.start()
        worker.join()
    finally:
        threading.stack_size(old)
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]


def rt_script(read_input, main, write_output):
    """As a script: {"index": ..., "coords": [hex, ...]} on stdin, the output likewise on stdout
    ({"error": "domain", "message": ...} on a domain error)."""
    request = json.load(sys.stdin)
    coords = [rt_real(c) for c in request["coords"]]

    def run():
        return write_output(main(read_input(request["index"], coords)))
    try:
        index, out = rt_call_deep(run)
    except DomainError as error:
        print(json.dumps({"error": "domain", "message": str(error)}))
        return
    print(json.dumps({"index": index, "coords": [float(c).hex() for c in out]}))
# ---- end of the runtime ----
