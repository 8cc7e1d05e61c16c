"""NumPy half of the representation-level bias measure (no TensorFlow here).

Shannon entropy of the protected attribute, the Donsker-Varadhan (DV)
arithmetic, the log-space moving average used by the MINE gradient, input
validation, the flags, and the result record. The math and the corrections
to the paper are in ``docs/measures/representation.md``.
"""

from __future__ import annotations

import dataclasses
import math
import types
from typing import Any, Mapping

import numpy as np

from tb_bias_plugin.core.validation import check_finite_array, check_number, host_values

__all__ = [
    "FLAG_LOOSE",
    "FLAG_NOT_CONVERGED",
    "FLAG_NOISE_FLOOR",
    "FLAG_OUTSIDE_UNIT",
    "FLAG_SMALL_CLASS",
    "FLAG_SMALL_SAMPLE",
    "REASON_CONTINUOUS",
    "REASON_DIVERGED",
    "REASON_SINGLE_CLASS",
    "RepresentationBiasResult",
    "bias_ratio",
    "class_counts",
    "convergence_rise",
    "dv_bound",
    "dv_bound_exact_marginal",
    "log_ema",
    "log_sum_exp",
    "loose_reason",
    "logmeanexp",
    "result_flags",
    "shannon_entropy",
    "train_entropy",
    "validate_protected",
    "validate_representations",
]

# Reasons a bias value is NaN.
REASON_SINGLE_CLASS = "single_class"
REASON_CONTINUOUS = "continuous_protected"
REASON_DIVERGED = "diverged"

# Flags: computed and stored, never used to alter the stored value.
FLAG_OUTSIDE_UNIT = "outside_unit_interval"
FLAG_NOT_CONVERGED = "not_converged"
FLAG_NOISE_FLOOR = "inside_noise_floor"
FLAG_SMALL_SAMPLE = "small_sample"
FLAG_SMALL_CLASS = "small_class"
FLAG_LOOSE = "loose"

MIN_SAMPLES = 2000
#: What `representation_bias` warns below MIN_SAMPLES rows (the callbacks, which print the flag, hide it).
SMALL_SAMPLE_WARNING = "the estimate is noisy"
MIN_HELDOUT_PER_CLASS = 20
#: What `representation_bias` warns when a class has fewer held-out rows (hidden as SMALL_SAMPLE_WARNING is).
SMALL_CLASS_WARNING = "a class has fewer than %d held-out samples: its estimate is noisy" % MIN_HELDOUT_PER_CLASS
#: Most classes of a protected attribute: codes run from 0 to ``MAX_CLASSES - 1``. Code c is class c
#: (classes no row has are kept, so codes mean the same at every step), and both bounds cost memory and
#: time in proportion to the number of classes: a code of 10**6 would need terabytes.
MAX_CLASSES = 1024
#: Most shuffled-Z controls of one estimate (`control_permutations`): each is a whole training again.
MAX_CONTROLS = 1000
# With a single control permutation there is no spread to measure; this is
# the half-width the shuffled-Z oracle allows at n = 8,000.
SINGLE_CONTROL_BAND = 0.02
# How many control runs that guess is worth when runs are pooled with it: a
# standard deviation from 3-5 runs, often one value and a rare excursion,
# understates the tails (see control_half_width).
CONTROL_BAND_PRIOR_RUNS = 2


def class_counts(protected, n_classes=None):
    """Count how often each protected-attribute code occurs.

    Parameters
    ----------
    protected : array_like of int, shape (n,)
        Codes ``0 .. C-1``.
    n_classes : int, optional
        C. Defaults to ``max(protected) + 1``; a larger value adds empty
        classes.

    Returns
    -------
    numpy.ndarray of int64, shape (C,)

    Raises
    ------
    ValueError
        If the codes are not non-negative integers, or exceed `n_classes`.

    See Also
    --------
    shannon_entropy : the entropy of these counts.

    Examples
    --------
    >>> class_counts([0, 1, 1, 3]).tolist()
    [1, 2, 0, 1]
    """
    codes = _as_codes(protected)
    if n_classes is None:
        n_classes = int(codes.max()) + 1 if codes.size else 0
    if codes.size and int(codes.max()) >= n_classes:
        raise ValueError(
            f"protected has code {int(codes.max())} but n_classes={n_classes}")
    return np.bincount(codes, minlength=n_classes).astype(np.int64)


