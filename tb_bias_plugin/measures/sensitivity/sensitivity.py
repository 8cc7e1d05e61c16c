"""Accumulated prediction sensitivity P from absolute Jacobians (NumPy only).

P(x) = wᵀ |J(x)| v(x): how strongly the class probabilities react to the
features that carry protected information. The math, the choices of v and the
corrections to the original paper are in ``docs/measures/sensitivity.md``.
"""

from __future__ import annotations

import dataclasses
import warnings
import weakref
from typing import Iterable, Sequence

import numpy as np

from tb_bias_plugin.core.validation import (
    INT64_RANGE,
    MAX_NAME,
    PROBABILITY_SUM_TOLERANCE,
    check_finite_array,
    check_integer,
    check_names,
    check_number,
    check_probability_rows,
    first_bad_text,
    host_values,
    is_integer,
    may_hold_bad_text,
    preview,
)
from tb_bias_plugin.measures.sensitivity import aggregates

__all__ = [
    "V_KINDS",
    "VChoice",
    "TextLayout",
    "SensitivityResult",
    "check_feature_count",
    "check_mask",
    "check_probabilities",
    "check_protected_read",
    "check_stochastic",
    "check_text_arrays",
    "check_tokens",
    "check_word_ids",
    "class_weights",
    "reduce_sensitivity",
    "v_weights",
    "accumulated_sensitivity",
    "proxy_betas",
    "proxy_adjusted_abs_jacobian",
    "resolve_protected",
]

# How far w and v, weights the user gives, may sum from 1 (a model's probability
# rows have core.validation.PROBABILITY_SUM_TOLERANCE).
SUM_TOL = 1e-6

V_KINDS = (
    "uniform",
    "mask",
    "word_list",
    "psm",
    "word_list_emb",
    "psm_emb",
    "proxy_adjusted",
    "explicit",
)

# Reasons attached to undefined (NaN) values of P.
REASON_NO_TOKENS = "no_tokens"
REASON_NO_LISTED = "no_listed_tokens"
REASON_FLAT_PSM = "flat_psm"
REASON_ZERO_EMB = "zero_embedding_weight"

# Sub-word markers stripped before matching a word list (WordPiece, SentencePiece, BPE).
_PIECE_PREFIXES = ("##", "\u2581", "\u0120")


@dataclasses.dataclass(frozen=True)
class VChoice:
    """One choice of the feature weighting v.

    Build it with the class methods (``VChoice.mask([2])``,
    ``VChoice.word_list({"he", "she"})``, ...) or pass the name of a choice that
    needs no parameters (``"uniform"``, ``"psm"``, ``"psm_emb"``) where a
    ``VChoice`` is accepted. The constructor checks what the class methods
    do: ``VChoice("mask")`` without its indices is a ValueError.

    Attributes
    ----------
    kind : str
        One of ``V_KINDS``.
    indices : tuple of int, optional
        Protected feature indices, for ``mask`` and ``proxy_adjusted``.
    words : frozenset of str, optional
        Case-folded listed words, for ``word_list`` and ``word_list_emb``.
    weights : ndarray, optional
        A given v, ``[F]`` or ``[n, F]``, for ``explicit``.

    See Also
    --------
    v_weights : turns a choice into per-example weights.

    References
    ----------
    .. [1] S. Krishna et al., "Measuring Fairness of Text Classifiers via
       Prediction Sensitivity", ACL 2022. Its variants P1-P5 are
       ``uniform``, ``psm``, ``psm_emb``, ``word_list`` and ``word_list_emb``.
    .. [2] ``docs/measures/sensitivity.md``, "Choosing v" (``mask``,
       ``proxy_adjusted`` and ``explicit`` are ours).

    Examples
    --------
    >>> VChoice.mask([2]).indices
    (2,)
    >>> VChoice.parse("uniform").kind
    'uniform'
    >>> sorted(VChoice.word_list(["He", "SHE"]).words)
    ['he', 'she']
    """

    kind: str
    indices: tuple | None = None
    words: frozenset | None = None
    weights: np.ndarray | None = dataclasses.field(default=None, compare=False)

    def __post_init__(self):
        _check_kind(self.kind)
        field, what, argument, check = _PARAMETERS.get(self.kind, ("", "", "", None))
        for name in ("indices", "words", "weights"):
            given = getattr(self, name) is not None
            if name == field and not given:
                raise ValueError(f"VChoice({self.kind!r}) needs its {what}: use VChoice.{self.kind}({argument})")
            if name != field and given:
                raise ValueError(f"VChoice({self.kind!r}) takes no {name}")
        if check is not None:  # the class methods' check, again for a choice made with the constructor
            object.__setattr__(self, field, check(getattr(self, field)))

    @property
    def name(self) -> str:
        """Short label used in results and summaries."""
        return self.kind

    @classmethod
    def uniform(cls) -> "VChoice":
        """v = 1/F (text: 1/(N·D) over the N non-padding tokens)."""
        return cls("uniform")

    @classmethod
    def mask(cls, indices: Iterable[int]) -> "VChoice":
        """v_i = 1/|S| on the protected feature set S (tabular).

        ``indices`` are integers (a float such as 1.9, a bool or
        a string is a ValueError, not truncated).
        """
        return cls("mask", indices=_mask_indices(indices))

    @classmethod
    def word_list(cls, words: Iterable[str]) -> "VChoice":
        """Uniform weight over the embedding dims of listed-word occurrences (P4)."""
        return cls("word_list", words=_fold_words(words))

    @classmethod
    def word_list_emb(cls, words: Iterable[str]) -> "VChoice":
        """``word_list`` reweighted by absolute input embeddings and renormalised (P5)."""
        return cls("word_list_emb", words=_fold_words(words))

    @classmethod
    def psm(cls) -> "VChoice":
        """v ∝ Σ_c |∂g_c/∂x_i| of a protected-status model g (P2)."""
        return cls("psm")

    @classmethod
    def psm_emb(cls) -> "VChoice":
        """``psm`` reweighted by absolute input embeddings and renormalised (P3)."""
        return cls("psm_emb")

    @classmethod
    def proxy_adjusted(cls, protected) -> "VChoice":
        """v = e_p on a Jacobian whose column p holds the total derivative (tabular).

        ``protected`` is the one index p, alone or as a one-element list
        (``VChoice.proxy_adjusted([3])``, as ``protected=[3]`` is written).
        """
        return cls("proxy_adjusted", indices=(_one_index(protected),))

    @classmethod
    def explicit(cls, weights) -> "VChoice":
        """A given stochastic v, ``[F]`` or ``[n, F]`` of numbers (not strings)."""
        return cls("explicit", weights=_explicit_weights(weights))

    @classmethod
    def parse(cls, v, protected=None) -> "VChoice":
        """Accept a ``VChoice`` or a name; ``protected`` supplies the indices of the names ``mask``
        and ``proxy_adjusted``. A ``VChoice`` keeps its own indices (``VChoice.mask([3])``), so
        choices side by side may each name their own protected features.

        Examples
        --------
        >>> VChoice.parse("proxy_adjusted", protected=[3]).indices
        (3,)
        >>> VChoice.parse(VChoice.mask([1, 2]), protected=[3]).indices
        (1, 2)
        """
        if isinstance(v, VChoice):
            return v
        if not isinstance(v, str):
            return cls.explicit(v)
        if v == "mask":
            if protected is None:
                raise ValueError("v='mask' needs protected=<feature index or indices>, or use VChoice.mask([...])")
            return cls.mask(np.atleast_1d(protected).tolist())
        if v == "proxy_adjusted":
            if protected is None:
                raise ValueError("v='proxy_adjusted' needs protected=<one feature index>, "
                                 "or use VChoice.proxy_adjusted(i)")
            return cls.proxy_adjusted(protected)
        if v in ("word_list", "word_list_emb"):
            raise ValueError(f"v={v!r} needs its words: use VChoice.{v}([...])")
        if v == "explicit":
            raise ValueError("v='explicit' needs weights: use VChoice.explicit(v)")
        return cls(v)


