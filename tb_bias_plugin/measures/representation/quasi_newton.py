"""Limited-memory BFGS in NumPy: full-batch training of the classifier MLP on narrow representations.

On a boundary that bends (Z = 1[cos(3 r0) + r1 > 0]) an MLP trained by Adam on mini-batches stops, at its
best validation score, with logits about half as steep as the data allow: the gradient noise of small
batches keeps the boundary blunt. Full-batch quasi-Newton steps reach a sharp boundary in a few hundred
iterations, and on a few thousand rows of a narrow representation one full-batch gradient costs about as
much as a few mini-batch steps (docs/measures/representation.md, "The classifier bound").
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from tb_bias_plugin.measures.representation.trainings import stop_point

__all__ = ["minimise"]

#: Curvature pairs kept (the "limited memory").
MEMORY = 10
#: The largest gradient component at which the search stops.
GRADIENT_TOLERANCE = 1e-9
#: Armijo's sufficient-decrease constant, and the most halvings of one step.
ARMIJO = 1e-4
MAX_HALVINGS = 20


def _direction(g, pairs):
    """-H g by the two-loop recursion over the (s, y, 1 / y's) `pairs`, oldest first."""
    q = g.copy()
    alphas = []
    for s, y, rho in reversed(pairs):
        a = rho * (s @ q)
        q -= a * y
        alphas.append(a)
    if pairs:
        s, y, _ = pairs[-1]
        q *= (s @ y) / (y @ y)  # the scale of the newest pair: the first trial step is then about right
    for (s, y, rho), a in zip(pairs, reversed(alphas)):
        q += (a - rho * (y @ q)) * s
    return -q


def minimise(fun: Callable[[np.ndarray], tuple[float, np.ndarray]], x0: np.ndarray, iterations: int,
             on_iterate: Callable[[int, np.ndarray], bool]) -> np.ndarray:
    """Minimise `fun` (value and gradient at a float64 vector) from `x0` by L-BFGS with a backtracking
    line search.

    Stops after `iterations` steps, when ``on_iterate(step, x)`` returns False, when no gradient component
    exceeds `GRADIENT_TOLERANCE`, or when no step along the direction decreases `fun`; returns the last
    point.

    Examples
    --------
    >>> a = np.diag([1.0, 10.0, 100.0])
    >>> x = minimise(lambda x: (0.5 * x @ a @ x - x.sum(), a @ x - 1), np.zeros(3), 50, lambda k, x: True)
    >>> np.round(x, 6).tolist()
    [1.0, 0.1, 0.01]
    """
    x = np.array(x0, dtype=np.float64)
    f, g = fun(x)
    pairs: list = []
    for step in range(iterations):
        stop_point()
        if not np.abs(g).max() > GRADIENT_TOLERANCE:  # a stationary point (or NaN): nothing left to do
            return x
        d = _direction(g, pairs)
        slope = float(g @ d)
        if not slope < 0:  # not a descent direction: forget the curvature, go down the gradient
            pairs.clear()
            d, slope = -g, -float(g @ g)
        t = 1.0 if pairs else min(1.0, 1.0 / max(np.abs(g).sum(), 1e-12))
        for _ in range(MAX_HALVINGS):
            x_new = x + t * d
            f_new, g_new = fun(x_new)
            if f_new <= f + ARMIJO * t * slope:
                break
            t /= 2
        else:
            return x
        s, y = x_new - x, g_new - g
        sy = float(s @ y)
        if sy > 1e-10 * float(y @ y):  # keep only pairs of positive curvature: H stays positive definite
            pairs.append((s, y, 1.0 / sy))
            del pairs[:-MEMORY]
        x, f, g = x_new, f_new, g_new
        if not on_iterate(step + 1, x):
            break
    return x