def shannon_entropy(counts, name="counts"):
    """Shannon entropy, in nats, of a categorical distribution given by counts.

    ``H = -sum_z p_z ln p_z`` with ``p_z = n_z / n``; empty classes add 0.
    This is the denominator of B (not the paper's eq. 2, which is not an
    entropy; see ``docs/measures/representation.md``).

    Parameters
    ----------
    counts : array_like, shape (C,)
        Non-negative class counts (or unnormalised probabilities).
    name : str, default "counts"
        The argument's name in error messages (``train_counts`` for
        `representation_bias`).

    Returns
    -------
    float
        H in nats; 0.0 when a single class holds all the mass.

    Raises
    ------
    ValueError
        If `counts` is empty, negative, non-finite or sums to 0.

    See Also
    --------
    class_counts, bias_ratio

    Examples
    --------
    >>> round(shannon_entropy([50, 50]), 6)
    0.693147
    >>> round(shannon_entropy([90, 10]), 6)
    0.325083
    >>> shannon_entropy([100, 0])
    0.0
    """
    c = check_finite_array(counts, name, ndim=1)
    if c.size == 0 or np.any(c < 0):
        raise ValueError("%s must be non-empty and non-negative" % name)
    total = c.sum()
    if total <= 0:
        raise ValueError("%s sum to 0: no samples" % name)
    p = c[c > 0] / total
    h = float(-(p * np.log(p)).sum())
    return h if h > 0 else 0.0  # a single class would give -0.0


def train_entropy(train_counts, classes=None) -> float:
    """H of the model's training-set class counts (stored as context, never in B), checked.

    Parameters
    ----------
    train_counts : array_like of int, shape (C,)
        Samples per class code in the training set.
    classes : int, optional
        Classes (codes ``0 .. classes - 1``) of the protected attribute; `train_counts` needs one
        count for each.

    Raises
    ------
    ValueError
        Not whole non-negative counts, all 0, or fewer counts than `classes`.

    Examples
    --------
    >>> round(train_entropy([600, 400], classes=2), 6)
    0.673012
    >>> train_entropy([600], classes=2)
    Traceback (most recent call last):
    ...
    ValueError: train_counts has 1 count, but the protected attribute has codes 0..1: give one count per class code
    """
    c = check_finite_array(train_counts, "train_counts", ndim=1)
    if np.any(c != np.floor(c)):
        raise ValueError("train_counts must be whole numbers of samples per class, got %s" % c[c != np.floor(c)][0])
    if classes is not None and c.size < classes:
        raise ValueError("train_counts has %d count%s, but the protected attribute has codes 0..%d: give one count "
                         "per class code" % (c.size, "" if c.size == 1 else "s", classes - 1))
    return shannon_entropy(c, "train_counts")


def log_sum_exp(x, axis=None, keepdims=False):
    """``ln(sum(exp(x)))`` over ``axis`` (all elements by default), its largest term taken out first so
    that nothing overflows; in ``x``'s own dtype.

    A slice whose largest value is infinite or NaN gives NaN or an infinity: a caller that may meet one
    replaces it first (`logmeanexp` takes such a maximum as 0 instead).

    Parameters
    ----------
    x : numpy.ndarray
    axis : int, optional
        Axis to reduce; all elements by default.
    keepdims : bool, default False
        Keep the reduced axis, with length one (to broadcast against ``x``, as a log-softmax does).

    Returns
    -------
    float or numpy.ndarray

    Examples
    --------
    >>> bool(log_sum_exp(np.array([1000.0, 1000.0])) == 1000.0 + np.log(2.0))
    True
    >>> log_sum_exp(np.log([[1.0, 3.0], [2.0, 2.0]]), axis=1, keepdims=True).round(6).tolist()
    [[1.386294], [1.386294]]
    """
    m = x.max(axis=axis, keepdims=True)
    out = m + np.log(np.exp(x - m).sum(axis=axis, keepdims=True))
    if keepdims:
        return out
    return float(out.reshape(())) if axis is None else np.squeeze(out, axis=axis)