def _check_kind(kind) -> None:
    if kind not in V_KINDS:
        raise ValueError(f"unknown v choice {kind!r}; expected one of {', '.join(V_KINDS)}")


def _mask_indices(indices) -> tuple:
    """The sorted protected feature indices of a mask: integers, at least one."""
    if isinstance(indices, (str, bytes)) or not isinstance(indices, Iterable):
        raise ValueError(f"mask v needs a sequence of protected feature indices; got {indices!r}")
    values = list(indices)
    if any(isinstance(i, (bool, np.bool_)) for i in values):
        raise ValueError("protected holds booleans, as a mask over the features does; give the protected features' "
                         "indices: %s (np.flatnonzero of the mask)" % np.flatnonzero(values).tolist()[:20])
    listed = [check_integer(i, "protected feature index") for i in values]
    if len(set(listed)) < len(listed):  # a 0/1 indicator read as indices would be features 0 and 1
        hint = " (%s, if it is a 0/1 indicator over the features)" % np.flatnonzero(listed).tolist()[:20] \
            if set(listed) <= {0, 1} else ""
        raise ValueError("protected repeats a feature index: %s; give each protected feature's index once%s"
                         % (listed[:20], hint))
    if not listed:
        raise ValueError("mask v needs at least one protected feature index; got an empty set")
    return tuple(sorted(listed))


def _explicit_weights(weights) -> np.ndarray:
    arr = check_stochastic(weights, "v")
    if arr.ndim > 2:
        raise ValueError(f"explicit v must be [F] or [n, F]; got shape {arr.shape}")
    return arr


def _one_index(protected) -> int:
    """The one feature index of ``protected``: an int or a one-element sequence."""
    flat = np.ravel(np.asarray(protected, dtype=object)).tolist()
    if len(flat) != 1:
        raise ValueError(f"proxy_adjusted adjusts for one protected feature; got {list(flat)}: give each "
                         "feature its own choice, e.g. v={'p1': VChoice.proxy_adjusted(1), "
                         "'p2': VChoice.proxy_adjusted(2)}")
    if not is_integer(flat[0]):
        raise ValueError(f"proxy_adjusted needs a feature index; got {flat[0]!r}: an integer, not a float, "
                         "bool or string")
    return int(flat[0])


def _fold_words(words: Iterable[str]) -> frozenset:
    if isinstance(words, str):
        raise ValueError("word list must be an iterable of words, not one string")
    try:
        folded = frozenset(str(w).casefold() for w in words if str(w).strip())
    except TypeError:
        raise ValueError("word list must be an iterable of words, got %r" % (words,)) from None
    if not folded:
        raise ValueError("word list is empty: a word_list v needs at least one word")
    return folded


#: The parameter of each v choice that has one: (field, what it is, the class method's argument, its check).
_PARAMETERS = {
    "mask": ("indices", "protected feature indices", "[...]", _mask_indices),
    "proxy_adjusted": ("indices", "protected feature index", "i", lambda p: (_one_index(p),)),
    "word_list": ("words", "words", "[...]", _fold_words),
    "word_list_emb": ("words", "words", "[...]", _fold_words),
    "explicit": ("weights", "weights", "v", _explicit_weights),
}


