"""Counter-based random numbers: the n-th draw of a fight is a pure function of (seed, n).

The whole generator state is two integers, the seed in the fight record and the count of draws made so far,
so a replay gives the same numbers on CPython and in Pyodide, and "the next random number" survives a reload.
The mixing function is SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators",
OOPSLA 2014), applied to ``seed + (n + 1) * golden gamma``; integer arithmetic only, no floats.

>>> [random_number(7, n) for n in range(10)]
[3, 0, 9, 5, 4, 2, 4, 3, 1, 4]
>>> die(7, 0) in range(1, 7)
True
"""

from __future__ import annotations

MASK64 = (1 << 64) - 1
GOLDEN_GAMMA = 0x9E3779B97F4A7C15
MAX_SEED = (1 << 53) - 1  # the largest integer a JSON number carries exactly in JavaScript


def mix64(seed: int, n: int) -> int:
    """The n-th 64-bit output for ``seed`` (SplitMix64's finaliser over a Weyl sequence)."""
    z = (seed + (n + 1) * GOLDEN_GAMMA) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def uniform(seed: int, n: int, size: int) -> int:
    """An integer in ``range(size)``, by the multiply-shift map (bias below 2**-60 for small sizes)."""
    return (mix64(seed, n) * size) >> 64


def random_number(seed: int, n: int) -> int:
    """A pick from the Random Number Table, 0-9."""
    return uniform(seed, n, 10)


def die(seed: int, n: int) -> int:
    """One six-sided die, 1-6."""
    return uniform(seed, n, 6) + 1