def logmeanexp(x, axis=None):
    """``ln(mean(exp(x)))`` computed without overflow.

    Parameters
    ----------
    x : array_like
    axis : int, optional
        Axis to reduce; all elements by default.

    Returns
    -------
    float or numpy.ndarray

    Examples
    --------
    >>> float(logmeanexp([1000.0, 1000.0]))
    1000.0
    >>> bool(np.isclose(logmeanexp([0.0, np.log(3.0)]), np.log(2.0)))
    True
    """
    a = np.asarray(x, dtype=np.float64)
    if a.size == 0:
        raise ValueError("logmeanexp of an empty array")
    m = np.max(a, axis=axis, keepdims=True)
    m = np.where(np.isfinite(m), m, 0.0)
    out = m + np.log(np.mean(np.exp(a - m), axis=axis, keepdims=True))
    if axis is None:
        return float(out.reshape(()))
    return np.squeeze(out, axis=axis)


def dv_bound(joint_outputs, marginal_outputs):
    """Donsker-Varadhan lower bound from critic outputs (the paper's eq. 4).

    ``mean(o_J) - ln mean(exp(o_M))``, with the log-mean-exp taken stably.

    Parameters
    ----------
    joint_outputs : array_like, shape (k,)
        ``T(r_i, z_i)`` on pairs drawn from the joint distribution.
    marginal_outputs : array_like, shape (m,)
        ``T(r'_i, z_i)`` on pairs drawn from the product of the marginals.

    Returns
    -------
    float
        The bound, in nats.

    See Also
    --------
    dv_bound_exact_marginal : the held-out form with the Z-marginal summed out.

    Examples
    --------
    >>> round(dv_bound([1, 2, 3], [0, 1, 2]), 7)
    0.6910063
    >>> dv_bound([5.0, 5.0], [5.0, 5.0])
    0.0
    """
    j = np.asarray(joint_outputs, dtype=np.float64)
    if j.size == 0:
        raise ValueError("joint_outputs is empty")
    return float(j.mean() - logmeanexp(marginal_outputs))


def dv_bound_exact_marginal(joint_outputs, pair_outputs, class_probs):
    """DV bound with the marginal term taken exactly over the classes of Z.

    ``mean_i T(r_i, z_i) - ln[(1/n) sum_i sum_z p_z exp T(r_i, z)]``: the
    product of marginals is the empirical R times the class distribution,
    so no marginal pairs need sampling.

    Parameters
    ----------
    joint_outputs : array_like, shape (n,)
        ``T(r_i, z_i)``.
    pair_outputs : array_like, shape (n, C)
        ``T(r_i, z)`` for every class z.
    class_probs : array_like, shape (C,)
        ``p_z``; classes with probability 0 are left out.

    Returns
    -------
    float
        The bound, in nats.

    Examples
    --------
    A constant critic gives exactly 0; one that ignores z gives at most 0:

    >>> abs(dv_bound_exact_marginal([0.3, 0.3], np.full((2, 2), 0.3), [0.5, 0.5])) < 1e-12
    True
    >>> t = np.array([[0.3, 0.3], [-1.0, -1.0]])
    >>> dv_bound_exact_marginal([0.3, -1.0], t, [0.5, 0.5]) < 0
    True
    """
    j = np.asarray(joint_outputs, dtype=np.float64)
    t = np.asarray(pair_outputs, dtype=np.float64)
    p = np.asarray(class_probs, dtype=np.float64)
    if t.ndim != 2 or t.shape != (j.size, p.size) or j.size == 0:
        raise ValueError("pair_outputs must have shape (len(joint_outputs), len(class_probs))")
    keep = p > 0
    weighted = t[:, keep] + np.log(p[keep] / p[keep].sum())
    log_marginal = log_sum_exp(weighted) - math.log(j.size)
    return float(j.mean() - log_marginal)