@dataclasses.dataclass
class TextLayout:
    """Text inputs: T token slots × D embedding dims, flattened token-major (F = T·D).

    Attributes
    ----------
    dim : int
        Embedding width D, a positive integer (not a float or a string).
    mask : ndarray of bool, ``[n, T]``
        True for real tokens; padding never gets weight in v. Given as
        booleans or as numbers 0 and 1 (anything else is a ValueError, see
        `check_mask`), with T >= 1.
    tokens : ndarray of str, ``[n, T]``, optional
        Token strings, needed by the word-list choices: strings, or bytes
        read as UTF-8 (see `check_tokens`).
    word_ids : ndarray of int, ``[n, T]``, optional
        Which word each sub-word piece belongs to (-1 for none): integers,
        not floats or strings (see `check_word_ids`), and only with
        ``tokens``. With it, a
        piece counts as listed when the word it is part of is listed; without
        it every token is matched on its own (piece markers stripped).

    See Also
    --------
    accumulated_sensitivity : takes it as ``layout=`` for text inputs.
    VChoice.word_list : the choice that reads ``tokens`` and ``word_ids``.

    References
    ----------
    .. [1] S. Krishna et al., "Measuring Fairness of Text Classifiers via
       Prediction Sensitivity", ACL 2022.
    .. [2] ``docs/measures/sensitivity.md``, "Text layout" and "Choosing v".

    Examples
    --------
    Two real tokens and a padding slot, each of D = 2 dims (F = 6):

    >>> layout = TextLayout(dim=2, mask=[[True, True, False]], tokens=[["he", "runs", ""]])
    >>> layout.n_tokens, layout.n_features
    (3, 6)
    >>> J = np.array([[[0.1, 0.3, 0.2, 0.2, 5.0, 5.0]]])
    >>> r = accumulated_sensitivity(J, v=VChoice.word_list(["he"]), layout=layout)
    >>> r.token_weight.tolist(), r.P.tolist()
    ([[1.0, 0.0, 0.0]], [0.2])
    """

    dim: int
    mask: np.ndarray
    tokens: np.ndarray | None = None
    word_ids: np.ndarray | None = None

    def __post_init__(self):
        self.dim = check_integer(self.dim, "dim", low=1)
        if self.mask is None:
            raise ValueError("a text layout needs its mask [n, T] (all True when every token is real)")
        self.mask, self.tokens, self.word_ids = check_text_arrays(self.mask, self.tokens, self.word_ids)

    @property
    def n_tokens(self) -> int:
        """T, the number of token slots."""
        return self.mask.shape[1]

    @property
    def n_features(self) -> int:
        """F = T·D."""
        return self.mask.shape[1] * self.dim

    def subset(self, rows) -> "TextLayout":
        """The layout of a slice of examples (for batching)."""
        pick = lambda a: None if a is None else a[rows]  # noqa: E731
        return TextLayout(self.dim, self.mask[rows], pick(self.tokens), pick(self.word_ids))

    def listed(self, words: frozenset) -> np.ndarray:
        """Bool ``[n, T]``: non-padding positions whose (whole) word is in ``words``."""
        if self.tokens is None:
            raise ValueError("a word_list v needs the token strings: pass tokens [n, T]")
        n, t = self.mask.shape
        if self.word_ids is None:
            # Each distinct token string is stripped and looked up once.
            uniq, inverse = np.unique(self.tokens.astype(str), return_inverse=True)
            hit = np.fromiter((_strip_piece(u) in words for u in uniq), dtype=bool, count=len(uniq))
            return hit[inverse.reshape(n, t)] & self.mask
        out = np.zeros((n, t), dtype=bool)
        for r in range(n):
            pieces: dict = {}
            for c in range(t):
                wid = int(self.word_ids[r, c])
                if wid >= 0:
                    pieces.setdefault(wid, []).append(c)
            for cols in pieces.values():
                word = "".join(_strip_piece(self.tokens[r, c]) for c in cols)
                if word in words:
                    out[r, cols] = True
        return out & self.mask


def check_text_arrays(mask=None, tokens=None, word_ids=None) -> tuple:
    """``(mask, tokens, word_ids)`` of a text input, each ``[n, T]`` or None: checked by `check_mask`,
    `check_tokens` and `check_word_ids`, and of one shape.

    Raises
    ------
    ValueError
        Naming the argument that breaks its rule, or the two whose shapes differ;
        ``word_ids`` without ``tokens`` (they group tokens into words).
    """
    checked = {
        "mask": None if mask is None else check_mask(mask),
        "tokens": None if tokens is None else check_tokens(tokens),
        "word_ids": None if word_ids is None else check_word_ids(word_ids),
    }
    if word_ids is not None and tokens is None:
        raise ValueError("word_ids group tokens into words, so they are read only with tokens: pass tokens [n, T] "
                         "beside them, or drop word_ids")
    given = [(name, a) for name, a in checked.items() if a is not None]
    for name, a in given[1:]:
        if a.shape != given[0][1].shape:
            raise ValueError(f"{name} has shape {a.shape} but {given[0][0]} has {given[0][1].shape}: each is [n, T]")
    return checked["mask"], checked["tokens"], checked["word_ids"]


def check_word_ids(word_ids, name: str = "word_ids") -> np.ndarray:
    """``word_ids`` as int64 ``[n, T]``: integers (`is_integer`'s rule, item by item), -1 for a
    token of no word. A float would be truncated to another word, a string fail inside.

    Examples
    --------
    >>> check_word_ids([[0, 0, -1]])
    array([[ 0,  0, -1]])
    >>> check_word_ids([[0, 0.5, -1]])
    Traceback (most recent call last):
    ...
    ValueError: word_ids must be integers (-1 for a token of no word), got 0.5
    >>> check_word_ids([[0.0, 1.0]])
    Traceback (most recent call last):
    ...
    ValueError: word_ids must be integers, not floats (got 0.0): pass them as integers
    """
    arr = np.asarray(word_ids)
    if arr.size and arr.dtype.kind not in "iu":
        items = arr.ravel().tolist()
        wrong = [i for i in items if not is_integer(i)]
        not_whole = [i for i in wrong if not (isinstance(i, float) and i.is_integer())]
        if not_whole:
            raise ValueError(f"{name} must be integers (-1 for a token of no word), got {not_whole[0]!r}")
        too_big = [i for i in items if not -1 <= i <= INT64_RANGE[1]]
        if too_big:  # Python integers held as objects (NumPy would raise OverflowError), or floats past int64
            raise ValueError(f"{name} must be word indices from 0 to 2**63 - 1, or -1 for a token of no word; "
                             f"got {too_big[0]!r}")
        if wrong:  # whole floats, each in range
            raise ValueError(f"{name} must be integers, not floats (got {wrong[0]!r}): pass them as integers")
        arr = np.array(items, dtype=np.int64).reshape(arr.shape)
    if arr.size and arr.dtype == np.uint64 and int(arr.max()) > INT64_RANGE[1]:  # would wrap to a negative int64
        raise ValueError(f"{name} must be word indices from 0 to 2**63 - 1, or -1 for a token of no word; "
                         f"got {arr.max()}")
    if arr.ndim != 2:
        raise ValueError(f"{name} must be [n, T], the word of each token per example; got shape {arr.shape}")
    arr = arr.astype(np.int64, copy=False)
    if arr.size and arr.min() < -1:
        raise ValueError(f"{name} must be word indices >= 0, or -1 for a token of no word; got {arr.min()}")
    return arr


def check_mask(mask, name: str = "mask") -> np.ndarray:
    """``mask`` as bool ``[n, T]`` with T >= 1: booleans, or numbers each 0 or 1 (NaN, 2 or "no" are not a
    truth value, though NumPy would read them as True).

    Examples
    --------
    >>> check_mask([[1, 0]])
    array([[ True, False]])
    >>> check_mask([[2, 0]])
    Traceback (most recent call last):
    ...
    ValueError: mask must be booleans or 0/1 numbers; got 2.0
    """
    arr = np.asarray(mask)
    if arr.dtype.kind != "b":
        if arr.dtype.kind not in "iuf":
            raise ValueError(f"{name} must be booleans or 0/1 numbers; got an array of {arr.dtype}")
        values = check_finite_array(arr, name)
        if not np.isin(values, (0.0, 1.0)).all():
            raise ValueError(f"{name} must be booleans or 0/1 numbers; "
                             f"got {float(values[~np.isin(values, (0.0, 1.0))][0])!r}")
        arr = values.astype(bool)
    if arr.ndim != 2 or arr.shape[1] == 0:
        raise ValueError(f"{name} must be [n, T], a row of T >= 1 booleans per example (True on real tokens); "
                         f"got shape {arr.shape}")
    return arr


