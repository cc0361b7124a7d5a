"""Small programs as program JSON (docs/program-json.md), built by hand for the Python tools' tests,
with their derivatives worked out by hand."""
import json

R = {"kind": "real", "shape": []}
UNIT = {"kind": "unit"}
BOOL = {"kind": "sum", "constructors": [{"name": "False", "type": UNIT}, {"name": "True", "type": UNIT}]}


def arr(n):
    return {"kind": "real", "shape": [n]}


def prod(a, b):
    return {"kind": "prod", "left": a, "right": b}


def sum_type(*ctors):
    return {"kind": "sum", "constructors": [{"name": n, "type": t} for n, t in ctors]}


LIST = {"kind": "mu", "var": "a", "body": sum_type(("Nil", UNIT), ("Cons", prod(R, {"kind": "var", "name": "a"})))}
STREAM = {"kind": "nu", "var": "s", "body": prod(R, {"kind": "var", "name": "s"})}


def var(name, index):
    return {"former": "var", "name": name, "index": index}


def lit(x):
    return {"former": "literal", "hex": float(x).hex(), "decimal": x}


def prim(op, *args, **extra):
    return dict({"former": "prim", "op": op, "args": list(args)}, **extra)


def fun(param, body, param_type=R):
    return {"former": "fun", "param": param, "param_type": param_type, "body": body}


def let(name, bound, body):
    return {"former": "let", "name": name, "bound": bound, "body": body}


def app(f, a):
    return {"former": "app", "function": f, "argument": a}


def pair(a, b):
    return {"former": "pair", "first": a, "second": b}


def fst(p):
    return {"former": "fst", "pair": p}


def snd(p):
    return {"former": "snd", "pair": p}


def inject(ctor, tag, payload):
    return {"former": "inject", "ctor": ctor, "tag": tag, "payload": payload}


def case(scrutinee, *branches):
    """branches: (ctor, binder, body) in tag order."""
    return {"former": "case", "scrutinee": scrutinee,
            "branches": [{"ctor": c, "tag": k, "binder": b, "body": e} for k, (c, b, e) in enumerate(branches)]}


def program(main_body, input_type, output_type, param="x"):
    return {"format": "chad-program", "format_version": 1, "defs": [], "entry": "main",
            "input_type": input_type, "output_type": output_type,
            "main": fun(param, main_body, input_type)}


def request(prog, index, coords, ask="jacobian", seeds=(), id_=1):
    return {"kind": "differentiate", "id": id_, "ask": ask, "seeds": [list(s) for s in seeds],
            "translations": {"json": json.loads(json.dumps(prog))},
            "input": {"index": index, "coords": [float(c).hex() for c in coords]},
            "output": {"index": {}}}


def list_index(n):
    index = {"roll": {"inject": {"ctor": "Nil", "tag": 0, "of": {"unit": True}}}}
    for _ in range(n):
        index = {"roll": {"inject": {"ctor": "Cons", "tag": 1, "of": {"pair": [{"reals": 1}, index]}}}}
    return index


X = var("x", 0)

# Each primitive applied to x : real[2] (and, for matvec, a literal matrix).
MATRIX = {"former": "array", "elements": [{"former": "array", "elements": [lit(1.0), lit(2.0)]},
                                          {"former": "array", "elements": [lit(3.0), lit(4.0)]}]}
PRIMITIVE_PROGRAMS = {
    "+": prim("+", X, X), "-": prim("-", X, X), "*": prim("*", X, X), "/": prim("/", X, X),
    "neg": prim("neg", X), "sin": prim("sin", X), "cos": prim("cos", X), "exp": prim("exp", X),
    "log": prim("log", X), "sqrt": prim("sqrt", X), "tanh": prim("tanh", X),
    "sigmoid": prim("sigmoid", X), "softplus": prim("softplus", X), "sum": prim("sum", X),
    "dot": prim("dot", X, X), "matvec": prim("matvec", MATRIX, X),
    "scale": prim("scale", prim("get", X, get_index=0), X),
    # the second set's elementwise half
    "log1p": prim("log1p", X), "expm1": prim("expm1", X), "atan": prim("atan", X), "erf": prim("erf", X),
    "abs": prim("abs", X), "^": prim("^", X, exponent=3), "pow": prim("pow", X, X), "atan2": prim("atan2", X, X),
    "hypot": prim("hypot", X, X), "max": prim("max", X, X), "min": prim("min", X, X),
}

# sum of squares over a list: fold l with c -> case c of Nil _ -> 0 | Cons p -> fst p * fst p + snd p
SUM_OF_SQUARES = program(
    {"former": "fold", "scrutinee": var("l", 0), "binder": "c", "type": R,
     "body": case(var("c", 0), ("Nil", "u", lit(0.0)),
                  ("Cons", "p", prim("+", prim("*", fst(var("p", 0)), fst(var("p", 0))), snd(var("p", 0)))))},
    LIST, R, param="l")
SUM_OF_SQUARES["main"]["body"]["scrutinee"]["type"] = LIST

# |x| by a comparison: case x < 0 of False -> x * x | True -> neg x
BRANCH = program(case(prim("<", X, lit(0.0)), ("False", "u", prim("*", var("x", 1), var("x", 1))),
                      ("True", "u", prim("neg", var("x", 1)))), R, R)

# the comparison chooses the constructor of the output: traced modes cannot join the branches
EITHER = sum_type(("Left", R), ("Right", R))
CHOSEN_CONSTRUCTOR = program(case(prim("<", X, lit(0.0)), ("False", "u", inject("Left", 0, var("x", 1))),
                                  ("True", "u", inject("Right", 1, var("x", 1)))), R, EITHER)

# a closure: let f = fun y -> y * x in f x + f 2  (d/dx = 2x + 2)
CLOSURE = program(let("f", fun("y", prim("*", var("y", 0), var("x", 1))),
                      prim("+", app(var("f", 0), var("x", 1)), app(var("f", 0), lit(2.0)))), R, R)

# a stream: fst (unroll (unfold x with s -> (sin s, s * s)))  (d/dx = cos x)
STREAM_HEAD = program(fst({"former": "unroll", "value": {
    "former": "unfold", "type": STREAM, "seed": X, "binder": "s",
    "body": pair(prim("sin", var("s", 0)), prim("*", var("s", 0), var("s", 0)))}}), R, R)


# The second set's elementwise half, composed on x : real[2] (derivatives hand-derived in
# test_translation.py): log1p x + abs(-x) + x ^ 3 + erf x + pow(x, x) + hypot(x, x) + max(x, -x)
# - min(x, -x) + atan2(x, 1) + expm1 x + atan x ... each a diagonal Jacobian at x > 0.
ONES = {"former": "array", "elements": [lit(1.0), lit(1.0)]}
SECOND_SET = program(
    prim("+", prim("+", prim("+", prim("log1p", X), prim("abs", prim("neg", X))), prim("^", X, exponent=3)),
         prim("+", prim("+", prim("erf", X), prim("pow", X, X)),
              prim("+", prim("-", prim("+", prim("hypot", X, X), prim("max", X, prim("neg", X))),
                             prim("min", X, prim("neg", X))),
                   prim("+", prim("atan2", X, ONES), prim("+", prim("expm1", X), prim("atan", X)))))),
    arr(2), arr(2))