def log_ema(log_means, alpha):
    """Exponential moving average of ``m_t``, kept in log space.

    ``ln EMA_0 = ln m_0`` and
    ``ln EMA_t = logaddexp(ln(1-alpha) + ln EMA_{t-1}, ln alpha + ln m_t)``,
    i.e. ``EMA_t = (1-alpha) EMA_{t-1} + alpha m_t`` without ever leaving log
    space. ``m_t`` is the batch mean of ``exp(o_M)``: MINE's bias correction
    needs that mean, not the mean of the raw outputs.

    Parameters
    ----------
    log_means : array_like, shape (T,)
        ``ln m_t`` per training iteration.
    alpha : float
        Smoothing weight in (0, 1].

    Returns
    -------
    numpy.ndarray, shape (T,)
        ``ln EMA_t``.

    Examples
    --------
    >>> np.exp(log_ema(np.log([1.0, 2.0, 4.0]), 0.5)).round(12).tolist()
    [1.0, 1.5, 2.75]
    """
    alpha = check_number(alpha, "alpha", low=0, high=1, include="right")
    lm = np.asarray(log_means, dtype=np.float64)
    out = np.empty_like(lm)
    keep, new = math.log1p(-alpha) if alpha < 1 else -np.inf, math.log(alpha)
    for t, value in enumerate(lm):
        out[t] = value if t == 0 else np.logaddexp(keep + out[t - 1], new + value)
    return out


def bias_ratio(mutual_information, entropy):
    """B = I / H, NaN when H is 0 or undefined. Never clipped.

    Examples
    --------
    >>> round(bias_ratio(0.336831, 0.693147), 4)
    0.4859
    >>> math.isnan(bias_ratio(0.1, 0.0))
    True
    """
    if not (np.isfinite(entropy) and entropy > 0 and np.isfinite(mutual_information)):
        return float("nan")
    return float(mutual_information / entropy)


def validate_representations(representations):
    """Check and convert representations to a float64 ``(n, d)`` array.

    Raises
    ------
    ValueError
        If the array does not hold numbers (strings or objects are not parsed), is not 2-D, has no rows
        or columns, or holds NaN/inf.

    Examples
    --------
    >>> validate_representations([[1, 2], [3, 4]]).shape
    (2, 2)
    """
    r = check_finite_array(representations, "representations")
    if r.ndim != 2:
        raise ValueError(
            f"representations must be 2-D (n samples, d features), got shape {r.shape}; "
            "reshape a single feature with r[:, None]")
    if r.shape[0] == 0 or r.shape[1] == 0:
        raise ValueError(f"representations is empty (shape {r.shape})")
    return r


def validate_protected(protected, n_rows, continuous=False, *, name="protected", rows_of="representations"):
    """Check the protected attribute against the representations.

    Parameters
    ----------
    protected : array_like, shape (n,)
        Integer codes ``0 .. C-1`` (C at most `MAX_CLASSES`), or real values when `continuous`.
    n_rows : int
        Number of representation rows it must match.
    continuous : bool
        Accept a real-valued attribute (B is then undefined; only I is
        estimated).
    name, rows_of : str
        What the length error calls the attribute and what has the rows (a helper's ``x``).

    Returns
    -------
    numpy.ndarray
        int64 codes, or float64 values when `continuous`.

    Raises
    ------
    ValueError
        Wrong length or shape, non-finite or negative codes, a code of
        `MAX_CLASSES` or more, or a float
        attribute without ``continuous=True`` (discretise it first, e.g.
        with ``numpy.digitize``).

    Examples
    --------
    >>> validate_protected([0, 1, 1], 3).tolist()
    [0, 1, 1]
    """
    z = np.asarray(host_values(protected))
    if z.ndim != 1:
        raise ValueError(f"protected must be 1-D, got shape {z.shape}")
    if z.shape[0] != n_rows:
        raise ValueError(
            f"{name} has {z.shape[0]} entries but {rows_of} has {n_rows} rows")
    if continuous:
        if not np.issubdtype(z.dtype, np.number) or np.issubdtype(z.dtype, np.complexfloating):
            raise ValueError("a continuous protected attribute must be real-valued")
        z = z.astype(np.float64)
        if not np.all(np.isfinite(z)):
            raise ValueError("protected has non-finite values")
        return z
    return _as_codes(z)


