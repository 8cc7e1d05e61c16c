"""What a prediction-sensitivity summary stores, collected batch by batch (NumPy only).

`SensitivityCollector` takes `SensitivityResult` batches of one or more v
choices and keeps, per choice, exact aggregates (a `SensitivityAccumulator`
each), the mean rows of J per class, per-feature means (tabular) or
per-token-type means (text), and a bounded set of examples with their
details: the top-K of each choice and one uniform sample shared by all
choices (so that P under two choices can be compared on the same
examples). Memory: 8 bytes per example and choice for the exact median and
p90, plus the bounded examples; never a Jacobian.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Mapping, Sequence

import numpy as np

from tb_bias_plugin.core.example_ids import check_ids
from tb_bias_plugin.core.example_text import short_strings
from tb_bias_plugin.core.validation import (
    MAX_NAME,
    check_finite_array,
    check_integer,
    check_labels,
    check_name,
    check_names,
    preview,
)
from tb_bias_plugin.measures.sensitivity.aggregates import (
    DEFAULT_SAMPLE_SIZE,
    DEFAULT_TOP_K,
    STATS,
    Retained,
    SensitivityAccumulator,
    check_p,
    summarize,
)
from tb_bias_plugin.measures.sensitivity.codec import HISTOGRAM_BINS
from tb_bias_plugin.measures.sensitivity.sensitivity import (
    SensitivityResult,
    check_feature_count,
    check_pred_class,
    check_probabilities,
    check_stochastic,
    check_tokens,
)

__all__ = ["SensitivityCollector", "ExampleDetail", "LoggedText", "choice_name"]

#: Token types kept per choice (largest mean u_t first).
TOKEN_TYPES = 50


def distribution(defined: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """What a record stores of the defined P: the edges and counts of
    `HISTOGRAM_BINS` equal bins from 0 to the largest P, and percentiles 0..100."""
    high = float(defined.max()) if defined.size else 0.0
    edges = np.linspace(0.0, high if high > 0 else 1.0, HISTOGRAM_BINS + 1)
    if not (np.diff(edges) > 0).all():  # a largest P so small (subnormal) that the bins would not rise
        edges = np.linspace(0.0, 1.0, HISTOGRAM_BINS + 1)
    counts, _ = np.histogram(np.clip(defined, edges[0], edges[-1]), bins=edges)
    quantiles = np.percentile(defined, np.arange(101)) if defined.size else np.full(101, np.nan)
    return edges, counts.astype(np.int64), quantiles


def choice_name(result: SensitivityResult) -> str:
    """The default name of a result's v choice: its kind (``"word_list"``, ``"mask"``...)."""
    return result.v_choice.kind


@dataclasses.dataclass
class ExampleDetail:
    """Everything kept for one retained example, under every choice (in collector order)."""

    index: int
    example_id: str
    group: str
    pred_class: int
    pred_prob: float
    P: np.ndarray  # [C]
    reasons: list  # [C], "" where defined
    tokens: list | None = None  # real tokens only
    token_sensitivity: np.ndarray | None = None  # [C, T']
    token_weight: np.ndarray | None = None  # [C, T']
    feature_sensitivity: np.ndarray | None = None  # [C, F]
    feature_weight: np.ndarray | None = None  # [C, F]
    text: str = ""  # logged with the example, cut to 200 characters (core/example_text.py)
    uri: str = ""


@dataclasses.dataclass(frozen=True)
class LoggedText:
    """The text and URI of an example kept by a bare `SensitivityAccumulator`
    (its ``details``, e.g. on Beam), cut to 200 characters."""

    text: str = ""
    uri: str = ""


