"""Small NumPy networks for the representation estimators: ELU, Adam, a classifier MLP.

At the sizes these estimators train (batches of a few hundred rows, widths
of tens to hundreds) one step is a handful of BLAS calls; in NumPy it costs
microseconds of dispatch, where a framework's per-step overhead dominated
(docs/measures/representation.md, "Speed").
"""

from __future__ import annotations

import math

import numpy as np

ADAM_BETA1, ADAM_BETA2, ADAM_EPS = 0.9, 0.999, 1e-7
F32 = np.float32


#: Largest array `_zeros_like` serves from its cache (4 MB of float32); larger ones compare with the scalar.
_ZEROS_CACHED = 1 << 20
_zeros: dict = {}


def _zeros_like(a: np.ndarray):
    """Zeros of `a`'s shape and dtype, read-only, cut from a cached buffer (or the scalar 0 for a large `a`).

    NumPy 2.4's ``np.minimum`` of a float32 array and the scalar 0 took 13 us on 512 x 64 values, against
    an array of zeros 4 us (its vectorised loop needs two arrays of the same strides); the result is the same.
    """
    if a.size > _ZEROS_CACHED:
        return a.dtype.type(0)
    buf = _zeros.get(a.dtype)
    if buf is None or buf.size < a.size:
        buf = np.zeros(max(a.size, 1 << 16), a.dtype)
        buf.flags.writeable = False
        _zeros[a.dtype] = buf
    return buf[:a.size].reshape(a.shape)