def check_tokens(tokens, name: str = "tokens") -> np.ndarray:
    """``tokens`` as an object array ``[n, T]`` of str, checked.

    Each token is a string, or bytes read as UTF-8 (as a TensorFlow string
    tensor gives them, and as example ids and groups are read); None or a
    number is refused rather than stored as ``"None"`` or ``"5"``. A token is
    stored as text and its type as a name the view may ask for, so it holds
    no NUL character or lone surrogate and has at most `MAX_NAME` characters.

    Raises
    ------
    ValueError
        Naming ``name`` and the first bad token's position: a single string,
        a shape other than ``[n, T]``, a token that is not a string (or not
        UTF-8 bytes), too long, or not text.

    Examples
    --------
    >>> check_tokens(np.array([[b"he", b"ran"]])).tolist()
    [['he', 'ran']]
    >>> check_tokens([["he", None]])
    Traceback (most recent call last):
    ...
    ValueError: tokens[0, 1] must be a string (or UTF-8 bytes), got None (pad with "", which the mask marks)
    """
    if isinstance(tokens, np.ndarray) and _CHECKED_TOKENS.get(id(tokens)) is tokens:
        return tokens  # this function's own answer, handed on (a layout to its result, a result to a collector)
    if isinstance(tokens, (str, bytes)):
        raise ValueError(f"{name} must be [n, T], a row of T token strings per example, not a single string")
    if not isinstance(tokens, np.ndarray) and hasattr(tokens, "__array__"):
        tokens = np.asarray(tokens)  # a tensor: its items would be 0-d tensors
    if isinstance(tokens, np.ndarray) and tokens.dtype.kind in "SU" and tokens.ndim == 2:
        checked = _fixed_width_tokens(tokens)
        if checked is not None:
            return _checked(checked)
    try:
        arr = np.asarray(tokens, dtype=object)
    except ValueError:  # rows of different lengths
        raise ValueError(f"{name} must be [n, T], a row of T token strings per example") from None
    if arr.ndim != 2:
        raise ValueError(f"{name} must be [n, T], a row of T token strings per example; got shape {arr.shape}")
    flat = arr.ravel().tolist()

    def where(i: int) -> str:
        row, column = np.unravel_index(i, arr.shape)
        return f"{name}[{row}, {column}]"

    if not all(issubclass(kind, str) for kind in set(map(type, flat))):  # one pass in C
        flat = [_token_text(t, i, where) for i, t in enumerate(flat)]
    if max(map(len, flat), default=0) > MAX_NAME:
        i = next(i for i, t in enumerate(flat) if len(t) > MAX_NAME)
        raise ValueError(f"{where(i)} is longer than {MAX_NAME} characters: {flat[i][:40]!r}...")
    bad = first_bad_text(flat)
    if bad is not None:
        raise ValueError(f"{where(bad[0])} {bad[1]}: {flat[bad[0]][:40]!r}")
    out = np.empty(arr.shape, dtype=object)
    out.ravel()[:] = flat  # not np.array(flat): a row of strings would become a fixed-width str array
    return _checked(out)


#: Token arrays `check_tokens` returned, by id: handed from a layout to its result and on to a collector,
#: they are not checked again (a Python pass over n * T strings each time).
_CHECKED_TOKENS: "weakref.WeakValueDictionary[int, np.ndarray]" = weakref.WeakValueDictionary()


def _checked(tokens: np.ndarray) -> np.ndarray:
    _CHECKED_TOKENS[id(tokens)] = tokens
    return tokens


def _fixed_width_tokens(arr: np.ndarray) -> np.ndarray | None:
    """A NumPy bytes or str array checked by its code points, without a Python pass over its items; None
    when a token breaks a rule, for the item by item path to name it."""
    if arr.dtype.kind == "S":
        if not (arr.view(np.uint8) < 0x80).all():
            return None  # non-ASCII UTF-8: decoded item by item (NumPy's decode is slower still)
        arr = arr.astype(f"U{max(arr.dtype.itemsize, 1)}")
    return None if may_hold_bad_text(arr) else arr.astype(object)


def _token_text(token, i: int, where) -> str:
    if isinstance(token, str):
        return token
    if isinstance(token, bytes):
        try:
            return token.decode("utf-8")
        except UnicodeDecodeError:
            raise ValueError(f"{where(i)} is not UTF-8 text: {token[:40]!r}") from None
    pad = ' (pad with "", which the mask marks)' if token is None else ""
    raise ValueError(f"{where(i)} must be a string (or UTF-8 bytes), got {token!r}{pad}")


def _strip_piece(token) -> str:
    tok = str(token)
    for p in _PIECE_PREFIXES:
        if tok.startswith(p):
            tok = tok[len(p):]
    return tok.casefold()


@dataclasses.dataclass
class SensitivityResult:
    """P per example plus what explains it.

    Attributes
    ----------
    P : ndarray of float64, ``[n]``
        Accumulated prediction sensitivity; NaN where undefined.
    reasons : ndarray of object, ``[n]``
        None where P is defined, else a short reason (``"no_listed_tokens"``...).
    s : ndarray of float64, ``[n, F]``, or None
        Per-feature sensitivity wᵀ|J| (NaN on features a forward-mode run
        skipped); None when ``prediction_sensitivity`` ran with ``per_feature=False``.
    v : ndarray of float64, ``[n, F]``, or None
        The weights used (rows of NaN where undefined); None like ``s``.
    v_choice : VChoice
        The choice that produced ``v``.
    per_class : ndarray of float64, ``[n, K]``, optional
        |J| v per class (rows of J), so that P = per_class · w.
    token_sensitivity : ndarray, ``[n, T]``, optional
        Text only: u_t = Σ_d s_{t,d}.
    token_weight : ndarray, ``[n, T]``, optional
        Text only: V_t = Σ_d v_{t,d} (0 on padding).
    token_mask : ndarray of bool, ``[n, T]``, optional
        Text only: True on real tokens, False on padding.
    tokens : ndarray of object, ``[n, T]``, optional
        Text only, when given: the token strings.
    feature_names : tuple of str, optional
        Tabular only, when given: the names of the F features, which a
        summary of the result is written with.

    See Also
    --------
    accumulated_sensitivity : computes it from |J| (or from wᵀ|J|).
    prediction_sensitivity : computes it from a model and its inputs.
    SensitivityCollector : streams results into one summary.

    References
    ----------
    .. [1] S. Krishna et al., "Measuring Fairness of Text Classifiers via
       Prediction Sensitivity", ACL 2022.
    .. [2] ``docs/measures/sensitivity.md``, "Definition" and "Undefined
       values".

    Examples
    --------
    >>> row = [0.246134, 0.492268, 0.123067]
    >>> r = accumulated_sensitivity(np.array([[row, row]]), v="mask", protected=[2])
    >>> r.P.tolist(), r.v.tolist(), r.v_choice.name, r.coverage
    ([0.123067], [[0.0, 0.0, 1.0]], 'mask', 1.0)
    """

    P: np.ndarray
    reasons: np.ndarray
    s: np.ndarray | None
    v: np.ndarray | None
    v_choice: VChoice
    per_class: np.ndarray | None = None
    token_sensitivity: np.ndarray | None = None
    token_weight: np.ndarray | None = None
    token_mask: np.ndarray | None = None
    tokens: np.ndarray | None = None
    feature_names: tuple[str, ...] | None = None

    @property
    def coverage(self) -> float:
        """Share of examples where P is defined."""
        return aggregates.coverage(int(np.count_nonzero(~np.isnan(self.P))), self.P.size)


