"""What a translation's code calls as `rt`: constructors, case, comparisons, folds, domain checks.

EagerRuntime (modes that run the program on concrete values: eager autograd, forward_ad,
torch.func, torch.compile, GradientTape), ReplayRuntime (JAX without jit): `case` is Python
branching, a comparison is decided on the concrete values (a tie is a domain error, as the
oracle's reference has it), log / sqrt / division check their argument. TracedRuntime (jit,
tf.function): a comparison is the tool's boolean tensor, `case` on it is the tool's conditional
(both branches must give values of one structure: else the program is unsupported in this mode).
"""
from .adapter_kit import DomainError, Unsupported
from .values import Inject, Lazy, NotData, Roll, flatten, fold, unfold, unflatten


class EagerRuntime:
    Inject = Inject
    Roll = Roll

    def __init__(self, backend):
        self.backend = backend
        self.record = []  # the comparisons' outcomes, in the order they were met

    def start(self):
        """Called before each run of the program."""
        self.record = []

    def fold(self, fixpoint, body, value):
        return fold(fixpoint, body, value)

    def unfold(self, fixpoint, body, seed):
        return unfold(fixpoint, body, seed)

    def unroll(self, value):
        if not isinstance(value, Lazy):
            raise TypeError("unroll of a value that is not a stream")
        return value.force()

    def case(self, scrutinee, branches):
        return branches[scrutinee.tag](scrutinee.value)

    def compare(self, a, b, less):
        x, y = self.backend.concrete(a), self.backend.concrete(b)
        if x == y:
            raise DomainError("a comparison at a tie (%r)" % x)
        tag = 1 if (x < y) == less else 0
        self.record.append(tag)
        return Inject(tag, ())

    def lt(self, a, b):
        return self.compare(a, b, True)

    def gt(self, a, b):
        return self.compare(a, b, False)

    def positive(self, a, name):
        for x in self.backend.floats(a):
            if not x > 0:
                raise DomainError("%s: argument %r is not positive" % (name, x))
        return a

    def nonzero(self, a):
        if any(x == 0 for x in self.backend.floats(a)):
            raise DomainError("division by zero")
        return a

    def above_minus_one(self, a):  # log1p: x > -1
        for x in self.backend.floats(a):
            if not x > -1:
                raise DomainError("log1p: argument %r is not above -1" % x)
        return a

    def not_origin(self, y, x):  # atan2: (y, x) != (0, 0); gives y
        if any(a == 0 and b == 0 for a, b in zip(self.backend.floats(y), self.backend.floats(x))):
            raise DomainError("atan2: applied to (0, 0)")
        return y


class ReplayRuntime(EagerRuntime):
    """Python branching where the tool cannot decide a comparison inside its transformation (JAX's
    grad, jvp, jacfwd, jacrev and vmap without jit trace abstract values): each comparison takes
    the outcome the eager run of the same program met at the same point (the primal is the same,
    so this is the branch Python's `if` takes on it). Partial primitives were checked there."""

    def __init__(self, backend, record):
        super().__init__(backend)
        self.recorded = list(record)
        self.position = 0

    def start(self):
        self.position = 0

    def compare(self, a, b, less):
        if self.position >= len(self.recorded):
            raise RuntimeError("the program met more comparisons than in its eager run")
        self.position += 1
        return Inject(self.recorded[self.position - 1], ())

    def positive(self, a, name):
        return a

    def nonzero(self, a):
        return a

    def above_minus_one(self, a):
        return a

    def not_origin(self, y, x):
        return y


class TracedRuntime(EagerRuntime):
    def compare(self, a, b, less):
        return Inject(self.backend.less(a, b) if less else self.backend.less(b, a), ())

    def case(self, scrutinee, branches):
        tag = scrutinee.tag
        if isinstance(tag, int):
            return branches[tag](scrutinee.value)
        payload = scrutinee.value
        structures = {}

        def branch(k):
            def run():
                leaves = []
                try:
                    structures[k] = flatten(branches[k](payload), leaves)
                except NotData as exc:
                    raise Unsupported("a comparison's branches give %s, which the tool's conditional "
                                      "cannot return" % exc) from None
                return leaves
            return run
        try:
            leaves = self.backend.cond(tag, branch(1), branch(0))
        except Unsupported:
            raise
        except Exception:
            if len(structures) == 2 and structures[0] != structures[1]:
                raise Unsupported("a comparison's branches give values of different structures "
                                  "(constructors, list lengths or shapes), which the tool's "
                                  "conditional cannot join") from None
            raise
        if structures[0] != structures[1]:
            raise Unsupported("a comparison's branches give values of different structures")
        return unflatten(structures[1], iter(leaves))

    def positive(self, a, name):
        return a

    def nonzero(self, a):
        return a

    def above_minus_one(self, a):
        return a

    def not_origin(self, y, x):
        return y