@dataclasses.dataclass(frozen=True, eq=False)
class _Batch:
    """One update, checked: the results of every choice for the same examples, and their labels."""

    results: dict[str, SensitivityResult]
    size: int  # b
    input: str  # "text" or "tabular"
    start: int  # running index of the first example
    ids: np.ndarray | list[str]  # `check_ids`: an integer array as given, else text; the running index if none
    groups: np.ndarray | None  # [b] str
    pred_class: np.ndarray | None  # [b] int
    probs: np.ndarray | None  # [b, K], K >= 2
    tokens: np.ndarray | None  # text: [b, T]
    n_classes: int | None
    n_features: int | None  # tabular, when the results keep s
    feature_names: tuple[str, ...] | None  # tabular, when the results were computed with names
    texts: list[str] | None = None  # [b], cut to 200 characters
    uris: list[str] | None = None
    details: dict[int, "ExampleDetail"] = dataclasses.field(default_factory=dict)  # built so far


class _Details:
    """Lazy per-example details of one batch: built only for examples an accumulator keeps."""

    def __init__(self, batch: _Batch):
        self._batch = batch

    def __len__(self) -> int:
        return self._batch.size

    def __getitem__(self, i: int) -> ExampleDetail:
        cache = self._batch.details
        if i not in cache:
            cache[i] = _detail(self._batch, i)
        return cache[i]


@dataclasses.dataclass
class _ChoiceState:
    name: str
    kind: str
    words: tuple = ()
    indices: tuple = ()
    acc: SensitivityAccumulator | None = None
    reasons: dict = dataclasses.field(default_factory=dict)
    row_sum: np.ndarray | None = None
    row_count: int = 0
    feat_sum: np.ndarray | None = None
    feat_count: np.ndarray | None = None
    contrib_sum: np.ndarray | None = None
    types: dict = dataclasses.field(default_factory=dict)  # token type -> [sum u, count]