def check_pred_class(pc: np.ndarray | None, k: int | None) -> None:
    """Checked predicted classes (non-negative integers) against K: below K, or 0 and 1 when K = 1 (one
    sigmoid score); nothing to check while K is unknown."""
    if pc is not None and k is not None and pc.size and pc.max() >= max(k, 2):
        raise ValueError(f"pred_class must be class indices from 0 to {max(k, 2) - 1}; got {pc.max()}")


def check_stochastic(arr, name: str, axis: int = -1) -> np.ndarray:
    """Raise ``ValueError`` unless ``arr`` is finite, non-negative and sums to 1 along ``axis``.

    Parameters
    ----------
    arr : array_like
        Weights (w over classes or v over features).
    name : str
        Used in the message.
    axis : int
        Axis that must sum to 1.

    Returns
    -------
    ndarray of float64

    Raises
    ------
    ValueError
        Not numbers (e.g. strings), empty, non-finite, negative or not
        summing to 1 ± 1e-6.

    Examples
    --------
    >>> check_stochastic([0.25, 0.75], "w")
    array([0.25, 0.75])
    >>> check_stochastic([0.5, 0.6], "w")
    Traceback (most recent call last):
    ...
    ValueError: w must sum to 1 (±1e-06); sums found: 1.1
    """
    a = check_finite_array(arr, name)
    if a.size == 0 or a.ndim == 0:
        raise ValueError(f"{name} must be a non-empty vector; got shape {a.shape}")
    if np.any(a < 0):
        raise ValueError(f"{name} must be non-negative; smallest entry {a.min():g}")
    sums = a.sum(axis=axis)
    bad = np.abs(sums - 1.0) > SUM_TOL
    if np.any(bad):
        raise ValueError(f"{name} must sum to 1 (±{SUM_TOL:g}); sums found: {float(np.atleast_1d(sums)[np.atleast_1d(bad)][0]):g}")
    return a


def class_weights(w, n_classes: int) -> np.ndarray:
    """The class weighting w as float64 ``[K]``: uniform 1/K when None, else validated.

    Examples
    --------
    >>> class_weights(None, 4)
    array([0.25, 0.25, 0.25, 0.25])
    """
    n_classes = check_integer(n_classes, "n_classes", low=1)
    if w is None:
        return np.full(n_classes, 1.0 / n_classes)
    w = check_stochastic(w, "w")
    if w.shape != (n_classes,):
        raise ValueError(f"w has shape {w.shape} but the model has K = {n_classes} classes")
    return w


def check_probabilities(probs, output: str = "softmax", tol: float = PROBABILITY_SUM_TOLERANCE) -> None:
    """Raise ``ValueError`` if model outputs look like logits, not probabilities.

    Parameters
    ----------
    probs : array_like, ``[n, K]``
        Model outputs.
    output : {"softmax", "sigmoid"}
        ``softmax`` rows must also sum to 1; ``sigmoid`` (independent per class,
        including K = 1) entries only need to lie in [0, 1].
    tol : float, default 1e-4
        How far a softmax row may sum from 1 (float32 rounding): a finite
        number >= 0; ``core.validation.probability_sum_tolerance`` of the
        dtype the model computed in.

    Raises
    ------
    ValueError
        Entries outside [0, 1], rows not summing to 1 for softmax (the first
        is named, with its sum), NaN, a bad ``output`` or ``tol``.

    Examples
    --------
    >>> check_probabilities([[0.2, 0.8]])
    >>> check_probabilities([[-1.3, 2.0]])
    Traceback (most recent call last):
    ...
    ValueError: model outputs are not probabilities (values in [-1.3, 2]); P needs class probabilities after softmax/sigmoid, not logits
    """
    if output not in ("softmax", "sigmoid"):
        raise ValueError(f"output must be 'softmax' or 'sigmoid'; got {output!r}")
    tol = check_number(tol, "tol", low=0)
    p = check_finite_array(probs, "model outputs", hint="P needs class probabilities")
    if p.ndim != 2:
        raise ValueError(f"model outputs must be [n, K]; got shape {p.shape}")
    if p.size and (p.min() < 0 or p.max() > 1):  # a sigmoid or softmax in any precision stays in [0, 1]
        raise ValueError(
            f"model outputs are not probabilities (values in [{p.min():.3g}, {p.max():.3g}]); "
            "P needs class probabilities after softmax/sigmoid, not logits"
        )
    if output == "softmax" and p.shape[1] > 1:
        check_probability_rows(p, "the model's output", tol=tol, hint="pass softmax probabilities, not logits, "
                               "or output='sigmoid' for independent per-class scores")


def _check_abs_jacobian(jac, name="abs_jacobian") -> np.ndarray:
    """``jac`` as float64 ``[n, K >= 1, F]``: numbers, finite, non-negative."""
    j = check_finite_array(jac, name,
                           hint="NaN or infinite gradients (check the model for NaN outputs or non-differentiable ops)")
    if j.ndim != 3:
        raise ValueError(f"{name} must be [n, K, F]; got shape {j.shape}")
    if j.shape[1] == 0:
        raise ValueError(f"{name} must have at least one class (K >= 1); got shape {j.shape}")
    if (j < 0).any():
        raise ValueError(f"{name} has negative entries: pass absolute values |∂f_k/∂x_i|")
    return j


