"""Forward-mode AD by dual numbers (value + tangent e, e * e = 0), judged through the adapter kit."""
import math
from chad_oracle import kit


class Dual:
    def __init__(self, value, tangent=0.0):
        self.value, self.tangent = value, tangent

    __float__ = lambda self: float(self.value)
    __add__ = lambda self, o: Dual(self.value + float(o), self.tangent + lift(o).tangent)
    __mul__ = lambda self, o: Dual(self.value * float(o), self.tangent * float(o) + self.value * lift(o).tangent)
    __radd__, __rmul__ = __add__, __mul__
    __neg__ = lambda self: Dual(-self.value, -self.tangent)
    __sub__ = lambda self, o: self + -lift(o)
    __rsub__ = lambda self, o: lift(o) + -self
    __truediv__ = lambda self, o: Dual(self.value / float(o), (self.tangent - self.value / float(o) * lift(o).tangent) / float(o))
    __rtruediv__ = lambda self, o: lift(o) / self
    chain = lambda self, f, df: Dual(f(self.value), df(self.value) * self.tangent)  # f(x + t e) = f(x) + f'(x) t e
    sin = lambda self: self.chain(math.sin, math.cos)
    cos = lambda self: self.chain(math.cos, lambda v: -math.sin(v))
    exp = lambda self: self.chain(math.exp, math.exp)
    log = lambda self: self.chain(math.log, lambda v: 1 / v)
    sqrt = lambda self: self.chain(math.sqrt, lambda v: 0.5 / math.sqrt(v))
    tanh = lambda self: self.chain(math.tanh, lambda v: 1 - math.tanh(v) ** 2)
    sigmoid = lambda self: 1 / (1 + (-self).exp())  # (abs, max, min: the kit's, by comparisons)
    softplus = lambda self: (1 + self.exp()).log()
    pow = lambda self, o: (lift(o) * self.log()).exp()


lift = lambda v: v if isinstance(v, Dual) else Dual(float(v))  # a constant: tangent 0


def jvp(f, x, seed):  # f: the program on lists of numbers; x: the input point; seed: the tangent
    return [lift(y).tangent for y in f([Dual(a, s) for a, s in zip(x, seed)])]


if __name__ == "__main__":
    kit.serve_scalar_tool("dual-numbers", "1.0", number=Dual, jvp=jvp)