class SensitivityCollector:
    """Streams P of several v choices into the bounded contents of one summary.

    Parameters
    ----------
    top_k : int, default 10
        Most sensitive examples kept per choice.
    sample_size : int, default 200
        Uniform sample of examples kept (the same examples for every choice).
    seed : int, default 0
        Seed of the sample.
    class_names, feature_names : sequence of str, optional
        Names shown in the view (classes default to their index): unique,
        non-empty strings, one per class (K) and per feature (F); checked
        against K and F at the first update that shows them.
    w : array_like, ``[K]``, optional
        The class weights the results were computed with (stored for
        display): stochastic, of length K (checked like ``class_names``).

    Raises
    ------
    ValueError
        Bad ``top_k``, ``sample_size``, ``seed``, names or ``w``, or
        ``class_names`` and ``w`` of different lengths.

    See Also
    --------
    SensitivityAccumulator : P of one choice alone, without the details.
    tb_bias_plugin.summary.Writer.prediction_sensitivity : logs a collector.

    References
    ----------
    .. [1] S. Krishna et al., "Measuring Fairness of Text Classifiers via
       Prediction Sensitivity", ACL 2022.
    .. [2] ``docs/measures/sensitivity.md``, "Dataset aggregates" and "What
       is logged".

    Examples
    --------
    >>> from tb_bias_plugin.measures.sensitivity import accumulated_sensitivity
    >>> J = np.array([[[0.2, 0.4, 0.1], [0.2, 0.4, 0.1]]] * 3)
    >>> c = SensitivityCollector(top_k=2, sample_size=2)
    >>> c.update({"uniform": accumulated_sensitivity(J), "x3": accumulated_sensitivity(J, v="mask", protected=2)})
    >>> c.num_examples, c.choice_names
    (3, ['uniform', 'x3'])
    >>> round(c.summary("x3")["mean"], 6)
    0.1
    """

    def __init__(
        self,
        *,
        top_k: int = DEFAULT_TOP_K,
        sample_size: int = DEFAULT_SAMPLE_SIZE,
        seed: int = 0,
        class_names: Sequence[str] | None = None,
        feature_names: Sequence[str] | None = None,
        w: Any = None,
    ):
        self.top_k = check_integer(top_k, "top_k", low=0)
        self.sample_size = check_integer(sample_size, "sample_size", low=0)
        self.seed = check_integer(seed, "seed", low=0)
        self.class_names = None if class_names is None else list(check_names(class_names, "class_names"))
        self.feature_names = None if feature_names is None else list(check_names(feature_names, "feature_names"))
        self.w = None if w is None else check_stochastic(w, "w")
        if self.w is not None and self.w.ndim != 1:
            raise ValueError(f"w must be [K]; got shape {self.w.shape}")
        if self.w is not None and self.class_names is not None and len(self.class_names) != self.w.size:
            raise ValueError(f"{len(self.class_names)} class names for the K = {self.w.size} classes of w")
        self._choices: dict[str, _ChoiceState] = {}
        self.input: str | None = None  # "tabular" or "text"
        self.n_classes: int | None = None
        self.n_features: int | None = None
        self._n = 0
        self._has_groups: bool | None = None
        self._has_classes: bool | None = None

    @property
    def num_examples(self) -> int:
        return self._n

    @property
    def choice_names(self) -> list[str]:
        return list(self._choices)

    @property
    def has_groups(self) -> bool:
        return bool(self._has_groups)

    @property
    def has_classes(self) -> bool:
        return bool(self._has_classes)

    # -- input -----------------------------------------------------------------

    @staticmethod
    def as_results(results: Any) -> dict[str, SensitivityResult]:
        """``{name: result}`` of a result, a mapping of results or a sequence of results."""
        if isinstance(results, SensitivityResult):
            return {choice_name(results): results}
        if isinstance(results, Mapping):
            out = {}
            for name, r in results.items():
                check_name(name, "a v choice's name", max_length=MAX_NAME)
                if not isinstance(r, SensitivityResult):
                    raise ValueError(f"results[{name!r}] is a {type(r).__name__}, not a SensitivityResult")
                out[name] = r
            if not out:
                raise ValueError("no results given")
            return out
        if isinstance(results, (list, tuple)):
            out = {}
            for r in results:
                if not isinstance(r, SensitivityResult):
                    raise ValueError(f"expected SensitivityResults; got a {type(r).__name__}")
                name = choice_name(r)
                if name in out:
                    raise ValueError(f"two results have v choice {name!r}: pass a dict {{name: result}} to name them")
                out[name] = r
            if not out:
                raise ValueError("no results given")
            return out
        raise ValueError(
            "expected a SensitivityResult, a dict {v choice name: SensitivityResult}, a SensitivityCollector "
            f"or a SensitivityAccumulator; got a {type(results).__name__}"
        )

    def update(
        self,
        results: Any,
        *,
        example_ids: Sequence | np.ndarray | None = None,
        groups: Any = None,
        probs: Any = None,
        pred_class: Any = None,
        tokens: Any = None,
        example_text: Sequence | None = None,
        example_uris: Sequence | None = None,
    ) -> None:
        """Add one batch: the results of every v choice for the same examples.

        Parameters
        ----------
        results : SensitivityResult, or dict ``{name: SensitivityResult}``
            P of the batch under each v choice; the same choices, in the
            same order, on every update.
        example_ids : sequence, optional
            Ids shown for retained examples, strings or integers (default:
            running index).
        groups : array_like, ``[b]``, optional
            Group of each example, for per-group means: all strings or all
            integers, the same kind on every update (see
            `tb_bias_plugin.core.validation.check_labels`).
        probs : array_like, ``[b, K]``, optional
            Predicted probabilities in [0, 1] (K columns, or one sigmoid
            score): the predicted class and its probability.
        pred_class : array_like of int, ``[b]``, optional
            Predicted class, when ``probs`` is not given: integers from 0
            to K - 1 (0 or 1 when K = 1).
        tokens : array_like of str, ``[b, T]``, optional
            Text: the tokens, when the results do not carry them: strings,
            or bytes read as UTF-8 (see `check_tokens`).
        example_text, example_uris : sequence of str or None, ``[b]``, optional
            A short text and a URI per example (None or "" for none), kept
            with the retained examples only, each cut to 200 characters.

        Raises
        ------
        ValueError
            Different choices than before, lengths that disagree, labels given
            on some updates only or of the wrong type, P that is infinite or
            negative, K or F other than the names, ``w`` and earlier updates
            say; nothing is added then.
        """
        batch = self._check(self.as_results(results), example_ids, groups, probs, pred_class, tokens)
        batch = dataclasses.replace(batch, texts=short_strings(example_text, batch.size, "example_text"),
                                    uris=short_strings(example_uris, batch.size, "example_uris"))
        self._adopt(batch)
        details = _Details(batch)
        for name, result in batch.results.items():
            self._add(self._choices[name], result, batch, details)
        self._n += batch.size

    def _check(self, res: dict[str, SensitivityResult], example_ids, groups, probs, pred_class, tokens) -> _Batch:
        """An update's arguments, checked against each other and the earlier updates; changes nothing."""
        first_name, first = next(iter(res.items()))
        b = check_p(first.P, f"results[{first_name!r}].P").shape[0]
        if self._choices and list(res) != list(self._choices):
            raise ValueError(f"this collector logs the choices {list(self._choices)}; got {list(res)}")
        text = first.token_sensitivity is not None
        if any((r.token_sensitivity is not None) != text for r in res.values()):
            raise ValueError("mixing text and tabular results")
        kind = "text" if text else "tabular"
        if self.input is not None and kind != self.input:
            raise ValueError(f"this collector holds {self.input} results; got {kind}")
        ids = check_ids(example_ids, b)
        grp = None if groups is None else check_labels(groups, "groups", b)
        prob, pc = _predictions(probs, pred_class, b)
        for name, r in res.items():  # what each accumulator's update would refuse (labels, P), refused now
            acc = self._choices[name].acc if self._choices else SensitivityAccumulator(0, 0)
            assert acc is not None
            p, _, _, _ = acc.check_update(r.P, groups=grp, pred_class=pc, p_name=f"results[{name!r}].P")
            if p.shape != (b,):
                raise ValueError(f"result {name!r} has P of shape {p.shape}; expected [{b}] like the others")
        tok = _tokens(tokens, first, text)
        k, f = self._dims(res, prob, pc, text)
        return _Batch(results=res, size=b, input=kind, start=self._n,
                      ids=ids if ids is not None else [str(i) for i in range(self._n, self._n + b)],
                      groups=grp, pred_class=pc, probs=prob, tokens=tok, n_classes=k, n_features=f,
                      feature_names=self._feature_names(res))

    def _feature_names(self, res: dict[str, SensitivityResult]) -> tuple[str, ...] | None:
        """The feature names the results were computed with, checked against each other and the collector's."""
        named = {r.feature_names for r in res.values() if r.feature_names is not None}
        if len(named) > 1:
            raise ValueError("the results were computed with different feature names: %s"
                             % " and ".join(preview(list(n)) for n in named))
        names = next(iter(named), None)
        if names is not None and self.feature_names is not None and list(names) != self.feature_names:
            raise ValueError("feature_names %s differ from those the results were computed with, %s"
                             % (preview(self.feature_names), preview(list(names))))
        return names

    def _dims(self, res: dict[str, SensitivityResult], prob: np.ndarray | None, pc: np.ndarray | None, text: bool):
        """(K, F) of a batch, each None when it does not tell; checked against the earlier batches,
        the class names and w, and the predicted classes against K."""
        k = None
        for r in res.values():
            if r.per_class is not None:
                k = np.shape(r.per_class)[1]
        if prob is not None:
            if k is None:
                k = prob.shape[1]
            elif prob.shape[1] != max(k, 2):  # one sigmoid score (K = 1) gives two columns
                raise ValueError(f"probs has {prob.shape[1]} class probabilities per example; "
                                 f"the results have K = {k} classes")
        if self.n_classes is not None and k is not None and k != self.n_classes:
            raise ValueError(f"this collector has K = {self.n_classes} classes; got {k}")
        if k is not None:
            self.check_classes(k)
        known = k if k is not None else self.n_classes
        if known is None and self.class_names is not None:
            known = len(self.class_names)
        check_pred_class(pc, known)
        first = next(iter(res.values()))
        f = None if text or first.s is None else np.shape(first.s)[1]
        if not text and f is not None:
            check_feature_count(self.feature_names, f)
        if self.n_features is not None and f is not None and f != self.n_features:
            raise ValueError(f"this collector has F = {self.n_features} features; got {f}")
        return k, f

    def check_classes(self, k: int) -> None:
        """The class names and w against the number of classes K of the results (or of the model, before
        any result: a callback checks them when training begins)."""
        if self.class_names is not None and len(self.class_names) != k:
            raise ValueError(f"{len(self.class_names)} class names for K = {k} classes")
        if self.w is not None and self.w.shape != (k,):
            raise ValueError(f"w has shape {self.w.shape} but the results have K = {k} classes")

    def _adopt(self, batch: _Batch) -> None:
        """Record what a checked batch fixes for the later ones: input, labels given, K, F, the choices."""
        self.input = batch.input
        self._has_groups, self._has_classes = batch.groups is not None, batch.pred_class is not None
        if batch.n_classes is not None:
            self.n_classes = batch.n_classes
        if batch.n_features is not None:
            self.n_features = batch.n_features
        if self.feature_names is None and batch.feature_names is not None:
            self.feature_names = list(batch.feature_names)
        if not self._choices:
            for name, r in batch.results.items():
                c = r.v_choice
                self._choices[name] = _ChoiceState(
                    name, c.kind, tuple(sorted(c.words or ())), tuple(c.indices or ()),
                    SensitivityAccumulator(self.top_k, self.sample_size, self.seed))

    def _add(self, st: _ChoiceState, r: SensitivityResult, batch: _Batch, details: _Details) -> None:
        """Add one choice's results of a checked batch: P, why P is undefined, class rows, per-feature or per-token means."""
        P = np.asarray(r.P, dtype=np.float64)
        assert st.acc is not None
        st.acc.update(P, example_ids=batch.ids, groups=batch.groups, pred_class=batch.pred_class, details=details)
        defined = ~np.isnan(P)
        if r.reasons is not None:
            why, counts = np.unique(np.asarray([str(x) for x in np.asarray(r.reasons)[~defined]], dtype=str),
                                    return_counts=True)
            for reason, count in zip(why.tolist(), counts.tolist()):
                st.reasons[reason] = st.reasons.get(reason, 0) + int(count)
        if r.per_class is not None:
            rows = np.asarray(r.per_class, dtype=np.float64)[defined]
            st.row_sum = rows.sum(axis=0) + (0 if st.row_sum is None else st.row_sum)
            st.row_count += int(rows.shape[0])
        text = batch.input == "text"
        if not text and r.s is not None:
            self._add_features(st, r, defined)
        if text and batch.tokens is not None:
            self._add_token_types(st, batch.tokens, r)

    @staticmethod
    def _add_features(st: _ChoiceState, r: SensitivityResult, defined: np.ndarray) -> None:
        """Tabular: sums of s and of s·v per feature over the examples where P is defined and s known."""
        s = np.asarray(r.s, dtype=np.float64)[defined]
        v = np.nan_to_num(np.asarray(r.v, dtype=np.float64)[defined]) if r.v is not None else None
        known = ~np.isnan(s)
        st.feat_sum = np.where(known, s, 0).sum(axis=0) + (0 if st.feat_sum is None else st.feat_sum)
        st.feat_count = known.sum(axis=0) + (0 if st.feat_count is None else st.feat_count)
        if v is not None:
            contrib = np.where(known, s, 0) * v
            st.contrib_sum = contrib.sum(axis=0) + (0 if st.contrib_sum is None else st.contrib_sum)

    @staticmethod
    def _add_token_types(st: _ChoiceState, tok: np.ndarray, r: SensitivityResult) -> None:
        u = np.asarray(r.token_sensitivity, dtype=np.float64)
        real = np.ones(u.shape, bool) if r.token_mask is None else np.asarray(r.token_mask, bool)
        keep = real & ~np.isnan(u)
        if not keep.any():
            return
        names = np.asarray([str(t) for t in tok[keep]], dtype=str)
        uniq, inverse = np.unique(names, return_inverse=True)
        sums = np.bincount(inverse, weights=u[keep], minlength=len(uniq))
        counts = np.bincount(inverse, minlength=len(uniq))
        for name, total, count in zip(uniq.tolist(), sums.tolist(), counts.tolist()):
            entry = st.types.setdefault(name, [0.0, 0])
            entry[0] += total
            entry[1] += count

    # -- output ----------------------------------------------------------------

    def summary(self, name: str) -> dict:
        """``summarize`` of one choice's P (n, n_defined, coverage, mean, median, p90, max)."""
        st = self._choices[name]
        assert st.acc is not None
        return summarize(st.acc.values())

    def contents(self) -> dict:
        """Everything a summary stores, as plain values (see codec.encode).

        Raises
        ------
        ValueError
            If no example was added.
        """
        if self._n == 0:
            raise ValueError("the collector has not seen any examples")
        examples: dict[int, ExampleDetail] = {}
        sample: set[int] = set()
        choices: list[dict[str, Any]] = []
        first = True
        for st in self._choices.values():
            assert st.acc is not None
            result = st.acc.result()
            values = st.acc.values()
            defined = values[~np.isnan(values)]
            top = []
            for item in result["top_k"]:
                d = self._kept(item)
                if d is not None:
                    examples.setdefault(d.index, d)
                    top.append(d.index)
            if first:  # the sample is the same for every choice (same seed, same draws)
                for item in result["reservoir"]:
                    d = self._kept(item)
                    if d is not None:
                        examples.setdefault(d.index, d)
                        sample.add(d.index)
                first = False
            edges, counts, quantiles = distribution(defined)
            types = sorted(((s / c, c, t) for t, (s, c) in st.types.items() if c > 0), key=lambda e: (-e[0], e[2]))
            types = types[:TOKEN_TYPES]
            with np.errstate(invalid="ignore", divide="ignore"):
                feat = None if st.feat_sum is None else st.feat_sum / st.feat_count
                contrib = None if st.contrib_sum is None or st.feat_count is None else st.contrib_sum / np.maximum(
                    st.feat_count, 1)
                rows = None if st.row_sum is None else (
                    st.row_sum / st.row_count if st.row_count else np.full_like(st.row_sum, np.nan))
            choices.append({
                "name": st.name,
                "kind": st.kind,
                "words": list(st.words),
                "indices": list(st.indices),
                **stored_statistics(result),
                "reasons": dict(sorted(st.reasons.items())),
                "histogram_edges": edges,
                "histogram_counts": counts,
                "quantiles": quantiles,
                "class_rows": rows,
                "feature_sensitivity": feat,
                "feature_contribution": contrib,
                "token_types": [t for _, _, t in types],
                "token_type_sensitivity": np.array([m for m, _, _ in types], dtype=np.float64),
                "token_type_counts": np.array([c for _, c, _ in types], dtype=np.int64),
                "top": top,
            })
        order = sorted(examples)
        position = {index: i for i, index in enumerate(order)}
        for c in choices:
            c["top_examples"] = [position[i] for i in c.pop("top")]
        return {
            "input": self.input,
            "feature_names": list(self.feature_names or []),
            "class_names": list(self.class_names or []),
            "w": [] if self.w is None else self.w.tolist(),
            "num_examples": self._n,
            "choices": choices,
            "examples": [(examples[i], i in sample) for i in order],
            "top_k": self.top_k,
            "sample_size": self.sample_size,
            "has_groups": self.has_groups,
            "has_classes": self.has_classes,
        }

    @staticmethod
    def _kept(item: Retained) -> ExampleDetail | None:
        return item.detail if isinstance(item.detail, ExampleDetail) else None