def reduce_sensitivity(abs_jacobian, w=None) -> np.ndarray:
    """Per-feature sensitivity s = wᵀ|J| for each example.

    Parameters
    ----------
    abs_jacobian : array_like, ``[n, K, F]``
        |∂f_k/∂x_i| with f the class probabilities.
    w : array_like, ``[K]``, optional
        Stochastic class weights; uniform when omitted.

    Returns
    -------
    ndarray of float64, ``[n, F]``

    Raises
    ------
    ValueError
        Bad shape (or K = 0), entries that are not numbers, NaN, infinite or
        negative, bad w.

    Examples
    --------
    >>> reduce_sensitivity([[[0.2, 0.4], [0.4, 0.0]]])
    array([[0.3, 0.2]])
    """
    j = _check_abs_jacobian(abs_jacobian)
    wk = class_weights(w, j.shape[1])
    return np.einsum("k,nkf->nf", wk, j)


def _rows(arr, n, f, name):
    a = np.asarray(host_values(arr), dtype=np.float64)
    if a.ndim == 1:
        a = np.broadcast_to(a, (n, a.shape[0]))
    if a.shape != (n, f):
        raise ValueError(f"{name} must be [F] or [n, F] = [{n}, {f}]; got shape {a.shape}")
    return a


def _normalise(raw: np.ndarray, reason: str):
    """Rows of ``raw`` scaled to sum 1; rows summing to 0 become NaN with ``reason``."""
    tot = raw.sum(axis=1)
    undefined = ~(tot > 0)
    with np.errstate(invalid="ignore", divide="ignore"):
        v = raw / tot[:, None]
    v[undefined] = np.nan
    reasons = np.full(tot.shape, None, dtype=object)
    reasons[undefined] = reason
    return v, reasons


def resolve_protected(protected, feature_names: Sequence[str] | None = None):
    """``protected`` with feature names replaced by their indices (one index stays one index).

    Examples
    --------
    >>> resolve_protected(["b", "a"], ["a", "b"])
    [1, 0]
    >>> resolve_protected("b", ["a", "b"])
    1
    """
    if feature_names is None or protected is None:
        return protected
    names = list(feature_names)
    resolved = []
    for p in np.atleast_1d(protected).tolist():
        if isinstance(p, str):
            if p not in names:
                raise ValueError(f"protected feature {p!r} is not among the feature names")
            p = names.index(p)
        resolved.append(p)
    return resolved if np.ndim(protected) else resolved[0]


def check_one_choice(v) -> None:
    """Refuse several v choices where one is taken: a list of names would otherwise be read as an array of
    weights ("v must be an array of numbers") or, with ``protected=``, as a v that reads no protected feature.

    Examples
    --------
    >>> check_one_choice(["mask", "proxy_adjusted"])
    Traceback (most recent call last):
    ...
    ValueError: v takes one choice here (a name, a VChoice or an array of weights), got several: 'mask', 'proxy_adjusted'; call it once per choice (log_prediction_sensitivity and the Keras callback take several)
    """
    if isinstance(v, (list, tuple, dict)) and any(isinstance(c, (str, VChoice)) for c in v):
        raise ValueError("v takes one choice here (a name, a VChoice or an array of weights), got several: %s; call "
                         "it once per choice (log_prediction_sensitivity and the Keras callback take several)"
                         % preview(list(v)))


def check_feature_count(feature_names: Sequence[str] | None, f: int) -> None:
    """Refuse tabular ``feature_names`` of another number than the F features (None: no names).

    >>> check_feature_count(["age", "sex"], 3)
    Traceback (most recent call last):
    ...
    ValueError: 2 feature names for F = 3 features
    """
    if feature_names is not None and len(feature_names) != f:
        raise ValueError(f"{len(feature_names)} feature names for F = {f} features")


def check_protected_read(choices, protected) -> None:
    """Refuse a ``protected`` that none of the raw v ``choices`` reads: only the names ``"mask"`` and
    ``"proxy_adjusted"`` take their indices from it (a `VChoice` carries its own), so any other
    choice would silently weigh every feature.

    Examples
    --------
    >>> check_protected_read(["uniform", "mask"], [2])
    >>> check_protected_read(["uniform"], [2])
    Traceback (most recent call last):
    ...
    ValueError: protected=[2] is read only by the v choices 'mask' and 'proxy_adjusted' given by name, and v has neither: pass v='mask' (or VChoice.mask([...])), or drop protected=
    """
    choices = list(choices)
    for c in choices:
        if isinstance(c, str):
            _check_kind(c)  # an unknown name is the error to say, not the protected= it would have read
    if protected is not None and not any(isinstance(c, str) and c in ("mask", "proxy_adjusted") for c in choices):
        raise ValueError(f"protected={protected!r} is read only by the v choices 'mask' and 'proxy_adjusted' given "
                         "by name, and v has neither: pass v='mask' (or VChoice.mask([...])), or drop protected=")


