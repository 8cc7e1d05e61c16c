"""Every form a batch of predictions or identities may take, as one.

A batch arrives as scores, 0/1 or bool arrays, a scipy.sparse matrix,
per-example lists of label names or of column indices, or (identities)
attribute values; `batch_source` validates it and gives its positive cells
per threshold in CSR form (`Positives`), which the counting backends
(backends.py) take. Attribute columns become identities in
`attribute_identities`.
"""

import itertools
import math
import re

import numpy as np

from tb_bias_plugin.core.intersections import MISSING, category_codes, combination_of, intersection_codes
from tb_bias_plugin.core.validation import MAX_NAME, check_names, host_values, preview
from tb_bias_plugin.measures.association import backends
from tb_bias_plugin.measures.association.table import check_identity_names, identity_name

# Dense cells (examples x columns) turned into positives at once: a dense
# batch is counted in row blocks so that the working memory stays a small
# fraction of the batch itself (at most 1/_DENSE_PARTS of its cells).
_DENSE_CELLS = 1 << 21
_DENSE_PARTS = 32

#: The option of `UNKNOWN_HINT`, which a caller that made the counter itself names its own way.
UNKNOWN_OPTION = "pass unknown_labels='ignore' to CooccurrenceCounter"
UNKNOWN_HINT = UNKNOWN_OPTION + " to skip names that are not labels (e.g. out-of-vocabulary tokens), or add them to label_names"
IDENTITY_HINT = "add them to identity_labels, or fix the identities"

_ABOUT_ROW = re.compile(r"(predictions|identities|example_ids|example_text|example_uris)\[(\d+)\] (.*)", re.S)


def about_row(error: ValueError) -> tuple[str, int, str] | None:
    """``(argument, row, what is wrong)`` of an update's error about one row of its batch, or None, so that a
    caller that batched the rows itself (a file, a PCollection) can say which row of its own it was.

    Examples
    --------
    >>> about_row(ValueError("predictions[3] has names that are not among the 2 given: 'x'"))
    ('predictions', 3, "has names that are not among the 2 given: 'x'")
    """
    found = _ABOUT_ROW.match(str(error))
    return None if found is None else (found.group(1), int(found.group(2)), found.group(3))


def model_scores(scores: np.ndarray, labels: int, first: int, x_name: str, batch: int) -> np.ndarray:
    """A model's output on batch ``batch`` (rows from ``first`` on) of ``x_name`` as ``[batch, labels]`` scores:
    a one-label model's ``[batch]`` is its one column; any other shape, or no rows, is refused, said of the
    model and of its batch."""
    if np.ndim(scores) == 1 and labels == 1:  # one score per row, as a binary sigmoid gives it
        scores = np.reshape(scores, (-1, 1))
    if np.ndim(scores) != 2 or np.shape(scores)[1] != labels:
        raise ValueError("the model's output must be [batch, %d] scores, one per label name; got shape %s on the "
                         "batch from row %d of %s" % (labels, np.shape(scores), first, x_name))
    if np.shape(scores)[0] == 0:
        raise ValueError("batch %d of %s (0-based; %d rows before it) holds no rows" % (batch, x_name, first))
    return scores


def update_from_model(counter, scores: np.ndarray, first: int, x_name: str, **arguments) -> None:
    """``counter.update(scores, **arguments)`` of a model's ``scores`` on the rows of ``x_name`` from row
    ``first`` on, its errors said of the model's output and of rows of ``x_name``: a logging helper
    batches the rows itself, and its caller never named "predictions" nor the batch.

    Raises
    ------
    ValueError
        The counter's own error about a row, said of that row (`model_scores` checks their shape first).
    """
    try:
        counter.update(scores, **arguments)
    except ValueError as error:
        found = about_row(error)
        if found is None:
            raise
        what, index, rest = found
        where = ("the model's output on row %d of %s" % (first + index, x_name) if what == "predictions"
                 else "%s[%d]" % (what, first + index))
        raise ValueError("%s %s" % (where, rest)) from None


