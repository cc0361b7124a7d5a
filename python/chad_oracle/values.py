"""Values of the source language in a Python AD tool, shared by every backend.

Reals and arrays are the tool's tensors (0-d for a scalar), unit is (), pairs are Python tuples,
a constructor `C v` of a sum is Inject(tag, v), `roll v` is Roll(v), a value of a `nu` type is a
Lazy (a memoised thunk), functions are Python closures. Types arrive as descriptors made from the
program JSON: ('real', shape) ('unit',) ('prod', l, r) ('sum', ((name, t), ...)) ('mu', a, t)
('nu', a, t) ('var', a) ('arrow',).  In a traced mode a comparison's Inject carries the tool's
boolean tensor as its tag; `case` on it becomes the tool's conditional (Runtime.case).
"""


class Inject:
    __slots__ = ("tag", "value")

    def __init__(self, tag, value):
        self.tag = tag
        self.value = value


class Roll:
    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value


class Lazy:
    __slots__ = ("thunk", "forced")

    def __init__(self, thunk):
        self.thunk = thunk
        self.forced = None

    def force(self):
        if self.thunk is not None:
            self.forced = self.thunk()
            self.thunk = None
        return self.forced


def type_descriptor(t):
    """The descriptor of a program-JSON type (docs/program-json.md, "Types")."""
    kind = t["kind"]
    if kind == "real":
        return ("real", tuple(t.get("shape", [])))
    if kind == "unit":
        return ("unit",)
    if kind == "prod":
        return ("prod", type_descriptor(t["left"]), type_descriptor(t["right"]))
    if kind == "sum":
        return ("sum", tuple((c["name"], type_descriptor(c["type"])) for c in t["constructors"]))
    if kind in ("mu", "nu"):
        return (kind, t["var"], type_descriptor(t["body"]))
    if kind == "var":
        return ("var", t["name"])
    if kind == "arrow":
        return ("arrow",)
    raise ValueError("unknown type kind %r" % (kind,))


def _find(binders, var):
    for binder in reversed(binders):
        if binder[1] == var:
            return binder
    return None


def _resolve(t, binders):
    while t[0] == "var":
        t = _find(binders, t[1])
    return t


def map_functor(t, v, var, binders, f):
    """v : F[X] with X the variable `var` of the functor t; f applied at every recursive position."""
    kind = t[0]
    if kind == "var":
        binder = _find(binders, t[1])
        return f(v) if binder is None else map_functor(binder, v, var, binders, f)
    if kind == "prod":
        left = map_functor(t[1], v[0], var, binders, f)
        return (left, map_functor(t[2], v[1], var, binders, f))
    if kind == "sum":
        return Inject(v.tag, map_functor(t[1][v.tag][1], v.value, var, binders, f))
    if kind == "mu":
        if t[1] == var:
            return v
        return Roll(map_functor(t[2], v.value, var, binders + [t], f))
    if kind == "nu":
        if t[1] == var:
            return v
        inner = binders + [t]
        return Lazy(lambda: map_functor(t[2], v.force(), var, inner, f))
    return v  # real, unit, arrow: no recursive position


def fold(fixpoint, body, value):
    """fold value with x -> body(x), for value : fixpoint = ('mu', a, F): structural recursion,
    which the structure of the input (static given its index) unrolls at trace time."""
    _, var, functor = fixpoint

    def node(rolled):
        return body(map_functor(functor, rolled.value, var, [], node))
    return node(value)


def unfold(fixpoint, body, seed):
    """unfold seed with x -> body(x), of type fixpoint = ('nu', a, F): lazy."""
    _, var, functor = fixpoint

    def node(s):
        return Lazy(lambda: map_functor(functor, body(s), var, [], node))
    return node(seed)


def read_value(t, index, take, at, binders=()):
    """The value of type t with the protocol index `index`; take(start, shape) gives the
    coordinates from `start` on as a tensor of that shape (0-d for ()); at = [next coordinate]."""
    t = _resolve(t, list(binders))
    kind = t[0]
    if kind == "real":
        n = index["reals"]
        value = take(at[0], t[1])
        at[0] += n
        return value
    if kind == "unit":
        return ()
    if kind == "prod":
        left, right = index["pair"]
        first = read_value(t[1], left, take, at, binders)
        return (first, read_value(t[2], right, take, at, binders))
    if kind == "sum":
        inject = index["inject"]
        tag = inject["tag"]
        return Inject(tag, read_value(t[1][tag][1], inject["of"], take, at, binders))
    if kind == "mu":
        return Roll(read_value(t[2], index["roll"], take, at, tuple(binders) + (t,)))
    raise ValueError("not a data type: %r" % (kind,))


class NotData(Exception):
    """A value with a function, a stream or a value-dependent constructor where data is needed."""


def write_value(t, value, pieces, binders=(), size=None):
    """The protocol index of value : t; appends its tensors to `pieces` (size(tensor) = its
    number of reals)."""
    t = _resolve(t, list(binders))
    kind = t[0]
    if kind == "real":
        pieces.append(value)
        return {"reals": size(value) if t[1] else 1}
    if kind == "unit":
        return {"unit": True}
    if kind == "prod":
        left = write_value(t[1], value[0], pieces, binders, size)
        return {"pair": [left, write_value(t[2], value[1], pieces, binders, size)]}
    if kind == "sum":
        if not isinstance(value.tag, int):
            raise NotData("a constructor chosen by a comparison under tracing")
        name, payload = t[1][value.tag]
        return {"inject": {"ctor": name, "tag": value.tag,
                           "of": write_value(payload, value.value, pieces, binders, size)}}
    if kind == "mu":
        return {"roll": write_value(t[2], value.value, pieces, tuple(binders) + (t,), size)}
    raise NotData("a %s in the output" % kind)


def flatten(value, leaves):
    """The structure of a value (hashable; tensors as their shapes) and its tensors appended to
    leaves, for the tool's conditional. Raises NotData on a closure or a stream."""
    if isinstance(value, tuple):
        return ("tuple",) + tuple(flatten(v, leaves) for v in value)
    if isinstance(value, Inject):
        if not isinstance(value.tag, int):
            leaves.append(value.tag)
            return ("inject?", flatten(value.value, leaves))
        return ("inject", value.tag, flatten(value.value, leaves))
    if isinstance(value, Roll):
        return ("roll", flatten(value.value, leaves))
    if isinstance(value, Lazy) or callable(value):
        raise NotData("a %s" % ("stream" if isinstance(value, Lazy) else "function"))
    leaves.append(value)
    return ("tensor", tuple(value.shape))


def unflatten(structure, leaves):
    """The inverse of flatten: leaves is an iterator."""
    kind = structure[0]
    if kind == "tuple":
        return tuple(unflatten(s, leaves) for s in structure[1:])
    if kind == "inject?":
        tag = next(leaves)
        return Inject(tag, unflatten(structure[1], leaves))
    if kind == "inject":
        return Inject(structure[1], unflatten(structure[2], leaves))
    if kind == "roll":
        return Roll(unflatten(structure[1], leaves))
    return next(leaves)
