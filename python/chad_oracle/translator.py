"""The native translation: a program's JSON (docs/program-json.md) as Python source in a tool's idiom.

One translator, one backend table per tool (chad_oracle/backends/): every primitive becomes the
tool's own operator as the table spells it (`jax.nn.sigmoid(v3)`, `torch.mv(m, v)`,
`tf.linalg.matvec(m, v)`), arrays stay the tool's tensors, pairs are Python tuples, lets are
assignments, functions are nested `def`s (closures stay closures), `case` is a call of
`rt.case(scrutinee, (branch_0, branch_1, ...))` (Python branching in eager mode, the tool's
conditional where the mode traces), folds and unfolds are `rt.fold` / `rt.unfold` over the
structure (static given the input's index). The module defines `build(rt)`, which returns `main`.
Code is three-address: one assignment per operation, so that deep programs nest no parentheses.
"""
import re

from .values import type_descriptor

FORMERS = ("var", "literal", "array", "unit", "pair", "fst", "snd", "let", "fun", "app", "inject",
           "case", "roll", "fold", "unroll", "unfold", "ascribe", "prim")
PRIMITIVES = ("+", "-", "*", "/", "neg", "sin", "cos", "exp", "log", "sqrt", "tanh", "sigmoid",
              "softplus", "sum", "dot", "matvec", "scale", "get", "vec", "<", ">",
              "mean", "prod", "logsumexp", "softmax", "norm", "cumsum", "matmul", "transpose", "outer",
              # the second set's elementwise half
              "log1p", "expm1", "atan", "erf", "abs", "^", "pow", "atan2", "hypot", "max", "min")
MAX_DEPTH = 90  # Python's parser refuses more than 100 levels of indentation


class TranslationError(Exception):
    """The program has no faithful translation (the message says why)."""