def attribute_value(value):
    """The name an attribute value gives its group, or None for a missing one.

    None, "" and NaN are missing; bytes are UTF-8 text (as a TensorFlow string
    tensor gives them); a whole number stored as a float (a column with gaps,
    read from Parquet or JSON) names the same group as the integer.

    Raises
    ------
    ValueError
        If the value is not a single string, number or bool.

    Examples
    --------
    >>> [attribute_value(v) for v in ("f", b"m", 3, 3.0, 2.5, float("nan"), "", None)]
    ['f', 'm', '3', '3', '2.5', None, None, None]
    """
    if value is None or (isinstance(value, (float, np.floating)) and math.isnan(value)):
        return None
    if isinstance(value, (bytes, np.bytes_)):  # a TensorFlow string tensor's values
        try:
            value = value.decode("utf-8")
        except UnicodeDecodeError:
            raise ValueError("an attribute's bytes must be UTF-8, got %r" % (value[:40],)) from None
    if isinstance(value, (str, int, np.integer, bool, np.bool_)):
        return str(value) or None
    if isinstance(value, (float, np.floating)) and math.isfinite(value):
        return str(int(value)) if float(value).is_integer() else str(value)  # float32 0.1 is "0.1"
    raise ValueError("an attribute must be a single value, got %r" % (value,))


def check_identity_lengths(names):
    """Identities named after attribute values are names like any other, of at most `MAX_NAME`
    characters (a route is asked for them by name); the error says which value made one too long.

    Examples
    --------
    >>> check_identity_lengths(["sex=" + "f" * 1000])
    Traceback (most recent call last):
    ...
    ValueError: the attribute values make an identity of 1004 characters, over the 1000 a name may have: 'sex=ffffffffffffffffffffffffffffffffffff'...
    """
    long = next((name for name in names if len(name) > MAX_NAME), None)
    if long is not None:
        raise ValueError("the attribute values make an identity of %d characters, over the %d a name may have: %r..."
                         % (len(long), MAX_NAME, long[:40]))


def attribute_identities(attributes, intersections=(), *, singles=True):
    """Identities from attribute columns, and their intersections.

    Each attribute value becomes an identity named ``column=value``; each
    requested intersection of columns becomes one identity per combination
    of values seen, named ``a=1 & b=2`` (the parts, joined by `` & ``).

    Parameters
    ----------
    attributes : mapping of str to sequence
        Column name to one value per example; None, "" or NaN is missing (the
        example has no identity of that column). Values are named by
        `attribute_value` (a whole float as its integer).
    intersections : sequence of sequence of str
        Groups of column names to intersect, e.g. ``[("sex", "age")]``.
    singles : bool, default True
        Whether each column's own values are identities too.

    Returns
    -------
    (names, indicator)
        The identity names (columns in the given order, values sorted) and
        an (n, k) bool array to pass as ``identities=``.

    Examples
    --------
    >>> names, ind = attribute_identities(
    ...     {"sex": ["f", "m", "f"], "age": ["60+", "60+", "<30"]}, [("sex", "age")])
    >>> names
    ('sex=f', 'sex=m', 'age=60+', 'age=<30', 'sex=f & age=60+', 'sex=f & age=<30', 'sex=m & age=60+')
    >>> ind.astype(int).tolist()[0]
    [1, 0, 1, 0, 1, 0, 0]
    """
    if not hasattr(attributes, "items") or not attributes:
        raise ValueError("attributes must be a non-empty mapping of column name to values")
    columns, n = {}, None
    for column, values in attributes.items():
        if not isinstance(column, str) or not column or "=" in column or "&" in column:
            raise ValueError("attribute column names must be non-empty strings without '=' or '&', got %r" % (column,))
        values = values.tolist() if isinstance(values, np.ndarray) else list(values)
        try:  # a column of strings (the usual) without a call per value
            plain = set(map(type, values)) <= {str, type(None)}
            values = [v or None for v in values] if plain else list(map(attribute_value, values))
        except ValueError as e:
            raise ValueError("attribute %r: %s" % (column, e)) from None
        if n is None:
            n = len(values)
        elif len(values) != n:
            raise ValueError("attribute %r has %d values but the first has %d" % (column, len(values), n))
        columns[column] = values
    if not n:
        raise ValueError("attributes hold no examples")
    groups = []
    for group in intersections:
        group = check_names(group, "an intersection")
        if len(group) < 2:
            raise ValueError("an intersection needs at least two columns, got %r" % (group,))
        for column in group:
            if column not in columns:
                raise ValueError("intersection column %r is not an attribute (have %s)" % (column, preview(columns)))
        groups.append(group)
    coded = {column: category_codes(values) for column, values in columns.items()}
    names, rows = [], []
    if singles:
        for column, (codes, levels) in coded.items():
            for i, level in enumerate(levels):
                names.append(identity_name([(column, level)]))
                rows.append(codes == i)
    for group in groups:
        sizes = [len(coded[c][1]) for c in group]
        combined = intersection_codes([coded[c][0] for c in group], sizes)
        for code in np.unique(combined[combined != MISSING]):
            parts = combination_of(code, sizes)
            names.append(identity_name((c, coded[c][1][k]) for c, k in zip(group, parts)))
            rows.append(combined == code)
    if not names:
        raise ValueError("the attributes hold no values")
    check_identity_lengths(names)
    indicator = np.stack(rows, axis=1)
    return check_identity_names(names, "identities"), indicator