def _predictions(probs, pred_class, b: int) -> tuple[np.ndarray | None, np.ndarray | None]:
    """(probabilities ``[b, K >= 2]``, predicted class ``[b]``) of a batch, from ``probs`` or ``pred_class``."""
    prob = pc = None
    if probs is not None:
        prob = check_finite_array(probs, "probs")
        if prob.ndim == 1:
            prob = prob[:, None]
        if prob.ndim != 2 or prob.shape[0] != b:
            raise ValueError(f"probs must be [b, K] = [{b}, K]; got shape {np.shape(probs)}")
        try:
            check_probabilities(prob, output="sigmoid")  # in [0, 1]; rows of a multi-label model need not sum to 1
        except ValueError as e:
            raise ValueError(f"probs: {e}") from None
        if prob.shape[1] == 1:  # one sigmoid score: class 1 when above 0.5
            pc = (prob[:, 0] > 0.5).astype(np.int64)
            prob = np.concatenate([1 - prob, prob], axis=1)
        else:
            pc = prob.argmax(axis=1)
    if pred_class is not None:
        if pc is not None:
            raise ValueError("pass probs or pred_class, not both")
        pc = check_labels(pred_class, "pred_class", b, strings=False)
    return prob, pc


def _tokens(tokens, first: Any, text: bool) -> np.ndarray | None:
    """Text: the batch's tokens ``[b, T]``, given or carried by the results."""
    if not text:
        if tokens is not None:
            raise ValueError("tokens are for text results")
        return None
    tok = tokens if tokens is not None else first.tokens
    if tok is None:
        return None
    tok = check_tokens(tok)  # a result built by hand carries tokens no TextLayout checked
    if tok.shape != np.shape(first.token_sensitivity):
        raise ValueError(f"tokens have shape {tok.shape}; the results have [n, T] = "
                         f"{np.shape(first.token_sensitivity)}")
    return tok


