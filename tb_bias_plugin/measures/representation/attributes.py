"""Protected attributes as class codes, including intersections (NumPy only)."""

from __future__ import annotations

from typing import Sequence

import numpy as np

from tb_bias_plugin.core.intersections import intersection_codes, intersection_names
from tb_bias_plugin.measures.representation.entropy import MAX_CLASSES, validate_protected


def product_codes(attributes: Sequence, names: Sequence[Sequence[str]] | None = None) -> tuple[np.ndarray, list[str]]:
    """Codes of the intersection of several attributes, and the class names.

    Code ``((a * C_b) + b) * C_c + c ...`` for classes ``a, b, c, ...``,
    where ``C_x`` is the number of classes of attribute x (its largest code
    plus one, or its number of names). Classes no sample falls in are
    kept (their count is 0), so codes mean the same at every step; so the
    product of the class counts may be at most ``entropy.MAX_CLASSES``.

    Parameters
    ----------
    attributes : sequence of array_like of int, each shape (n,)
    names : sequence of sequences of str, optional
        Class names of each attribute; default the codes as text.

    Returns
    -------
    codes : numpy.ndarray of int64, shape (n,)
    class_names : list of str
        ``"a/b/..."`` for every product code.

    Examples
    --------
    >>> codes, names = product_codes([[0, 1, 1], [2, 0, 1]], [["f", "m"], ["x", "y", "z"]])
    >>> codes.tolist(), names
    ([2, 3, 4], ['f/x', 'f/y', 'f/z', 'm/x', 'm/y', 'm/z'])
    """
    if len(attributes) == 0:
        raise ValueError("product_codes needs at least one attribute")
    first = np.asarray(attributes[0])
    arrays = [validate_protected(a, first.shape[0] if first.ndim == 1 else -1) for a in attributes]
    if names is not None and len(names) != len(arrays):
        raise ValueError("give one list of names per attribute")
    sizes, labels = [], []
    for i, a in enumerate(arrays):
        top = int(a.max()) + 1 if a.size else 0
        if names is not None:
            if len(names[i]) < top:
                raise ValueError("attribute %d has code %d but only %d names" % (i, top - 1, len(names[i])))
            labels.append([str(x) for x in names[i]])
        else:
            labels.append([str(c) for c in range(top)])
        sizes.append(len(labels[-1]))
    classes = int(np.prod(sizes, dtype=object))
    if classes > MAX_CLASSES:  # said here, where the attributes are still named, not by the estimator
        raise ValueError("the intersection has %d classes (%s), more than the %d an estimate takes; intersect "
                         "fewer attributes or group their values" % (classes, " x ".join(map(str, sizes)), MAX_CLASSES))
    return intersection_codes(arrays, sizes), intersection_names(labels, "/")