def _as_codes(protected):
    z = np.asarray(protected)
    if z.ndim != 1:
        raise ValueError(f"protected must be 1-D, got shape {z.shape}")
    if z.dtype == bool:
        return z.astype(np.int64)
    if np.issubdtype(z.dtype, np.floating):
        raise ValueError(
            "protected is a float array: pass integer class codes 0..C-1 "
            "(protected.astype(int) if the values are already codes), discretise "
            "a continuous attribute (e.g. numpy.digitize), or pass continuous=True "
            "to estimate I alone (B is then undefined)")
    if not np.issubdtype(z.dtype, np.integer):
        raise ValueError(f"protected must hold integer class codes, got dtype {z.dtype}")
    if z.size and z.min() < 0:
        raise ValueError(f"protected codes must be >= 0, got {int(z.min())}")
    if z.size and z.max() >= MAX_CLASSES:
        raise ValueError(
            f"protected codes must be at most {MAX_CLASSES - 1} (code c is class c, so the largest code sets "
            f"the number of classes), got {int(z.max())}; number the classes 0..C-1 first, e.g. "
            "numpy.unique(protected, return_inverse=True)[1]")
    return z.astype(np.int64)


def convergence_rise(eval_steps, values, total_steps, window=0.2):
    """Rise of the held-out bound over the last `window` of training.

    Least-squares slope of the held-out curve over the final fraction of
    steps, times the window length: how much the estimate was still going
    up when training stopped.

    Returns
    -------
    float
        Nats; NaN when fewer than two points fall in the window.

    Examples
    --------
    >>> round(convergence_rise([0, 50, 80, 90, 100], [0, .5, .8, .9, 1.0], 100), 6)
    0.2
    """
    s = np.asarray(eval_steps, dtype=np.float64)
    v = np.asarray(values, dtype=np.float64)
    sel = (s >= (1 - window) * total_steps) & np.isfinite(v)
    if sel.sum() < 2:
        return float("nan")
    slope = np.polyfit(s[sel], v[sel], 1)[0]
    return float(slope * window * total_steps)


def result_flags(value, control_values, rise, convergence_tol, n, heldout_counts):
    """The flags of docs/measures/representation.md, "Undefined values and flags", as a sorted tuple of names.

    Parameters
    ----------
    value : float
        B (or I when B is undefined); flags about [0, 1] only apply to B.
    control_values : sequence of float
        The same quantity for each shuffled-Z control run (may be empty).
    rise : float
        :func:`convergence_rise` of the held-out curve.
    convergence_tol : float
        Rise, in nats, above which the estimate counts as not converged.
    n : int
        Evaluation sample size.
    heldout_counts : array_like or None
        Held-out samples per class (None for a continuous attribute).

    Examples
    --------
    >>> result_flags(1.02, [0.0], 0.0, 0.01, 8000, [1200, 1200])
    ('outside_unit_interval',)
    """
    flags = set()
    if heldout_counts is not None and np.isfinite(value) and not 0.0 <= value <= 1.0:
        flags.add(FLAG_OUTSIDE_UNIT)
    if np.isfinite(rise) and rise > convergence_tol:
        flags.add(FLAG_NOT_CONVERGED)
    ctrl = np.asarray([c for c in control_values if np.isfinite(c)], dtype=np.float64)
    if ctrl.size and np.isfinite(value) and abs(value - ctrl.mean()) < control_half_width(ctrl):
        flags.add(FLAG_NOISE_FLOOR)
    if n < MIN_SAMPLES:
        flags.add(FLAG_SMALL_SAMPLE)
    if heldout_counts is not None:
        hc = np.asarray(heldout_counts)
        if np.any((hc > 0) & (hc < MIN_HELDOUT_PER_CLASS)):
            flags.add(FLAG_SMALL_CLASS)
    return tuple(sorted(flags))