def _detail(batch: _Batch, i: int) -> ExampleDetail:
    """Everything kept for example ``i`` of a batch, under every choice."""
    res: list[Any] = list(batch.results.values())
    P = np.array([float(r.P[i]) for r in res])
    reasons = ["" if r.reasons is None or r.reasons[i] is None else str(r.reasons[i]) for r in res]
    pc = -1 if batch.pred_class is None else int(batch.pred_class[i])
    prob = float("nan")
    if batch.probs is not None and pc >= 0:
        prob = float(batch.probs[i, pc])
    d = ExampleDetail(
        index=batch.start + i,
        example_id=batch.ids[i],
        group="" if batch.groups is None else str(batch.groups[i]),
        pred_class=pc,
        pred_prob=prob,
        P=P,
        reasons=reasons,
        text="" if batch.texts is None else batch.texts[i],
        uri="" if batch.uris is None else batch.uris[i],
    )
    first: Any = res[0]
    if first.token_sensitivity is not None:
        real = np.ones(np.shape(first.token_sensitivity)[1], bool) if first.token_mask is None else \
            np.asarray(first.token_mask[i], bool)
        if batch.tokens is not None:
            d.tokens = [str(t) for t in np.asarray(batch.tokens[i], dtype=object)[real]]
        d.token_sensitivity = np.stack([np.asarray(r.token_sensitivity[i], np.float64)[real] for r in res])
        d.token_weight = np.stack([
            np.zeros(int(real.sum())) if r.token_weight is None else np.asarray(r.token_weight[i], np.float64)[real]
            for r in res])
    elif first.s is not None:
        d.feature_sensitivity = np.stack([np.asarray(r.s[i], np.float64) for r in res])
        d.feature_weight = np.stack([np.nan_to_num(np.asarray(r.v[i], np.float64)) if r.v is not None
                                     else np.zeros(np.shape(r.s)[1]) for r in res])
    return d


def _stats(key: str, s: Mapping) -> dict:
    return {name: s[name] for name in STATS} | {"key": key}


def stored_statistics(result: Mapping) -> dict:
    """What a record stores of an `aggregate` result: ``overall``, and ``by_group`` (in the order of the
    groups' text) and ``by_class`` when given, each entry `STATS` and its group's or class's ``key``."""
    return {
        "overall": _stats("", result),
        "by_group": [_stats(str(key), s) for key, s in sorted(result.get("by_group", {}).items(),
                                                              key=lambda e: str(e[0]))],
        "by_class": [_stats(str(key), s) for key, s in sorted(result.get("by_class", {}).items())],
    }