class Translator:
    def __init__(self, backend, checked):
        """backend: the tool's table (OPS, HEADER); checked: whether partial primitives check
        their argument (eager modes) or run unchecked (traced modes, non-finite answers are
        domain errors)."""
        self.backend = backend
        self.checked = checked
        self.lines = []
        self.counter = 0
        self.types = {}

    def fresh(self, hint):
        self.counter += 1
        base = re.sub(r"[^A-Za-z0-9_]", "_", hint or "v")
        return "%s_%d" % (base, self.counter)

    def emit(self, depth, text):
        if depth > MAX_DEPTH:
            raise TranslationError("the program nests functions, cases or folds more than %d deep" % MAX_DEPTH)
        self.lines.append("    " * depth + text)

    def type_name(self, t):
        descriptor = type_descriptor(t)
        if descriptor not in self.types:
            self.types[descriptor] = "T%d" % len(self.types)
        return self.types[descriptor]

    def assign(self, depth, hint, text):
        name = self.fresh(hint)
        self.emit(depth, "%s = %s" % (name, text))
        return name

    def op(self, key, *args):
        return self.backend.OPS[key].format(*args)

    def term(self, t, env, depth):
        """Emits the statements of term t at `depth`; returns the name (or atom) holding its value."""
        former = t["former"]
        handler = getattr(self, "t_" + former, None)
        if handler is None:
            raise TranslationError("unknown former %r" % (former,))
        return handler(t, env, depth)

    def t_var(self, t, env, depth):
        return env[len(env) - 1 - t["index"]]

    def t_literal(self, t, env, depth):
        return self.assign(depth, "c", self.op("const", repr(float.fromhex(t["hex"]))))

    def t_array(self, t, env, depth):
        rows = [self.term(e, env, depth) for e in t["elements"]]
        return self.assign(depth, "a", self.op("stack", ", ".join(rows)))

    def t_unit(self, t, env, depth):
        return "()"

    def t_pair(self, t, env, depth):
        first = self.term(t["first"], env, depth)
        second = self.term(t["second"], env, depth)
        return self.assign(depth, "p", "(%s, %s)" % (first, second))

    def t_fst(self, t, env, depth):
        return self.assign(depth, "fst", "%s[0]" % self.term(t["pair"], env, depth))

    def t_snd(self, t, env, depth):
        return self.assign(depth, "snd", "%s[1]" % self.term(t["pair"], env, depth))

    def t_let(self, t, env, depth):
        bound = self.term(t["bound"], env, depth)
        name = self.assign(depth, t["name"], bound)
        return self.term(t["body"], env + [name], depth)

    def function(self, hint, param_hint, body, env, depth):
        """`def hint_N(param): body; return result` at depth; returns its name."""
        name, param = self.fresh(hint), self.fresh(param_hint)
        self.emit(depth, "def %s(%s):" % (name, param))
        result = self.term(body, env + [param], depth + 1)
        self.emit(depth + 1, "return %s" % result)
        return name

    def t_fun(self, t, env, depth):
        return self.function("fun", t["param"], t["body"], env, depth)

    def t_app(self, t, env, depth):
        function = self.term(t["function"], env, depth)
        argument = self.term(t["argument"], env, depth)
        return self.assign(depth, "r", "%s(%s)" % (function, argument))

    def t_inject(self, t, env, depth):
        payload = self.term(t["payload"], env, depth)
        return self.assign(depth, t["ctor"], "rt.Inject(%d, %s)" % (t["tag"], payload))

    def t_case(self, t, env, depth):
        scrutinee = self.term(t["scrutinee"], env, depth)
        branches = sorted(t["branches"], key=lambda b: b["tag"])
        names = [self.function("case_" + b["ctor"], b["binder"], b["body"], env, depth) for b in branches]
        return self.assign(depth, "r", "rt.case(%s, (%s,))" % (scrutinee, ", ".join(names)))

    def t_roll(self, t, env, depth):
        return self.assign(depth, "roll", "rt.Roll(%s)" % self.term(t["payload"], env, depth))

    def t_fold(self, t, env, depth):
        scrutinee = self.term(t["scrutinee"], env, depth)
        body = self.function("fold", t["binder"], t["body"], env, depth)
        fixpoint = self.type_name(t["scrutinee"]["type"])
        return self.assign(depth, "r", "rt.fold(%s, %s, %s)" % (fixpoint, body, scrutinee))

    def t_unroll(self, t, env, depth):
        return self.assign(depth, "r", "rt.unroll(%s)" % self.term(t["value"], env, depth))

    def t_unfold(self, t, env, depth):
        seed = self.term(t["seed"], env, depth)
        body = self.function("unfold", t["binder"], t["body"], env, depth)
        return self.assign(depth, "s", "rt.unfold(%s, %s, %s)" % (self.type_name(t["type"]), body, seed))

    def t_ascribe(self, t, env, depth):
        return self.term(t["term"], env, depth)

    def t_prim(self, t, env, depth):
        op = t["op"]
        if op not in PRIMITIVES:
            raise TranslationError("unknown primitive %r" % (op,))
        args = [self.term(a, env, depth) for a in t["args"]]
        if op == "get":
            return self.assign(depth, "g", "%s[%d]" % (args[0], t["get_index"]))
        if op == "vec":
            return self.assign(depth, "vec", self.op("stack", ", ".join(args)))
        if op in ("<", ">"):
            return self.assign(depth, "cmp", "rt.%s(%s, %s)" % ("lt" if op == "<" else "gt", *args))
        if op == "^":  # the exponent, an integer 0..64, as the operator's second argument
            args = [args[0], "%d" % t["exponent"]]
        if self.checked and op in ("log", "sqrt", "pow"):
            args = ["rt.positive(%s, %r)" % (args[0], op)] + args[1:]
        if self.checked and op == "log1p":
            args = ["rt.above_minus_one(%s)" % args[0]]
        if self.checked and op == "atan2":
            args = ["rt.not_origin(%s, %s)" % (args[0], args[1]), args[1]]
        if self.checked and op == "/":
            args = [args[0], "rt.nonzero(%s)" % args[1]]
        return self.assign(depth, "v", self.op(op, *args))

    def module(self, program):
        """The translation's source text: the tool's imports, the type descriptors of folds and
        unfolds, and build(rt) returning main."""
        self.lines = []
        self.emit(1, "# main : %s -> %s" % (program.get("input_type_text", "?"), program.get("output_type_text", "?")))
        main = self.term(program["main"], [], 1)
        self.emit(1, "return %s" % main)
        head = [self.backend.HEADER.rstrip("\n"), ""]
        head += ["%s = %r" % (name, descriptor) for descriptor, name in self.types.items()]
        head += ["", "", "def build(rt):"]
        return "\n".join(head + self.lines) + "\n"


def translate(program, backend, checked):
    """The source text of program (a parsed program JSON) for backend, checked (eager) or not."""
    return Translator(backend, checked).module(program)