def control_half_width(control_values):
    """Half-width of a bound's noise band: two standard deviations, pooled from its control runs and
    `SINGLE_CONTROL_BAND`.

    The band's sd is ``sqrt((nu0 s0^2 + sum (c - mean c)^2) / (nu0 + m - 1))`` with s0 = half of
    `SINGLE_CONTROL_BAND` counted as ``nu0 = CONTROL_BAND_PRIOR_RUNS`` degrees of freedom (the
    conjugate estimate of a variance with a prior guess). One run gives `SINGLE_CONTROL_BAND`; many
    runs give about 2 sd of the runs. Two sd of 3-5 runs alone was too narrow: the classifier's
    controls are often one value (every fold kept ``shares``) with a rare excursion, and in the demo
    runs drawn with the same sd set ``loose`` on a quarter of the layers whose bounds agree.

    NaN when there is no finite control value.

    Examples
    --------
    >>> control_half_width([0.01])
    0.02
    >>> round(control_half_width([0.0, 0.0, 0.0]), 4)  # all equal: the guess, worth 2 of 4 degrees of freedom
    0.0141
    >>> round(control_half_width(np.random.default_rng(0).normal(0, 0.003, 400)), 4)  # many runs: ~2 sd
    0.0061
    """
    ctrl = np.asarray([c for c in control_values if np.isfinite(c)], dtype=np.float64)
    if ctrl.size == 0:
        return float("nan")
    spread = float(((ctrl - ctrl.mean()) ** 2).sum())
    guess = CONTROL_BAND_PRIOR_RUNS * (SINGLE_CONTROL_BAND / 2) ** 2
    return 2 * math.sqrt((guess + spread) / (CONTROL_BAND_PRIOR_RUNS + ctrl.size - 1))


def loose_reason(mine_bias, mine_controls, classifier_bias, classifier_controls):
    """Why the two bounds of B say the estimate is loose, and what to do; None when they agree within their noise.

    Both are lower bounds of the same B, so a gap larger than the two noise bands combined
    (``sqrt(h_mine^2 + h_classifier^2)``, each from :func:`control_half_width`) means at least the
    smaller one is loose, and the larger one may be too. B is the larger already; the text says so and
    names the settings that may tighten the smaller one.

    Examples
    --------
    >>> loose_reason(0.52, [0.0], 0.66, [0.01])  # doctest: +NORMALIZE_WHITESPACE
    "MINE bound 0.520 < classifier bound 0.660 by 0.140 (noise 0.028): MINE's critic underfits; B is the
    classifier bound, a lower bound too"
    >>> loose_reason(0.52, [0.0], 0.53, [0.01]) is None
    True
    """
    if not (np.isfinite(mine_bias) and np.isfinite(classifier_bias)):
        return None
    noise = math.hypot(control_half_width(mine_controls), control_half_width(classifier_controls))
    gap = abs(mine_bias - classifier_bias)
    if not np.isfinite(noise) or gap <= noise:
        return None
    # short: the tab shows it in a narrow column, on every loose layer
    if classifier_bias > mine_bias:
        return (f"MINE bound {mine_bias:.3f} < classifier bound {classifier_bias:.3f} by {gap:.3f} (noise {noise:.3f}): "
                "MINE's critic underfits; B is the classifier bound, a lower bound too")
    return (f"classifier bound {classifier_bias:.3f} < MINE bound {mine_bias:.3f} by {gap:.3f} (noise {noise:.3f}): "
            "the classifiers underfit; B is the MINE bound; raise classifier_width or classifier_steps")