def v_weights(
    choice,
    n_examples: int,
    n_features: int,
    *,
    layout: TextLayout | None = None,
    psm_abs_jacobian=None,
    embeddings=None,
    feature_names: Sequence[str] | None = None,
):
    """Per-example feature weights v for one choice.

    Parameters
    ----------
    choice : VChoice or str
        The v choice (see ``VChoice``).
    n_examples, n_features : int
        n and F.
    layout : TextLayout, optional
        Text inputs (F = T·D); padding gets no weight.
    psm_abs_jacobian : array_like, ``[n, C_g, F]``, optional
        |∂g_c/∂x_i| of the protected-status model, for ``psm``/``psm_emb``.
    embeddings : array_like, ``[n, T, D]`` or ``[n, F]``, optional
        Input embeddings, for ``*_emb``: finite numbers.
    feature_names : sequence of str, optional
        Tabular names (only used in messages).

    Returns
    -------
    v : ndarray of float64, ``[n, F]``
        Each defined row non-negative and summing to 1; undefined rows NaN.
    reasons : ndarray of object, ``[n]``
        None, or why the row is undefined.

    Raises
    ------
    ValueError
        Missing inputs for the choice, indices out of range, mismatched
        shapes, NaN or infinite embeddings or psm gradients.

    Examples
    --------
    >>> v, why = v_weights(VChoice.mask([1, 2]), 1, 4)
    >>> v
    array([[0. , 0.5, 0.5, 0. ]])
    >>> lay = TextLayout(dim=2, mask=[[True, True, False]], tokens=[["She", "ran", "<pad>"]])
    >>> v, why = v_weights(VChoice.word_list({"she"}), 1, 6, layout=lay)
    >>> v
    array([[0.5, 0.5, 0. , 0. , 0. , 0. ]])
    """
    choice = VChoice.parse(choice)
    n, f = check_integer(n_examples, "n_examples", low=0), check_integer(n_features, "n_features", low=0)
    if layout is not None:
        if layout.n_features != f:
            raise ValueError(f"text layout has T·D = {layout.n_features} features but the gradients have F = {f}")
        if layout.mask.shape[0] != n:
            raise ValueError(f"text layout has {layout.mask.shape[0]} examples but the gradients have n = {n}")
        feat_mask = np.repeat(layout.mask, layout.dim, axis=1)
    else:
        feat_mask = np.ones((n, f), dtype=bool)
    kind = choice.kind

    if kind in ("mask", "proxy_adjusted"):
        if layout is not None:
            raise ValueError(f"v={kind!r} is for tabular inputs; use word_list or psm for text")
        bad = [i for i in choice.indices if not 0 <= i < f]
        if bad:
            raise ValueError(f"protected index {bad[0]} is out of range for F = {f} features: valid indices are "
                             f"0 to {f - 1}" + (f" ({list(feature_names)})" if feature_names is not None else ""))
        raw = np.zeros((n, f))
        raw[:, list(choice.indices)] = 1.0
        return _normalise(raw, REASON_NO_TOKENS)
    if kind == "explicit":
        v = _rows(choice.weights, n, f, "explicit v")
        if layout is not None and np.any(v[~feat_mask] > 0):
            raise ValueError("explicit v puts weight on padding positions")
        return v.copy(), np.full(n, None, dtype=object)
    if kind == "uniform":
        return _normalise(feat_mask.astype(np.float64), REASON_NO_TOKENS)
    if kind in ("word_list", "word_list_emb"):
        if layout is None:
            raise ValueError(f"v={kind!r} needs a text layout (tokens [n, T], mask, D)")
        found = layout.listed(choice.words)
        if n and not found.any():  # a typo or a wrong tokenisation: every P undefined, said once here
            warnings.warn(f"no example's tokens hold any listed word ({sorted(choice.words)[:5]}): P is undefined "
                          f"(NaN, reason {REASON_NO_LISTED!r}) for all {n} examples; words match whole tokens, "
                          "case folded, after a subword prefix such as '##' or '\u2581'", UserWarning, stacklevel=3)
        listed = np.repeat(found, layout.dim, axis=1)
        raw, why = _normalise(listed.astype(np.float64), REASON_NO_LISTED)
    elif kind in ("psm", "psm_emb"):
        if psm_abs_jacobian is None:
            raise ValueError(f"v={kind!r} needs psm_abs_jacobian [n, C_g, F] from the protected-status model")
        g = _check_abs_jacobian(psm_abs_jacobian, "psm_abs_jacobian")
        if g.shape[0] != n or g.shape[2] != f:
            raise ValueError(f"psm_abs_jacobian has shape {g.shape}; expected [{n}, C_g, {f}]")
        u = g.astype(np.float64).sum(axis=1) * feat_mask
        raw, why = _normalise(u, REASON_FLAT_PSM)
    else:  # pragma: no cover - VChoice rejects unknown kinds
        raise ValueError(kind)
    if kind.endswith("_emb"):
        if embeddings is None:
            raise ValueError(f"v={kind!r} needs the input embeddings [n, T, D]")
        e = check_finite_array(embeddings, "embeddings")
        if e.ndim < 2:
            raise ValueError(f"embeddings must be [n, T, D] or [n, F]; got shape {e.shape}")
        e = e.reshape(e.shape[0], -1)
        if e.shape != (n, f):
            raise ValueError(f"embeddings flatten to {e.shape}; expected [{n}, {f}]")
        weighted = np.nan_to_num(raw) * np.abs(e)
        v, why_e = _normalise(weighted, REASON_ZERO_EMB)
        # Keep the earlier reason when the row was already undefined.
        why = np.where(why != None, why, why_e).astype(object)  # noqa: E711
        return v, why
    return raw, why


def accumulated_sensitivity(
    abs_jacobian=None,
    *,
    sensitivity=None,
    v="uniform",
    protected=None,
    w=None,
    layout: TextLayout | None = None,
    psm_abs_jacobian=None,
    embeddings=None,
    feature_names: Sequence[str] | None = None,
) -> SensitivityResult:
    """Accumulated prediction sensitivity P = wᵀ|J|v per example.

    Parameters
    ----------
    abs_jacobian : array_like, ``[n, K, F]``, optional
        |∂f_k/∂x_i| with f the class probabilities (any framework).
    sensitivity : array_like, ``[n, F]``, optional
        Already reduced s = wᵀ|J| (finite, non-negative numbers); give this
        or ``abs_jacobian``.
    v : VChoice or str
        Feature weighting; see ``VChoice``. Default uniform.
    protected : int or sequence of int, optional
        Indices for ``v="mask"`` / ``v="proxy_adjusted"`` given by name (refused with any other ``v``).
    w : array_like, ``[K]``, optional
        Stochastic class weights; uniform when omitted. Only with ``abs_jacobian`` (``sensitivity`` is already reduced).
    layout : TextLayout, optional
        Text layout; F = T·D token-major, padding gets no weight.
    psm_abs_jacobian : array_like, ``[n, C_g, F]``, optional
        For ``psm`` / ``psm_emb``.
    embeddings : array_like, optional
        For ``*_emb``.
    feature_names : sequence of str, optional
        Tabular feature names (unique, non-empty); strings in ``protected``
        are looked up here.

    Returns
    -------
    SensitivityResult
        P (float64, NaN where undefined), reasons, s, v, per-class and per-token views.

    Raises
    ------
    ValueError
        Bad w or v, empty mask or word list, index out of range or not an
        integer, mismatched shapes, Jacobian, sensitivity or embedding
        entries that are not numbers, NaN, infinite (or negative, for |J|
        and s), K = 0, bad feature names.

    See Also
    --------
    reduce_sensitivity, v_weights, tb_bias_plugin.measures.sensitivity.gradients.prediction_sensitivity

    Notes
    -----
    For ``proxy_adjusted`` pass the Jacobian from ``proxy_adjusted_abs_jacobian``.
    Definitions and the undefined cases: ``docs/measures/sensitivity.md``.

    References
    ----------
    .. [1] S. Krishna et al., "Measuring Fairness of Text Classifiers via
       Prediction Sensitivity", ACL 2022 (with the corrections listed in
       ``docs/measures/sensitivity.md``).

    Examples
    --------
    The logistic example of the docs: every row of |J| is [0.246134, 0.492268, 0.123067].

    >>> row = [0.246134, 0.492268, 0.123067]
    >>> J = np.array([[row, row]])
    >>> round(float(accumulated_sensitivity(J, v="mask", protected=[2]).P[0]), 6)
    0.123067
    >>> round(float(accumulated_sensitivity(J, v="uniform").P[0]), 6)
    0.287156
    """
    if feature_names is not None:
        feature_names = check_names(feature_names, "feature_names")
    check_one_choice(v)
    check_protected_read([v], protected)
    choice = VChoice.parse(v, resolve_protected(protected, feature_names))
    per_class = None
    if abs_jacobian is not None:
        if sensitivity is not None:
            raise ValueError("pass abs_jacobian or sensitivity, not both")
        j = _check_abs_jacobian(abs_jacobian)
        wk = class_weights(w, j.shape[1])
        s = np.einsum("k,nkf->nf", wk, j)
    elif sensitivity is not None:
        if w is not None:
            raise ValueError("w weighs the classes of abs_jacobian; sensitivity is already wᵀ|J|, so w would be "
                             "ignored: drop w, or pass abs_jacobian")
        s = check_finite_array(sensitivity, "sensitivity")
        if s.ndim != 2:
            raise ValueError(f"sensitivity must be [n, F]; got shape {s.shape}")
        if (s < 0).any():
            raise ValueError("sensitivity has negative entries: s = wᵀ|J| is non-negative")
        j = None
    else:
        raise ValueError("pass abs_jacobian [n, K, F] or sensitivity [n, F]")
    n, f = s.shape
    check_feature_count(feature_names, f)
    vv, reasons = v_weights(choice, n, f, layout=layout, psm_abs_jacobian=psm_abs_jacobian,
                            embeddings=embeddings, feature_names=feature_names)
    P = np.einsum("nf,nf->n", s, np.nan_to_num(vv))
    P[reasons != None] = np.nan  # noqa: E711
    if j is not None:
        per_class = np.einsum("nkf,nf->nk", j, np.nan_to_num(vv))
        per_class[reasons != None] = np.nan  # noqa: E711
    u = V = None
    if layout is not None:
        u = s.reshape(n, layout.n_tokens, layout.dim).sum(axis=2)
        V = np.nan_to_num(vv).reshape(n, layout.n_tokens, layout.dim).sum(axis=2)
    return SensitivityResult(P=P, reasons=reasons, s=s, v=vv, v_choice=choice, per_class=per_class,
                             token_sensitivity=u, token_weight=V,
                             token_mask=None if layout is None else layout.mask,
                             tokens=None if layout is None else layout.tokens,
                             feature_names=None if feature_names is None or layout is not None else tuple(feature_names))


