# PyTorch's softplus is the identity above `threshold` (default 20): in float64 its value and its
# derivative there are millions of ulps from log(1 + e^x) and its derivative sigmoid(x).
# Standalone: PyTorch alone. The certified enclosures below are CHAD Oracle's
# (`chad-oracle jacobian sp.chad --at X --method interval`, 128-bit interval dual numbers, for
# `def main (x : real) : real = softplus(x);`); the float64 band is the oracle's precision rule
# (every operation may err by 8 ulps: about +-2e-15 here).
import torch

F = torch.nn.functional
CASES = [  # x (exact), the certified enclosure of d softplus / dx = sigmoid(x), the value (interval midpoint)
    ("0x1.48p+4", (0.9999999987498471, 0.9999999987498472), 20.500000001250154),  # x = 20.5
    ("0x1.ep+4", (0.9999999999999064, 0.9999999999999065), 30.000000000000092),  # x = 30
]
wrong = 0
for text, (lo, hi), value in CASES:
    for threshold in (20.0, 40.0):
        x = torch.tensor(float.fromhex(text), dtype=torch.float64, requires_grad=True)
        y = F.softplus(x, threshold=threshold)  # threshold=20.0 is PyTorch's default
        (dy,) = torch.autograd.grad(y, x)
        band = 8 * 2.0 ** -53 * 4  # the float64 rule, a few operations deep
        inside = lo * (1 - band) <= dy.item() <= hi * (1 + band)
        wrong += not inside
        print("x = %s, threshold = %g: softplus = %r (log(1 + e^x) = %r), d/dx = %r, certified [%r, %r]: %s"
              % (float.fromhex(text), threshold, y.item(), value, dy.item(), lo, hi,
                 "inside" if inside else "OUTSIDE"))
print("VERDICT: %d of %d derivatives OUTSIDE the enclosure (all at the default threshold): PyTorch's documented"
      " convention" % (wrong, 2 * len(CASES)))