class Positives:
    """The positive cells of one batch at one threshold, in CSR form.

    ``cols[indptr[i]:indptr[i + 1]]`` are the positive columns of row i,
    unique within the row.
    """

    __slots__ = ("indptr", "cols")

    def __init__(self, indptr, cols):
        self.indptr, self.cols = indptr, cols

    @classmethod
    def from_sorted_rows(cls, n, rows, cols):
        indptr = np.zeros(n + 1, dtype=np.int64)
        np.cumsum(np.bincount(rows, minlength=n), out=indptr[1:])
        return cls(indptr, cols)

    def rows_of(self, cells):
        """Row of each given positive cell."""
        return np.searchsorted(self.indptr, cells, side="right") - 1

    def slice(self, lo, hi):
        """Rows ``lo:hi`` as their own batch."""
        first, last = self.indptr[lo], self.indptr[hi]
        return Positives(self.indptr[lo : hi + 1] - first, self.cols[first:last])


class Compact:
    """Positives already held per threshold (sparse input, names, indices)."""

    def __init__(self, positives):
        self.positives = positives

    def blocks(self, n, width):
        return [(0, n)]

    def rows(self, lo, hi):
        return self.positives


class Dense:
    """A dense batch whose rows are validated and thresholded block by block."""

    def __init__(self, array, thresholds, what):
        self.array, self.thresholds, self.what = array, thresholds, what

    def blocks(self, n, width):
        cells = min(_DENSE_CELLS, max(width, n * width // _DENSE_PARTS))
        step = max(1, cells // max(1, width))
        return [(lo, min(n, lo + step)) for lo in range(0, n, step)]

    def rows(self, lo, hi):
        block = self.array[lo:hi]
        n = block.shape[0]
        mode = _check_values(block, self.what, lo)
        if mode == "binary":
            rows, cols = np.nonzero(block)
            return [Positives.from_sorted_rows(n, rows, cols)] * len(self.thresholds)
        # One pass over the block at the lowest threshold; the others only
        # filter those cells.
        rows, cols = np.nonzero(block > min(self.thresholds))
        scores = block[rows, cols]
        result = []
        for t in self.thresholds:
            keep = scores > t
            result.append(Positives.from_sorted_rows(n, rows[keep], cols[keep]))
        return result


def batch_source(batch, names, index, thresholds, what, *, ignore_unknown, single_name_rows=False):
    """Validate one batch; return ``(n, source)`` (a `Compact` or `Dense`)."""
    width = len(names)
    if _is_scipy_sparse(batch):
        return _sparse_positives(batch, width, thresholds, what)
    if isinstance(batch, np.ndarray) or hasattr(batch, "__array__") or hasattr(batch, "shape"):
        array = as_array(batch, what, width)
        if not (array.ndim == 1 and array.dtype.kind in "USO"):
            return _dense_positives(array, width, thresholds, what)
        batch = array.tolist()  # one name (or list of names) per example
    if isinstance(batch, (str, bytes)) or not hasattr(batch, "__iter__"):
        raise ValueError(
            "%s must be an array, a scipy.sparse matrix or a list of per-example "
            "label-name lists, got %r" % (what, type(batch).__name__)
        )
    rows = list(batch)
    if not rows:
        raise ValueError("%s is an empty batch" % what)
    if _looks_numeric(rows):
        return _dense_positives(rows, width, thresholds, what)
    n, positives = _name_positives(rows, names, index, what, ignore_unknown, single_name_rows)
    return n, Compact([positives] * len(thresholds))



def _is_scipy_sparse(x):
    return type(x).__module__.startswith("scipy.sparse") and hasattr(x, "tocsr")


def _looks_numeric(rows):
    """Whether ``rows`` (a list) holds numbers rather than label names."""
    for i, row in enumerate(rows):
        if isinstance(row, (str, bytes)) or row is None:
            return False
        if isinstance(row, (bool, int, float, np.number)):
            return True
        try:
            if iter(row) is row:  # a one-shot iterator: keep what we peek at
                row = rows[i] = list(row)
            first = next(iter(row), None)
        except TypeError:
            return False
        if first is None:
            continue
        return not isinstance(first, (str, bytes))
    return False


def _bad_score(values: np.ndarray, bad: np.ndarray, what: str, first_row: int, kind: str, hint: str) -> ValueError:
    """The error of scores that are NaN, negative or above 1: said of the first such row and column of a dense
    block (its rows start at `first_row`) as ``predictions[i] ...``, which a caller that made the batch maps
    to its own row (`about_row`); of the whole batch for a sparse matrix's values."""
    if values.ndim != 2:
        return ValueError("%s contains %s%s" % (what, "scores above 1" if kind == "above 1" else kind + " scores", hint))
    row, column = np.argwhere(bad)[0]
    one = "a score above 1" if kind == "above 1" else "a %s score" % kind
    value = "" if kind == "NaN" else ", %g," % values[row, column]
    return ValueError("%s[%d] has %s%s in column %d%s" % (what, first_row + row, one, value, column, hint))


def _check_values(values, what, first_row=0):
    """Validate cell values; return "binary" or "scores"."""
    kind = values.dtype.kind
    if kind == "b":
        return "binary"
    if kind in "iu":
        if values.size and (values.min() < 0 or values.max() > 1):
            if values.ndim == 2:
                row, column = np.argwhere((values < 0) | (values > 1))[0]
                raise ValueError("%s[%d] has %d in column %d: integers must be 0/1 indicators (or give float "
                                 "scores)" % (what, first_row + row, values[row, column], column))
            raise ValueError(
                "%s: integer values must be 0/1 indicators, got values in [%d, %d] "
                "(duplicate entries of a scipy.sparse matrix are summed)"
                % (what, values.min(), values.max())
            )
        return "binary"
    if kind == "f":
        if values.size:
            low, high = values.min(), values.max()
            logits = "; pass probabilities, e.g. apply a sigmoid to logits"
            if np.isnan(low) or np.isnan(high):  # min and max propagate NaN: no mask needed
                raise _bad_score(values, np.isnan(values), what, first_row, "NaN", "")
            if low < 0:
                raise _bad_score(values, values < 0, what, first_row, "negative", " (the smallest is %g)%s" % (low, logits))
            if high > 1:
                raise _bad_score(values, values > 1, what, first_row, "above 1", " (the largest is %g)%s" % (high, logits))
        return "scores"
    if kind in "USO":
        raise ValueError(
            "%s is an array of %s; give label names as a list of per-example lists "
            "(they may differ in length), or scores / 0/1 indicators as a numeric array"
            % (what, "strings" if kind in "US" else "objects")
        )
    raise ValueError(
        "%s has unsupported dtype %s; expected bool, 0/1 integers or float scores"
        % (what, values.dtype)
    )


#: TensorFlow's tensors that NumPy reads as a 0-d object ("got shape ()"), and how to pass them.
_TF_TENSORS = {"RaggedTensor": "its rows as lists of str, [[t.decode() for t in row] for row in "
                                "ragged.to_list()], or scores as ragged.to_tensor()",
               "SparseTensor": "tf.sparse.to_dense(sparse)"}


def as_array(batch, what, width):
    """``batch`` (``what``: "predictions" or "identities", rows of ``width``
    values, one per name given) as a NumPy array.

    Raises
    ------
    ValueError
        If NumPy cannot read it: for a list whose rows differ in shape,
        the first row that is not ``width`` values is named as ``what[i]``
        (which `about_row` reads), not by NumPy's "inhomogeneous shape".

    Examples
    --------
    >>> as_array([[1, 0], [0, 1]], "identities", 2).shape
    (2, 2)
    >>> as_array([[1, 0], [1, 0, 1]], "identities", 2)
    Traceback (most recent call last):
    ...
    ValueError: identities[1] has shape (3,), expected (2,): one value per name given
    """
    kind = type(batch).__name__
    if kind in _TF_TENSORS and type(batch).__module__.startswith("tensorflow"):
        raise ValueError("%s is a tf.%s, which is not read as an array: pass %s" % (what, kind, _TF_TENSORS[kind]))
    try:  # a PyTorch tensor that requires grad or is bfloat16 is read as every other measure reads it
        return np.asarray(host_values(batch))
    except Exception as e:  # the array-like's own error
        ragged = _ragged_row(batch, width, what) if isinstance(batch, (list, tuple)) else None
        if ragged is not None:
            raise ragged from None
        raise ValueError("%s could not be read as an array: %s" % (what, e))


def _ragged_row(rows, width, what):
    """The error of the first of ``rows`` that is not ``width`` values, or None."""
    for i, row in enumerate(rows):
        try:
            shape = np.shape(row)
        except ValueError:  # the row is itself ragged, e.g. [1, [0]]
            return ValueError("%s[%d] is a ragged nested list, expected shape (%d,): one value per name given"
                              % (what, i, width))
        if shape != (width,):
            return ValueError("%s[%d] has shape %s, expected (%d,): one value per name given" % (what, i, shape, width))
    return None


def _dense_positives(batch, width, thresholds, what):
    array = as_array(batch, what, width)
    if array.dtype.kind in "USO" and isinstance(batch, list):
        _check_number_rows(batch, what)
    if array.ndim != 2:
        raise ValueError("%s must be 2-D (examples x columns), got shape %s" % (what, array.shape))
    n, columns = array.shape
    if n == 0:
        raise ValueError("%s is an empty batch" % what)
    if array.dtype.kind in "USO":
        _check_values(array, what)  # names in an array: say so, not "wrong number of columns"
    if columns != width:
        raise ValueError("%s has %d columns but %d names were given" % (what, columns, width))
    if array.dtype.kind not in "biuf":
        _check_values(array[:0], what)  # unsupported dtype: say so now
    return n, Dense(array, thresholds, what)


def _sparse_positives(batch, width, thresholds, what):
    matrix = batch.tocsr()
    if matrix.ndim != 2:
        raise ValueError("%s must be 2-D, got shape %s" % (what, matrix.shape))
    n, columns = matrix.shape
    if n == 0:
        raise ValueError("%s is an empty batch" % what)
    if columns != width:
        raise ValueError("%s has %d columns but %d names were given" % (what, columns, width))
    if not matrix.has_canonical_format:
        matrix = matrix.copy()
        matrix.sum_duplicates()
    indptr, cols, data = matrix.indptr.astype(np.int64), matrix.indices, matrix.data
    mode = _check_values(data, what)
    if mode == "binary":
        masks = [None if data.all() else data != 0] * len(thresholds)
    else:
        masks = [data > t for t in thresholds]
    result, made = [], {}
    for keep in masks:
        if id(keep) not in made:
            if keep is None or keep.all():
                made[id(keep)] = Positives(indptr, cols)
            else:
                kept_before = np.concatenate([[0], np.cumsum(keep, dtype=np.int64)])
                made[id(keep)] = Positives(kept_before[indptr], cols[keep])
        result.append(made[id(keep)])
    return n, Compact(result)


def _name_positives(rows, names, index, what, ignore_unknown, single_name_rows):
    """Per-example lists of names as `Positives`; a name repeated within an
    example counts once.

    Rows that are all lists or tuples (the usual token lists) take a path
    with no Python-level loop: the names are flattened and looked up in one
    map(), then unknown names and repeats within a row are dropped in one
    compiled pass (`_keep_once`). Any other row (a single name, None, an
    iterator, a mistake) makes every row a set first, one by one, so that a
    bad row is named.
    """
    if not set(map(type, rows)) <= {list, tuple}:
        rows = _name_sets(rows, what, single_name_rows)
    n = len(rows)
    indptr = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(np.fromiter(map(len, rows), dtype=np.int64, count=n), out=indptr[1:])
    flat = itertools.chain.from_iterable(rows)
    try:
        cols = np.fromiter(map(index.get, flat, itertools.repeat(-1)), dtype=np.int64, count=int(indptr[-1]))
    except TypeError:  # an unhashable name: the row by row path says which row
        _name_sets(rows, what, single_name_rows)
        raise
    if not ignore_unknown and cols.shape[0]:
        first = int(np.argmin(cols))
        if cols[first] < 0:
            i = int(np.searchsorted(indptr, first, side="right")) - 1
            bad = sorted({name for name in rows[i] if index.get(name, -1) == -1}, key=repr)
            # an identity is never skipped: unknown_labels= is about predicted labels only
            hint = IDENTITY_HINT if what == "identities" else UNKNOWN_HINT
            raise ValueError("%s[%d] has names that are not among the %d given: %s; %s"
                             % (what, i, len(names), preview(bad), hint))
    return n, _keep_once(indptr, cols, len(names))


def _name_sets(rows, what, single_name_rows):
    """Each row as a set of names, checked one by one (the general path)."""
    sets = []
    append = sets.append
    for i, row in enumerate(rows):
        kind = type(row)
        if kind is not list and kind is not tuple:
            if isinstance(row, bytes):
                raise ValueError("%s[%d] is bytes; give label names as str" % (what, i))
            if row is None and single_name_rows:
                row = ()
            elif isinstance(row, str):
                if not single_name_rows:
                    raise ValueError(
                        "%s[%d] is a string; each example must be a list of label names" % (what, i)
                    )
                row = (row,)
        try:
            append(set(row))
        except TypeError:
            raise ValueError("%s[%d] is not a list of names: %r" % (what, i, row))
    return sets


def _keep_once(indptr, cols, width):
    """`Positives` of the CSR cells ``(indptr, cols)`` (both ours, rewritten)
    without negative columns (unknown names) and with each column once per row."""
    kernel = backends._compiled_kernel()
    if kernel is not None:
        kept = kernel.once_per_row(indptr, cols, width)
        return Positives(indptr, cols[:kept])
    n = indptr.shape[0] - 1
    row_ids = np.repeat(np.arange(n, dtype=np.int32 if n < 1 << 31 else np.int64), np.diff(indptr))
    known = cols >= 0
    if not known.all():
        row_ids, cols = row_ids[known], cols[known]
    if cols.shape[0] > 1:
        # A stable sort by column keeps each column's cells in row order, so
        # a repeat sits right after its row's first cell; below 2**16
        # columns NumPy sorts the 16-bit column numbers by radix.
        keys = cols.astype(np.uint16) if width <= 1 << 16 else cols
        order = np.argsort(keys, kind="stable")
        sorted_cols, sorted_rows = keys[order], row_ids[order]
        repeat = (sorted_cols[1:] == sorted_cols[:-1]) & (sorted_rows[1:] == sorted_rows[:-1])
        if repeat.any():
            keep = np.ones(cols.shape[0], bool)
            keep[order[1:][repeat]] = False
            row_ids, cols = row_ids[keep], cols[keep]
    return Positives.from_sorted_rows(n, row_ids, cols)


def index_positives(rows, width, what):
    """Per-example column-index lists as `Positives` (duplicates dropped)."""
    if isinstance(rows, (str, bytes)) or not hasattr(rows, "__iter__"):
        raise ValueError("%s must be a list of per-example index lists, got %r" % (what, type(rows).__name__))
    sets = []
    for i, row in enumerate(rows):
        try:
            values = np.asarray(row if hasattr(row, "__len__") else list(row))
        except Exception:
            raise ValueError("%s[%d] is not a list of column indices: %r" % (what, i, row))
        if values.ndim != 1 or (values.size and values.dtype.kind not in "iu"):
            raise ValueError("%s[%d] must be a list of integer column indices, got %r" % (what, i, row))
        if values.size and (values.min() < 0 or values.max() >= width):
            raise ValueError(
                "%s[%d] has a column index outside [0, %d): %d"
                % (what, i, width, values.min() if values.min() < 0 else values.max())
            )
        sets.append(np.unique(values.astype(np.int64)))
    if not sets:
        raise ValueError("%s is an empty batch" % what)
    lengths = np.fromiter(map(len, sets), dtype=np.int64, count=len(sets))
    indptr = np.zeros(len(sets) + 1, dtype=np.int64)
    np.cumsum(lengths, out=indptr[1:])
    return len(sets), Positives(indptr, np.concatenate(sets))


def soft_identities(identities, k):
    """Validate an (n, k) array of identity probabilities; return (n, float64 array)."""
    if _is_scipy_sparse(identities):
        identities = identities.toarray()
    array = as_array(identities, "identities", k)
    if array.ndim != 2 or array.shape[1] != k:
        raise ValueError(
            "with soft_identities, identities must be an (examples, %d) array of probabilities, got shape %s"
            % (k, array.shape)
        )
    if array.shape[0] == 0:
        raise ValueError("identities is an empty batch")
    if array.dtype.kind not in "biuf":
        if isinstance(identities, (list, tuple)):
            _check_number_rows(identities, "identities")
        raise ValueError("identities must hold probabilities, got dtype %s" % array.dtype)
    array = array.astype(np.float64)
    outside = ~((array >= 0) & (array <= 1))  # NaN included
    if outside.any():
        row, column = np.argwhere(outside)[0]
        raise ValueError("identities[%d] has a probability outside [0, 1] in column %d: %g"
                         % (row, column, array[row, column]))
    return array.shape[0], array


def _check_number_rows(rows, what):
    """Name the first of ``rows`` holding something that is not a number (a None, a name among
    scores), which NumPy would read as an array of objects or strings without saying where."""
    for i, row in enumerate(rows):
        for value in row if isinstance(row, (list, tuple)) else ():
            if not isinstance(value, (bool, int, float, np.number, list, tuple, np.ndarray)):  # nested: a shape
                raise ValueError("%s[%d] holds %r, which is not a number: a row is one score or 0/1 per "
                                 "name given" % (what, i, value))