_ARRAY_FIELDS = {
    "class_counts": np.int64,
    "train_curve": np.float64,
    "heldout_steps": np.int64,
    "heldout_curve": np.float64,
    "validation_curve": np.float64,
    "control_biases": np.float64,
    "control_mutual_informations": np.float64,
    "mine_control_biases": np.float64,
    "classifier_control_biases": np.float64,
}


@dataclasses.dataclass(frozen=True, eq=False)
class RepresentationBiasResult:
    """One representation-level bias estimate for one (layer, attribute).

    Attributes
    ----------
    bias : float
        B = mutual_information / entropy; NaN when undefined (see `reason`).
        Stored raw, never clipped to [0, 1].
    mutual_information : float
        Held-out DV bound of the kept critic (see `best_step`), marginal term taken over
        the classes of Z (nats).
    mutual_information_sampled : float
        Same critic and split, marginal term from one sampled pairing.
    entropy : float
        Shannon entropy of Z on the evaluation sample (nats); NaN for a
        continuous attribute.
    control_bias, control_mutual_information : float
        Mean of B and I over the shuffled-Z control runs (NaN if none).
    control_biases, control_mutual_informations : numpy.ndarray
        One value per control permutation (the noise band).
    train_curve : numpy.ndarray, shape (steps,)
        Training-batch DV bound at every iteration.
    heldout_steps, heldout_curve : numpy.ndarray
        Held-out DV bound after those iterations (shown, never used to
        choose the critic).
    class_counts : numpy.ndarray
        Samples per class on the evaluation sample (empty if continuous).
    n, n_train, n_heldout : int
    settings : Mapping
        Steps, batch size, seed, learning rate, widths, ... used.
    flags : tuple of str
    reason : str or None
        Why `bias` is NaN, when it is.
    train_entropy : float
        Entropy of `train_counts` given by the caller (context only), or NaN.
    validation_curve : numpy.ndarray
        DV bound on the validation part (carved out of the training split)
        at `heldout_steps`; empty without one.
    best_step : int
        Iteration of the kept critic: the best validation bound with early
        stopping, else the last iteration (0 when MINE did not run).
    bound : str
        Which held-out bound B took: ``"mine"`` or ``"classifier"`` (the
        larger); empty when there is none. `mutual_information` and the
        ``control_*`` fields are that bound's.
    mine_bias, mine_mutual_information, mine_control_biases
        MINE's own B, I and control B per permutation (always reported).
    classifier : str
        The classifier most cross-fitting folds kept: ``"shares"`` (no classifier beat the class
        shares), ``"linear"``, ``"quadratic"``, ``"gaussian"``, ``"additive"``, ``"mlp"``, ``"subspace"`` or ``"trees"``; empty when none ran
        (continuous Z, old records).
    classifier_bias, classifier_mutual_information, classifier_control_biases
        The cross-fitted Barber-Agakov bound H(Z) - CE, as B and I, and its
        control B per permutation.
    loose_reason : str or None
        Why the flag ``loose`` is set: the two bounds differ by more than
        their noise allows.

    See Also
    --------
    representation_bias : estimates it from a layer's representations.
    tb_bias_plugin.summary.Writer.representation_bias : logs it.

    References
    ----------
    .. [1] Li and Abd-Almageed, "Information-Theoretic Bias Assessment of Learned Representations of
       Pretrained Face Recognition", FG 2021 (B as I(R; Z) / H(Z)).
    .. [2] Belghazi et al., "Mutual Information Neural Estimation", ICML 2018.
    .. [3] ``docs/measures/representation.md``, "Result" and "Undefined values and flags".

    Examples
    --------
    A single class has no bias to measure: B is NaN, with its reason.

    >>> import warnings
    >>> from tb_bias_plugin import representation_bias
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore")  # fewer than 2,000 samples warns
    ...     res = representation_bias(np.zeros((50, 2), "float32"), np.zeros(50, int))
    >>> res.bias, res.reason, res.entropy, res.class_counts.tolist()
    (nan, 'single_class', 0.0, [50])
    """

    bias: float
    mutual_information: float
    mutual_information_sampled: float
    entropy: float
    control_bias: float
    control_mutual_information: float
    control_biases: np.ndarray
    control_mutual_informations: np.ndarray
    train_curve: np.ndarray
    heldout_steps: np.ndarray
    heldout_curve: np.ndarray
    class_counts: np.ndarray
    n: int
    n_train: int
    n_heldout: int
    settings: Mapping[str, Any]
    flags: tuple = ()
    reason: str | None = None
    train_entropy: float = float("nan")
    validation_curve: np.ndarray = dataclasses.field(default_factory=lambda: np.zeros(0))
    best_step: int = 0
    bound: str = ""
    mine_bias: float = float("nan")
    mine_mutual_information: float = float("nan")
    mine_control_biases: np.ndarray = dataclasses.field(default_factory=lambda: np.zeros(0))
    classifier: str = ""
    classifier_bias: float = float("nan")
    classifier_mutual_information: float = float("nan")
    classifier_control_biases: np.ndarray = dataclasses.field(default_factory=lambda: np.zeros(0))
    loose_reason: str | None = None

    def __post_init__(self):
        for name, dtype in _ARRAY_FIELDS.items():
            arr = np.array(getattr(self, name), dtype=dtype)
            arr.setflags(write=False)
            object.__setattr__(self, name, arr)
        object.__setattr__(self, "settings", types.MappingProxyType(dict(self.settings)))
        object.__setattr__(self, "flags", tuple(self.flags))

    def to_dict(self):
        """Plain dict: Python scalars, str, lists and NumPy arrays only.

        Examples
        --------
        >>> r = RepresentationBiasResult.undefined(
        ...     [3], 3, reason="single_class", settings={"seed": 0})
        >>> d = r.to_dict()
        >>> d["reason"], d["class_counts"].tolist(), d["settings"]
        ('single_class', [3], {'seed': 0})
        >>> RepresentationBiasResult.from_dict(d).reason
        'single_class'
        """
        out = {}
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            if f.name in _ARRAY_FIELDS:
                out[f.name] = np.array(v)
            elif f.name == "settings":
                out[f.name] = dict(v)
            elif f.name == "flags":
                out[f.name] = list(v)
            else:
                out[f.name] = v
        return out

    @classmethod
    def from_dict(cls, data):
        """Inverse of :meth:`to_dict` (lists are accepted for the arrays).

        Raises
        ------
        ValueError
            `data` is not a mapping.
        """
        if not isinstance(data, Mapping):
            raise ValueError("RepresentationBiasResult.from_dict needs a mapping (from to_dict), got %s"
                             % type(data).__name__)
        names = {f.name for f in dataclasses.fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in names})

    @classmethod
    def undefined(cls, counts, n, *, reason, settings, flags=(), train_entropy=float("nan")):
        """A result with no estimate (MINE not run), e.g. a single class."""
        nan = float("nan")
        counts = np.asarray(counts)
        entropy = shannon_entropy(counts) if counts.size and counts.sum() > 0 else nan
        return cls(
            bias=nan, mutual_information=nan, mutual_information_sampled=nan,
            entropy=entropy, control_bias=nan, control_mutual_information=nan,
            control_biases=[], control_mutual_informations=[], train_curve=[],
            heldout_steps=[], heldout_curve=[], class_counts=counts, n=int(n),
            n_train=0, n_heldout=0, settings=settings, flags=flags, reason=reason,
            train_entropy=train_entropy)
