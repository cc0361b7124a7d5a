"""PyTorch: the gradient of torch.prod is lost when the product underflows (CHAD Oracle, 2026-11-27).

Run with PyTorch alone: `python pytorch-prod-underflow.py`. Each partial derivative of prod(x) is the
product of the other entries, a normal float64 number here (1.0); torch.prod's backward divides the
product by each entry when none is zero, and the product has underflowed to 0. The enclosures are
CHAD Oracle's (`chad-oracle verify prod.chad --at X --points 0 --adapter ...`): the certified one
(MPFI) and the one every float64 computation whose operations each err by at most 8 ulp falls in.
"""
import torch

CASES = [
    # (input, entry, certified enclosure, float64 enclosure)
    ([1e-200, 1e-200, 1e200], 0, (0.9999999999999999, 1.0), (0.9999999999999954, 1.0000000000000044)),
    ([1e-300, 1e-300, 1e300], 0, (1.0, 1.0000000000000002), (0.9999999999999956, 1.0000000000000047)),
]
wrong = 0
for point, k, (lo, hi), (wlo, whi) in CASES:
    x = torch.tensor(point, dtype=torch.float64, requires_grad=True)
    torch.prod(x).backward()
    got = x.grad[k].item()
    inside = lo <= got <= hi or wlo <= got <= whi
    wrong += not inside
    print("d prod(x) / d x[%d] at %r = %r   certified [%r, %r], in float64 [%r, %r]: %s"
          % (k, point, got, lo, hi, wlo, whi, "inside" if inside else "OUTSIDE"))
print("VERDICT: %s" % ("%d of %d derivatives OUTSIDE the enclosure: torch.prod's gradient is wrong where the "
                       "product underflows" % (wrong, len(CASES)) if wrong else "every derivative inside the enclosure"))