def proxy_betas(x, protected: int) -> np.ndarray:
    """Regression slopes β_{j←p} = cov(x_j, x_p) / var(x_p) over a dataset.

    For a binary x_p this is the difference of the group means of x_j. β_p is 0.

    Parameters
    ----------
    x : array_like, ``[n, F]``
        The reference data: finite numbers, at least 2 rows.
    protected : int
        Column p, an integer in ``[0, F)``.

    Returns
    -------
    ndarray of float64, ``[F]``

    Raises
    ------
    ValueError
        p not an integer or out of range, x not finite numbers, or x_p
        constant.

    See Also
    --------
    proxy_adjusted_abs_jacobian : uses these slopes.
    VChoice.proxy_adjusted : the choice of v that goes with them.

    References
    ----------
    .. [1] S. Krishna et al., "Measuring Fairness of Text Classifiers via
       Prediction Sensitivity", ACL 2022. Its proxy example keeps
       one path; we use every path and this whole-dataset slope.
    .. [2] ``docs/measures/sensitivity.md``, "Choosing v" and "Where we
       depart from the paper" (item 4).

    Examples
    --------
    >>> x = np.array([[0.0, 1.0, 0.0], [2.0, 5.0, 1.0]])
    >>> proxy_betas(x, 2)
    array([2., 4., 0.])
    """
    a = check_finite_array(x, "x", ndim=2)
    protected = check_integer(protected, "protected", low=0, high=a.shape[1] - 1)
    if a.shape[0] < 2:
        raise ValueError(f"x needs at least 2 rows for proxy slopes; got {a.shape[0]}")
    xc = a - a.mean(axis=0)
    var = float(np.mean(xc[:, protected] ** 2))
    if not var > 0:
        raise ValueError(f"protected column {protected} is constant: its proxy slopes are undefined")
    beta = (xc * xc[:, [protected]]).mean(axis=0) / var
    beta[protected] = 0.0
    return beta


def proxy_adjusted_abs_jacobian(jacobian, betas, protected: int) -> np.ndarray:
    """|J| with column p replaced by the absolute total derivative through proxies.

    Column p becomes |∂f_k/∂x_p + Σ_{j≠p} ∂f_k/∂x_j β_{j←p}|; the other
    columns are |∂f_k/∂x_j|. Use with ``VChoice.proxy_adjusted(p)``.

    Parameters
    ----------
    jacobian : array_like, ``[n, K, F]``
        Signed Jacobian ∂f_k/∂x_i, finite.
    betas : array_like, ``[F]``
        From ``proxy_betas``, finite.
    protected : int
        Column p, an integer in ``[0, F)``.

    Returns
    -------
    ndarray of float64, ``[n, K, F]``

    Raises
    ------
    ValueError
        Shapes that disagree, entries that are not finite numbers, p not an
        integer in range.

    See Also
    --------
    proxy_betas : the slopes β.
    accumulated_sensitivity : takes the result as ``abs_jacobian`` with ``v=VChoice.proxy_adjusted(p)``.

    References
    ----------
    .. [1] S. Krishna et al., "Measuring Fairness of Text Classifiers via
       Prediction Sensitivity", ACL 2022.
    .. [2] ``docs/measures/sensitivity.md``, "Choosing v" and "Where we
       depart from the paper" (items 1 and 4).

    Examples
    --------
    >>> J = np.array([[[0.5, -0.25, 0.0]]])
    >>> proxy_adjusted_abs_jacobian(J, np.array([0.0, 4.0, 0.0]), 2)
    array([[[0.5 , 0.25, 1.  ]]])
    """
    j = check_finite_array(jacobian, "jacobian", hint="NaN or infinite gradients")
    b = check_finite_array(betas, "betas")
    if j.ndim != 3 or b.shape != (j.shape[2],):
        raise ValueError(f"jacobian must be [n, K, F] and betas [F]; got {j.shape} and {b.shape}")
    protected = check_integer(protected, "protected", low=0, high=j.shape[2] - 1)
    b = b.copy()
    b[protected] = 1.0
    total = np.einsum("nkf,f->nk", j, b)
    out = np.abs(j)
    out[:, :, protected] = np.abs(total)
    return out