def elu(a: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    """ELU(a) = a for a > 0, exp(a) - 1 otherwise (into `out` when given: it may be `a` itself).

    Examples
    --------
    >>> elu(np.array([-1.0, 0.0, 2.0])).round(4).tolist()
    [-0.6321, 0.0, 2.0]
    """
    # max(a, exp(min(a, 0)) - 1): exp has a vectorised float32 kernel, expm1 and where cost twice as much
    e = np.minimum(a, _zeros_like(a))
    np.exp(e, out=e)
    e -= 1
    return np.maximum(a, e, out=e if out is None else out)


def elu_grad(h: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    """d ELU / d a, written with the output h = ELU(a): 1 where h > 0, h + 1 elsewhere (into `out`, which
    may be `h`).

    Examples
    --------
    >>> elu_grad(np.array([-0.5, 0.0, 2.0])).tolist()
    [0.5, 1.0, 1.0]
    """
    g = np.minimum(h, _zeros_like(h), out=out)
    g += 1
    return g


def glorot(rng: np.random.Generator, fan_in: int, fan_out: int, fan: int | None = None) -> np.ndarray:
    """Glorot-uniform ``(fan_in, fan_out)`` float32 weights (`fan` overrides fan_in + fan_out)."""
    lim = math.sqrt(6.0 / (fan if fan is not None else fan_in + fan_out))
    return rng.uniform(-lim, lim, (fan_in, fan_out)).astype(F32)


class Adam:
    """Adam on a list of float32 arrays, updated in place, with decoupled weight decay.

    The arrays are moved into one flat buffer (the list's entries become views of it), so a step is a
    handful of NumPy calls on one vector instead of a handful per array: with eleven small arrays the
    per-call overhead was a sixth of a MINE step.

    Parameters
    ----------
    params : list of numpy.ndarray
        Replaced in place by views of the flat buffer (same shapes and values).
    learning_rate : float
    decays : list of float, optional
        Per-array decay per step, already multiplied by the learning rate (AdamW); 0 for none.

    Examples
    --------
    >>> params = [np.ones(2, F32), np.ones((1, 2), F32)]
    >>> opt = Adam(params, 0.1)
    >>> opt.step([np.ones(2, F32), -np.ones((1, 2), F32)])
    >>> np.round(params[0], 6).astype(float).round(6).tolist(), params[1].astype(float).round(6).tolist()
    ([0.9, 0.9], [[1.1, 1.1]])
    """

    def __init__(self, params, learning_rate, decays=None):
        self.flat = np.concatenate([np.asarray(p, F32).ravel() for p in params])
        self.grad = np.empty_like(self.flat)
        self._slices, start = [], 0
        for i, p in enumerate(params):
            stop = start + p.size
            self._slices.append(slice(start, stop))
            params[i] = self.flat[start:stop].reshape(p.shape)
            start = stop
        self.params = params
        #: Views of the gradient buffer shaped like the params: a caller that writes its gradients there
        #: (``out=``) calls ``step()`` with none and saves a copy per array.
        self.grads = [self.grad[sl].reshape(p.shape) for sl, p in zip(self._slices, params)]
        self.lr = float(learning_rate)
        decays = list(decays) if decays is not None else [0.0] * len(params)
        self._decayed = [(sl, F32(wd)) for sl, wd in zip(self._slices, decays) if wd]
        self.m = np.zeros_like(self.flat)
        self.v = np.zeros_like(self.flat)
        self._tmp, self._num = np.empty_like(self.flat), np.empty_like(self.flat)
        self.t = 0

    def step(self, grads=None) -> None:
        """One update with `grads` (one per param), or with those already written into `grads` views."""
        self.t += 1
        lr_t = self.lr * math.sqrt(1 - ADAM_BETA2 ** self.t) / (1 - ADAM_BETA1 ** self.t)
        g, m, v, tmp = self.grad, self.m, self.v, self._tmp
        for sl, gi in zip(self._slices, grads or ()):
            g[sl] = gi.ravel()
        m *= ADAM_BETA1
        np.multiply(g, 1 - ADAM_BETA1, out=tmp)
        m += tmp
        v *= ADAM_BETA2
        np.multiply(g, g, out=tmp)
        tmp *= 1 - ADAM_BETA2
        v += tmp
        for sl, wd in self._decayed:
            p = self.flat[sl]
            p -= wd * p
        np.sqrt(v, out=tmp)
        tmp += ADAM_EPS
        np.multiply(m, lr_t, out=self._num)
        self._num /= tmp
        self.flat -= self._num


def _row_reduce(ufunc, a: np.ndarray) -> np.ndarray:
    """``ufunc`` over each row of a (k, C) array, shape (k, 1): column by column when C is small (a
    reduction along a short last axis costs NumPy 10 us; C - 1 elementwise calls cost under 2 us each).

    Examples
    --------
    >>> _row_reduce(np.maximum, np.array([[1.0, 3.0, 2.0], [5.0, 4.0, 0.0]])).tolist()
    [[3.0], [5.0]]
    """
    if a.shape[1] > 8:
        return ufunc.reduce(a, axis=1, keepdims=True)
    out = a[:, :1].copy()
    for j in range(1, a.shape[1]):
        ufunc(out, a[:, j:j + 1], out=out)
    return out


class Classifier:
    """Softmax classifier q(z | r): ELU layers of `hidden` widths (none: multinomial logistic regression);
    `first_layer_gain` scales the first layer's weights and biases at the start (steeper units, each kink
    where it would be without it)."""

    def __init__(self, d_in: int, n_classes: int, hidden, rng: np.random.Generator, learning_rate: float,
                 first_layer_gain: float = 1.0):
        sizes = [d_in, *hidden, n_classes]
        self.params = []
        for i, (a, b) in enumerate(zip(sizes[:-1], sizes[1:])):
            w = glorot(rng, a, b)
            bias = np.zeros(b, F32)
            if i == 0 and len(hidden):
                # Each first-layer unit's kink w.x + b = 0 at a distance uniform in [0, 2] (sd of the
                # standardised input) from the origin, not all through it: boundaries away from the
                # centre (sin 2r_0 > 0, shifted uniforms) were reached far sooner (0.87 -> 0.91, 0.58 -> 0.62)
                bias = (rng.uniform(-2.0, 2.0, b) * np.linalg.norm(w, axis=0)).astype(F32)
                w *= first_layer_gain
                bias *= first_layer_gain
            self.params += [w, bias]
        self.opt = Adam(self.params, learning_rate)

    def logits(self, x: np.ndarray, keep: list | None = None) -> np.ndarray:
        h = x
        n_layers = len(self.params) // 2
        for i in range(n_layers):
            a = h @ self.params[2 * i]
            a += self.params[2 * i + 1]
            if keep is not None:
                keep.append(h)
            h = elu(a, out=a) if i < n_layers - 1 else a
        return h

    def log_probs(self, x: np.ndarray) -> np.ndarray:
        o = self.logits(x).astype(np.float64)
        return o - np.logaddexp.reduce(o, axis=1, keepdims=True)

    def train_step(self, x: np.ndarray, z: np.ndarray) -> None:
        """One Adam step on the mean cross-entropy of a batch (its value is not computed: nothing reads it)."""
        self.gradient(x, z)
        self.opt.step()

    def gradient(self, x: np.ndarray, z: np.ndarray, with_loss: bool = False,
                 input_grad: np.ndarray | None = None) -> float | None:
        """Write the gradient of the mean cross-entropy of (`x`, `z`) into ``opt.grads`` (flat: ``opt.grad``),
        and its gradient with respect to `x` into `input_grad` when one is given (a layer in front of the
        network trains through it); the mean cross-entropy itself (float64) when `with_loss`."""
        inputs: list = []
        g = self.logits(x, inputs)
        g -= _row_reduce(np.maximum, g)
        rows = np.arange(len(z))
        picked = g[rows, z].astype(np.float64) if with_loss else None
        np.exp(g, out=g)
        sums = _row_reduce(np.add, g)
        loss = float(np.mean(np.log(sums[:, 0].astype(np.float64)) - picked)) if with_loss else None
        g /= sums  # softmax p; dCE/dlogits = (p - onehot) / k
        g[rows, z] -= 1
        g /= len(z)
        ones = np.ones(len(z), F32)
        grads = self.opt.grads  # written in place: no copies into Adam's buffer
        for i in reversed(range(len(self.params) // 2)):
            h = inputs[i]
            np.matmul(h.T, g, out=grads[2 * i])
            np.matmul(ones, g, out=grads[2 * i + 1])  # the column sums: a BLAS product beats np.sum 4x here
            if i:
                g = g @ self.params[2 * i].T
                g *= elu_grad(h, out=h)  # h is this network's own activation (only inputs[0] is the caller's)
            elif input_grad is not None:
                np.matmul(g, self.params[0].T, out=input_grad)
        return loss

    def state(self) -> list:
        return [p.copy() for p in self.params]

    def load(self, state: list) -> None:
        for p, s in zip(self.params, state):
            p[...] = s
