"""Small dense linear algebra for the fits (a handful of unknowns, so plain lists suffice)."""

from __future__ import annotations


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a x = b, by Gauss-Jordan elimination with partial pivoting. An unknown whose column
    has no pivot left (a singular system) gets 0 rather than a division by zero."""
    n = len(b)
    m = [row[:] + [bv] for row, bv in zip(a, b)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        for r in range(n):
            if r != col and m[col][col]:
                f = m[r][col] / m[col][col]
                for c in range(col, n + 1):
                    m[r][c] -= f * m[col][c]
    return [m[i][n] / m[i][i] if m[i][i] else 0.0 for i in range(n)]
