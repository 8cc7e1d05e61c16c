"""The representation-level bias B = I(R;Z)/H(Z): MINE and classifier lower bounds of I, in NumPy.

No framework is needed: the critic and the classifiers are small NumPy
networks trained with Adam (``nets.py``). The method, the protocol, the
two bounds and the corrections to the paper are described in
``docs/measures/representation.md``.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import math
import warnings
from typing import Any

import numpy as np

from tb_bias_plugin.core.validation import INT64_RANGE, check_flag, check_integer, check_number, preview
from tb_bias_plugin.measures.representation import entropy as _np
from tb_bias_plugin.measures.representation.classifier import combine_folds, fold_runs, split_indices, standardise
from tb_bias_plugin.measures.representation.nets import F32, Adam, elu, elu_grad, glorot
from tb_bias_plugin.measures.representation.trainings import run_all, stop_point, worker_count

__all__ = ["representation_bias", "split_indices"]

# Pair-evaluation blocks are cut to about this many hidden activations.
_EVAL_BLOCK = 1 << 21


def representation_bias(
    representations, protected, *, steps=2000, batch_size=256, seed=0, control=True, control_permutations=1,
    learning_rate=2e-3, ema_alpha=0.01, width=64, train_fraction=0.7, eval_every=100, validation_fraction=0.2,
    early_stopping=True, weight_decay=1.0, continuous=False, marginal_subset=128, pca_dims=None,
    convergence_tol=0.01, train_counts=None, jit_compile=None, patience=5, classifier_width=64,
    classifier_steps=2000, classifier_learning_rate=3e-3, classifier_folds=3, classifier_eval_every=50,
    workers=None,
):
    """Estimate B = I(R;Z)/H(Z) for one layer and one protected attribute.

    Two held-out lower bounds of I: MINE's Donsker-Varadhan bound of a critic ``T(r, z)`` on one
    stratified 70/30 split (the paper's estimator, always reported) and, for a discrete Z, the
    Barber-Agakov bound ``H(Z) - CE`` of a classifier q(z | r) (linear, quadratic, Gaussian classes, additive,
    MLP, MLP on a few learned directions or boosted trees: the simplest that fits; the class shares alone
    when none beats them), cross-fitted over `classifier_folds` folds so all n rows are held out once. B takes the larger (`bound`); flag
    ``loose``: they differ by more than their controls allow. H: Shannon entropy of Z on the whole sample. NumPy only. Protocol: docs/measures/representation.md.

    Parameters
    ----------
    representations : array_like, shape (n, d)
        One row per evaluation example (pool or flatten activations first).
    protected : array_like of int, shape (n,)
        Class codes ``0 .. C-1``, C <= 1,024 (intersections: product codes); reals only with ``continuous=True``.
    steps, batch_size : int
        Training iterations; k, pairs per batch (capped at the size of the training split; classifiers too).
    seed : int
        Seeds the splits, weights, batches and the control permutation; equal seeds give equal results.
    control, control_permutations : bool, int
        Also run both bounds with Z permuted (same seed), this many times (2+ gives a spread): the noise floor.
    learning_rate, ema_alpha : float
        Adam step size; weight of the newest batch in the moving average of ``mean exp(o_M)``.
    width, train_fraction : int, float
        Hidden width of g (two ELU layers); share of each class the critic trains on.
    eval_every : int
        Critic iterations between two records of its validation and held-out bounds.
    validation_fraction : float
        Share of each class of the training split set aside (never trained on) to choose the critic: with
        `early_stopping`, the weights kept are those with the best validation bound. 0 disables it.
    early_stopping : bool
        Keep the critic at the evaluation with the best validation bound instead of the final one. The
        held-out split plays no part in the choice, so the reported held-out value stays a fair DV bound
        (see docs/measures/representation.md, "Early stopping").
    weight_decay : float
        Decoupled (AdamW) decay per step of the critic's weights that read R, in units of the learning
        rate; 0 disables it. It keeps a wide critic from fitting noise dimensions (see the docs).
    continuous, marginal_subset : bool, int >= 1
        Treat `protected` as real-valued: I only, B = NaN with reason ``continuous_protected``; the held-out
        marginal term then averages each held-out r over a fixed subset of `marginal_subset` held-out z.
    pca_dims : int, optional
        Project R onto at most this many leading principal components (fitted on the training split): can only lower I.
    convergence_tol : float
        Nats the held-out bound may still rise over the last 20 % of steps before flag ``not_converged``.
    train_counts : array_like of int, optional
        Class counts of the model's training set; stored as context (`train_entropy`), never used in B.
    jit_compile : None
        Ignored (kept for calls written for the TensorFlow estimator).
    patience : int or None
        Stop a run after this many evaluations without a better validation bound (None: never; needs early_stopping).
    classifier_width : int
        Width of the classifier MLP's two ELU layers; 0: no MLP candidate.
    classifier_steps, classifier_learning_rate : int, float
        Most Adam steps (an MLP stops early after a fifth at the soonest) and step size of the classifiers.
    classifier_eval_every, classifier_folds : int
        Adam steps of a classifier between validation checks (`patience` counts these); K folds of the
        classifier bound's cross-fitting, 2 <= K <= n (K trainings; the cross-entropy averages all n rows).
    workers : int, optional
        Trainings run at once (MINE and each classifier fold, on Z and shuffled Z; None: the cores, at most
        4): this thread runs some, ``workers - 1`` worker processes (started once, kept) the others. Never
        changes the result, so not a setting; ``workers=1``: all in this thread, best on a busy machine.

    Returns
    -------
    RepresentationBiasResult
        Raw values (never clipped), both bounds, the curves, settings, flags, the reason B is undefined.

    Raises
    ------
    ValueError
        Non-finite, non-numeric, non-2-D or empty R; codes negative, non-integer, >= 1,024 or of another
        length; a bad setting (named; integer settings take ints only, not floats or strings).
    WorkerError
        A worker process ended mid-training (killed, out of memory); the next call starts another.
    Warns
    -----
    UserWarning
        Fewer than 2,000 samples, or a class with fewer than 20 held-out samples (noisy, still computed).
    RuntimeWarning
        No worker process could start (once): the trainings run in this thread.

    See Also
    --------
    RepresentationBiasResult : what it returns, field by field (its example: one class, B undefined).
    tb_bias_plugin.summary.Writer.representation_bias : logs the result.

    References
    ----------
    .. [1] Belghazi et al., "Mutual Information Neural Estimation", ICML 2018.
    .. [2] Li and Abd-Almageed, "Information-Theoretic Bias Assessment of Learned Representations of
       Pretrained Face Recognition", FG 2021.
    .. [3] Barber and Agakov, "The IM Algorithm: A Variational Approach to Information Maximization", NIPS 2003.

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> z = rng.integers(0, 2, 400)
    >>> r = (z[:, None] + rng.normal(size=(400, 3))).astype("float32")
    >>> import warnings
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore")  # n < 2,000 warns
    ...     res = representation_bias(r, z, steps=50, batch_size=64, width=16, eval_every=25, control=False)
    >>> bool(np.isfinite(res.bias)), res.train_curve.shape, res.n_heldout
    (True, (50,), 120)
    """
    r = _np.validate_representations(representations)
    settings = _settings(n_rows=r.shape[0], **{k: v for k, v in locals().items() if k in _SETTING_NAMES})
    workers = worker_count(workers)
    z = _np.validate_protected(protected, r.shape[0], continuous=continuous)
    settings["mapping_widths"] = [int(r.shape[1]), None if continuous else int(z.max()) + 1]
    h_train = float("nan") if train_counts is None else _np.train_entropy(train_counts, None if continuous else z.max() + 1)
    return _estimate(r, z, settings, h_train, workers)


def _settings(*, steps, batch_size, seed, control, control_permutations, learning_rate, ema_alpha, width,
              train_fraction, eval_every, validation_fraction, early_stopping, weight_decay, continuous,
              marginal_subset, pca_dims, convergence_tol, patience, classifier_width, classifier_steps,
              classifier_learning_rate, classifier_folds, classifier_eval_every, n_rows=None) -> dict:
    """`representation_bias`'s settings, checked, as stored with the result (mapping widths left to fill).

    Each bad setting raises a ValueError that names it: integers must be integers (not floats, bools or
    strings), rates finite and positive. `n_rows`, when known, bounds `classifier_folds` (each fold
    scores at least one row).
    """
    ints = dict(steps=1, batch_size=2, seed=0, control_permutations=1, width=1, eval_every=1, marginal_subset=1,
                classifier_width=0, classifier_steps=1, classifier_eval_every=1, classifier_folds=2)
    given = locals()
    checked: dict[str, Any] = {name: check_integer(given[name], name, low=low) for name, low in ints.items()}
    check_integer(control_permutations, "control_permutations", high=_np.MAX_CONTROLS)
    if n_rows is not None and checked["classifier_folds"] > n_rows:
        raise ValueError("classifier_folds must be at most the number of rows, %d (each fold scores at least one "
                         "row), got %d" % (n_rows, checked["classifier_folds"]))
    if pca_dims is not None:
        pca_dims = check_integer(pca_dims, "pca_dims", low=1)
    if patience is not None:
        patience = check_integer(patience, "patience", low=1)
    # every integer is stored with the result: one no reader takes (past 64 bits) fails now, not after the estimate
    for name, value in list(checked.items()) + [("pca_dims", pca_dims), ("patience", patience)]:
        if value is not None and value > INT64_RANGE[1]:
            raise ValueError("%s must be below 2**63 (it is stored with the result), got %d" % (name, value))
    for name in ("learning_rate", "classifier_learning_rate"):
        checked[name] = check_number(given[name], name, low=0, include="neither")
    checked["train_fraction"] = check_number(train_fraction, "train_fraction", low=0, high=1, include="neither")
    checked["ema_alpha"] = check_number(ema_alpha, "ema_alpha", low=0, high=1, include="right")
    checked["validation_fraction"] = check_number(validation_fraction, "validation_fraction", low=0, high=1,
                                                  include="left")
    checked["weight_decay"] = check_number(weight_decay, "weight_decay", low=0)
    checked["convergence_tol"] = check_number(convergence_tol, "convergence_tol", low=0)
    for name in ("control", "early_stopping", "continuous"):
        checked[name] = check_flag(given[name], name)
    if early_stopping and checked["validation_fraction"] == 0.0:
        raise ValueError("early_stopping needs a validation_fraction > 0")
    c = checked
    return dict(
        steps=c["steps"], batch_size=c["batch_size"], seed=c["seed"], learning_rate=c["learning_rate"],
        ema_alpha=c["ema_alpha"], width=c["width"], hidden_layers=2, activation="elu",
        mapping_widths=None,
        train_fraction=c["train_fraction"], eval_every=c["eval_every"],
        validation_fraction=c["validation_fraction"], early_stopping=bool(early_stopping),
        weight_decay=c["weight_decay"],
        control=bool(control), control_permutations=c["control_permutations"],
        continuous=bool(continuous), pca_dims=pca_dims,
        marginal="subset" if continuous else "exact_over_z",
        marginal_subset=c["marginal_subset"] if continuous else None,
        optimizer="adam", convergence_tol=c["convergence_tol"],
        patience=None if patience is None or not early_stopping else patience,
        classifier_width=c["classifier_width"], classifier_steps=c["classifier_steps"],
        classifier_learning_rate=c["classifier_learning_rate"], classifier_hidden_layers=2,
        classifier_folds=c["classifier_folds"], classifier_eval_every=c["classifier_eval_every"],
        engine="numpy",
    )


#: `representation_bias`'s arguments that `_settings` checks and stores.
_SETTING_NAMES = frozenset(inspect.signature(_settings).parameters) - {"n_rows"}


def check_estimator_settings(estimator, n_rows=None):
    """Check keyword arguments meant for `representation_bias` before any estimate runs.

    The Keras callback and the PyTorch helper pass their ``**estimator`` on to every estimate; checking
    it when they are called (by the same `_settings`) makes a bad setting fail at once, not after the
    first epoch or after minutes of estimates.

    Parameters
    ----------
    estimator : mapping of str to object
        Settings of `representation_bias` (not its data, `representations` and `protected`).
    n_rows : int, optional
        Rows of the evaluation sample, when known.

    Raises
    ------
    ValueError
        An unknown name, or a bad value (the message names the setting).

    Examples
    --------
    >>> check_estimator_settings({"steps": 500, "workers": 1}, n_rows=100)
    >>> check_estimator_settings({"stepz": 3})
    Traceback (most recent call last):
    ...
    ValueError: representation_bias has no setting 'stepz'
    """
    unknown = [name for name in estimator if name not in _ESTIMATOR_PARAMETERS]
    if unknown:
        raise ValueError("representation_bias has no setting %s" % preview(unknown))
    values = {name: estimator.get(name, _ESTIMATOR_PARAMETERS[name].default) for name in _SETTING_NAMES}
    _settings(n_rows=n_rows, **values)
    worker_count(estimator.get("workers"))
    if estimator.get("train_counts") is not None:
        _np.train_entropy(estimator["train_counts"])


#: The keyword arguments of `representation_bias` (its settings; not its data).
_ESTIMATOR_PARAMETERS = {name: p for name, p in inspect.signature(representation_bias).parameters.items()
                         if name not in ("representations", "protected")}


def _estimate(r, z, settings, train_entropy, workers):
    """Both bounds (and their control runs) on checked inputs: the result.

    Warnings name `representation_bias`'s caller (``stacklevel=3``).
    """
    n, continuous = r.shape[0], settings["continuous"]
    if continuous:
        counts = np.zeros(0, np.int64)
        h = float("nan")
    else:
        counts = _np.class_counts(z)
        h = _np.shannon_entropy(counts)
        if np.count_nonzero(counts) < 2:
            flags = (_np.FLAG_SMALL_SAMPLE,) if n < _np.MIN_SAMPLES else ()
            return _np.RepresentationBiasResult.undefined(
                counts, n, reason=_np.REASON_SINGLE_CLASS, settings=settings,
                flags=flags, train_entropy=train_entropy)
    if n < _np.MIN_SAMPLES:
        warnings.warn(f"n = {n} < {_np.MIN_SAMPLES}: {_np.SMALL_SAMPLE_WARNING}", stacklevel=3)

    with _one_blas_thread():
        return _estimate_bounds(r, z, settings, train_entropy, counts, h, workers)


def _one_blas_thread():
    """BLAS limited to one thread while the estimators train: their products are small (a few hundred
    rows), where threads cost more than they save (on a busy 2-core machine one step took 7.6 ms with
    OpenBLAS's threads, 1.0 ms without). Uses threadpoolctl when it is installed."""
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:  # pragma: no cover - optional
        return contextlib.nullcontext()
    return threadpool_limits(limits=1, user_api="blas")


def _estimate_bounds(r, z, settings, train_entropy, counts, h, workers):
    """The training half of `_estimate`: both bounds on the real Z, then on shuffled Z.

    The trainings (MINE, and each fold of the classifier bound, on Z and on each shuffled Z) are
    independent, so up to `workers` of them run at once, with the same results.
    """
    n, continuous = r.shape[0], settings["continuous"]
    labels = [z]
    if settings["control"]:
        perm_rng = np.random.default_rng([settings["seed"], 1])
        labels += [z[perm_rng.permutation(n)] for _ in range(settings["control_permutations"])]
    per_label = [(functools.partial(_mine_on, r, zz, settings), [] if continuous else fold_runs(r, zz, settings))
                 for zz in labels]
    # in this order, so that the estimate's own trainings start first
    done = iter(run_all([run for mine_run, folds in per_label for run in (mine_run, *folds)], workers))
    mines, probes = [], []
    for zz, (_, folds) in zip(labels, per_label):
        mines.append(next(done))
        if folds:
            probes.append(combine_folds(zz, [next(done) for _ in folds]))
    main, probe = mines[0], probes[0] if probes else None
    if main["heldout_counts"] is not None and np.any(
            (main["heldout_counts"] > 0) & (main["heldout_counts"] < _np.MIN_HELDOUT_PER_CLASS)):
        warnings.warn(_np.SMALL_CLASS_WARNING, stacklevel=4)
    control_mi = [d["mi"] for d in mines[1:]]
    probe_control_mi = [d["mi"] for d in probes[1:]]
    return _result(main, control_mi, probe, probe_control_mi, counts, h, n, settings, train_entropy)


def _result(main, control_mi, probe, probe_control_mi, counts, h, n, settings, train_entropy):
    """The result of the main runs and their control runs."""
    continuous = settings["continuous"]
    mine_b = _np.bias_ratio(main["mi"], h)
    mine_ctrl_b = [_np.bias_ratio(v, h) for v in control_mi]
    reason = None
    if main["diverged"]:
        reason = _np.REASON_DIVERGED
    elif continuous:
        reason = _np.REASON_CONTINUOUS
    bound, mi, ctrl_mi = "mine", main["mi"], control_mi
    probe_b, probe_ctrl_b = float("nan"), []
    if probe is not None:
        probe_b = _np.bias_ratio(probe["mi"], h)
        probe_ctrl_b = [_np.bias_ratio(v, h) for v in probe_control_mi]
        if np.isfinite(probe["mi"]) and not probe["mi"] <= main["mi"]:
            bound, mi, ctrl_mi, reason = "classifier", probe["mi"], probe_control_mi, None
    b = float("nan") if reason else _np.bias_ratio(mi, h)
    ctrl_b = [_np.bias_ratio(v, h) for v in ctrl_mi]
    # Stopped by patience, the critic's validation bound had stopped rising: converged by the rule
    # that chose it, whatever its held-out curve still does (more steps would change nothing).
    stopped_early = main["steps_run"] < settings["steps"] and not main["diverged"]
    rise = float("nan") if stopped_early else _np.convergence_rise(main["heldout_steps"], main["heldout_curve"],
                                                                   main["steps_run"])
    value, ctrl = (mi, ctrl_mi) if continuous else (b, ctrl_b)
    flags = list(_np.result_flags(value, ctrl, rise, settings["convergence_tol"], n, main["heldout_counts"]))
    loose_reason = _np.loose_reason(mine_b, mine_ctrl_b, probe_b, probe_ctrl_b)
    if loose_reason:
        flags.append(_np.FLAG_LOOSE)
    nanmean = (lambda v: float(np.mean(v)) if len(v) and np.all(np.isfinite(v)) else float("nan"))
    return _np.RepresentationBiasResult(
        bias=b, mutual_information=mi, mutual_information_sampled=main["mi_sampled"],
        entropy=h, control_bias=nanmean(ctrl_b), control_mutual_information=nanmean(ctrl_mi),
        control_biases=ctrl_b, control_mutual_informations=ctrl_mi,
        train_curve=main["train_curve"], heldout_steps=main["heldout_steps"],
        heldout_curve=main["heldout_curve"], validation_curve=main["validation_curve"],
        best_step=main["best_step"], class_counts=counts, n=n,
        n_train=main["n_train"], n_heldout=main["n_heldout"], settings=settings,
        flags=tuple(sorted(flags)), reason=reason, train_entropy=train_entropy,
        bound=bound if np.isfinite(mi) else "", mine_bias=mine_b, mine_mutual_information=main["mi"],
        mine_control_biases=mine_ctrl_b, classifier=probe["classifier"] if probe else "",
        classifier_bias=probe_b, classifier_mutual_information=probe["mi"] if probe else float("nan"),
        classifier_control_biases=probe_ctrl_b, loose_reason=loose_reason)


def prepare_split(r, z, s):
    """Standardised, split inputs of the MINE critic (the classifiers cross-fit on folds of their own).

    The validation part is carved out of the training split, so the held-out split never influences
    which critic is kept.
    """
    continuous = s["continuous"]
    tr, ho = split_indices(z, s["train_fraction"], s["seed"], stratify=not continuous)
    if ho.size == 0:
        raise ValueError("the held-out split is empty: need more samples")
    fit, val = tr, tr[:0]
    if s["validation_fraction"] > 0:
        sub_fit, sub_val = split_indices(z[tr], 1.0 - s["validation_fraction"], [s["seed"], 4],
                                         stratify=not continuous)
        if sub_val.size and sub_fit.size:
            fit, val = tr[sub_fit], tr[sub_val]
    return dict(rs=standardise(r, tr, s["pca_dims"]), fit=fit, val=val, ho=ho, n_train=tr.size, n_heldout=ho.size)


def _mine_parts(split, z, s):
    """The critic's inputs: z as features, the candidate z of the exact marginal and their log weights."""
    rs, fit, val, ho = split["rs"], split["fit"], split["val"], split["ho"]
    if s["continuous"]:
        zm, zs = z[split["fit"]].mean(), z[split["fit"]].std() or 1.0
        zf = ((z - zm) / zs)[:, None]
        sub = np.random.default_rng([s["seed"], 2]).permutation(ho.size)[: s["marginal_subset"]]
        cand = zf[ho[sub]]
        logw = logw_val = np.full(len(sub), -math.log(len(sub)))
        heldout_counts = None
    else:
        c = int(z.max()) + 1
        zf = np.eye(c)[z]
        cand = np.eye(c)
        heldout_counts = np.bincount(z[ho], minlength=c)
        with np.errstate(divide="ignore"):
            logw = np.log(heldout_counts / ho.size)
            logw_val = np.log(np.bincount(z[val], minlength=c) / max(1, val.size))
    perm_rng = np.random.default_rng([s["seed"], 3])

    def part(idx, weights):
        return dict(r=rs[idx], z=zf[idx].astype(F32), cand=cand.astype(F32), logw=weights,
                    # sampled marginal: r of another row of the same part with z_i
                    r_perm=rs[idx][perm_rng.permutation(idx.size)])

    held = part(ho, logw)
    valid = part(val, logw_val) if val.size else None
    return dict(r_tr=rs[fit], z_tr=zf[fit].astype(F32), held=held, valid=valid, heldout_counts=heldout_counts)


class _Critic:
    """T(r, z) = g([f1(r), f2(z)]): f1, f2 one ELU layer each, g two ELU layers of `width` and a linear output.

    g's first layer is kept as two blocks so pairs (r_i, z) are scored as broadcast sums.
    """

    def __init__(self, d_r, d_z, s):
        rng = np.random.default_rng([s["seed"], 100])
        w = s["width"]
        self.params = [glorot(rng, d_r, d_r), np.zeros(d_r, F32), glorot(rng, d_z, d_z), np.zeros(d_z, F32),
                       glorot(rng, d_r, w, d_r + d_z + w), glorot(rng, d_z, w, d_r + d_z + w), np.zeros(w, F32),
                       glorot(rng, w, w), np.zeros(w, F32), glorot(rng, w, 1), np.zeros(1, F32)]
        decay = s["learning_rate"] * s["weight_decay"]
        # Decoupled decay on the weights that read R only: it damps noise dimensions without capping
        # how large the critic's outputs can grow.
        self.opt = Adam(self.params, s["learning_rate"], [decay if i in (0, 4) else 0.0 for i in range(11)])

    def parts(self, r, zf):
        a1, c1, a2, c2, g1r, g1z = self.params[:6]
        hr, hz = _affine_elu(r, a1, c1), _affine_elu(zf, a2, c2)
        return hr, hz, hr @ g1r, hz @ g1z

    def head(self, pre):
        """g on its first layer's sums `pre` (bias not yet added; overwritten): (h1, h2, outputs)."""
        g1, g2w, g2, g3w, g3 = self.params[6:]
        pre += g1
        h1 = elu(pre, out=pre)
        h2 = _affine_elu(h1, g2w, g2)
        return h1, h2, (h2 @ g3w)[..., 0] + g3[0]

    def forward(self, x, zb):
        """Outputs on rows `x` paired with `zb` repeated to their length, and what `backward` needs."""
        hr, hz, pr, pz = self.parts(x, zb)
        k, w = zb.shape[0], pr.shape[1]
        # each block of k rows of r meets the k rows of z by broadcasting: no tiled copy of pz
        h1, h2, o = self.head((pr.reshape(-1, k, w) + pz).reshape(-1, w))
        return o, (h1, h2, hr, hz)

    def backward(self, x, zb, cache, d_o):
        """Write the parameters' gradients, given dL/do = `d_o` (float32, shape (rows, 1)) of `forward`, into
        Adam's buffer (``opt.grads``: no copies); the activations in `cache` are overwritten."""
        a1, c1, a2, c2, g1r, g1z, g1, g2w, g2, g3w, g3 = self.params
        ga1, gc1, ga2, gc2, gg1r, gg1z, gg1, gg2w, gg2, gg3w, gg3 = self.opt.grads
        h1, h2, hr, hz = cache
        k = zb.shape[0]
        # each layer's weight gradient is taken before its activations become the ELU's derivative in place
        _dense_grads(h2, d_o, gg3w, gg3)
        da2 = d_o * g3w.T  # an outer product: as a broadcast 3x faster than as a matrix product, same values
        da2 *= elu_grad(h2, out=h2)
        _dense_grads(h1, da2, gg2w, gg2)
        da1 = _through_elu(da2, g2w, h1)
        _dense_grads(hr, da1, gg1r, gg1)
        dpz = da1.reshape(-1, k, da1.shape[1]).sum(axis=0)
        np.matmul(hz.T, dpz, out=gg1z)
        _dense_grads(x, _through_elu(da1, g1r, hr), ga1, gc1)
        _dense_grads(zb, _through_elu(dpz, g1z, hz), ga2, gc2)


def _dense_grads(h, d, grad_w, grad_b):
    """Write a dense layer's weight and bias gradients, from its input `h` and the gradient `d` at its output."""
    np.matmul(h.T, d, out=grad_w)
    np.sum(d, axis=0, out=grad_b)


def _through_elu(d, w, h):
    """The gradient at the sums that made the ELU outputs `h` (overwritten), from `d` one dense layer above."""
    g = d @ w.T
    g *= elu_grad(h, out=h)
    return g

def _affine_elu(x, w, b):
    """ELU(x @ w + b), computed in the product's own array."""
    a = x @ w
    a += b
    return elu(a, out=a)


class _Trainer:
    """MINE training of one critic: batches, the bias-corrected moving-average gradient, Adam."""

    def __init__(self, critic, s):
        self.critic, self.s = critic, s
        alpha = s["ema_alpha"]
        self.log_keep = math.log1p(-alpha) if alpha < 1 else -math.inf
        self.log_alpha = math.log(alpha)
        self.ln_ema = 0.0
        self.t = 0
        self.rng = np.random.default_rng([s["seed"], 5])

    def train(self, r, zf, n_steps):
        n = r.shape[0]
        k = min(self.s["batch_size"], n)
        log_k = math.log(k)
        out = np.empty(n_steps)
        d_o = np.empty((2 * k, 1), F32)
        d_o[:k] = -1.0 / k
        for i in range(n_steps):
            ij, im = self.rng.integers(0, n, k), self.rng.integers(0, n, k)
            x, zb = np.take(r, np.concatenate([ij, im]), axis=0), zf[ij]  # take: half the time of r[...]
            o, cache = self.critic.forward(x, zb)
            o = o.astype(np.float64)
            oj, om = o[:k], o[k:]
            ln_m = float(np.logaddexp.reduce(om)) - log_k
            if self.t:
                self.ln_ema = float(np.logaddexp(self.log_keep + self.ln_ema, self.log_alpha + ln_m))
            else:
                self.ln_ema = ln_m
            self.t += 1
            # d/d o_M_i = exp(o_M_i - ln EMA_t) / k: the bias-corrected gradient (d/d o_J_i = -1/k).
            d_o[k:, 0] = np.exp(om - self.ln_ema) / k
            self.critic.backward(x, zb, cache, d_o)
            self.critic.opt.step()
            out[i] = oj.mean() - ln_m
        return out

    def bound(self, d, sampled=True):
        """DV bounds (exact Z-marginal, sampled marginal) of the current critic on one part; the second is NaN
        unless `sampled` (the curves record the first only: the sampled pairs were 2/5 of an evaluation)."""
        c = self.critic
        n_h = d["r"].shape[0]
        _, _, pr, pz = c.parts(d["r"], d["z"])
        _, _, pc = c.parts(d["r"][:1], d["cand"])[1:]
        oj = c.head(pr + pz)[2].astype(np.float64)
        block = max(1, _EVAL_BLOCK // max(1, d["cand"].shape[0] * self.s["width"]))
        lse = []
        for lo in range(0, n_h, block):
            t = c.head(pr[lo:lo + block, None, :] + pc[None, :, :])[2].astype(np.float64) + d["logw"][None, :]
            lse.append(float(np.logaddexp.reduce(t, axis=None)))
        log_n = math.log(n_h)
        exact = oj.mean() - (float(np.logaddexp.reduce(lse)) - log_n)
        if not sampled:
            return float(exact), float("nan")
        _, _, pr_perm, _ = c.parts(d["r_perm"], d["z"][:1])
        om = c.head(pr_perm + pz)[2].astype(np.float64)
        return float(exact), float(oj.mean() - (float(np.logaddexp.reduce(om)) - log_n))


def _mine_on(r, z, s):
    """`run_mine` on its own split of (r, z)."""
    return run_mine(prepare_split(r, z, s), z, s)


def run_mine(split, z, s):
    """Train the critic on one split (with early stopping on the validation part); its held-out bounds."""
    d = _mine_parts(split, z, s)
    critic = _Critic(d["r_tr"].shape[1], d["z_tr"].shape[1], s)
    trainer = _Trainer(critic, s)
    steps, every, patience = s["steps"], s["eval_every"], s["patience"]
    select = s["early_stopping"] and d["valid"] is not None
    curve, h_steps, h_curve, v_curve = [], [], [], []
    diverged, done, since_best = False, 0, 0
    best_value, best_step, best_state = -math.inf, steps, None
    with np.errstate(over="ignore", invalid="ignore"):
        while done < steps:
            stop_point()
            chunk = min(every, steps - done)
            vals = trainer.train(d["r_tr"], d["z_tr"], chunk)
            curve.append(vals)
            done += chunk
            if not np.all(np.isfinite(vals)):
                diverged = True
                break
            # The held-out curve is recorded for display and the convergence flag only; the critic is
            # chosen on the validation part.
            exact = trainer.bound(d["held"], sampled=False)[0]
            valid = trainer.bound(d["valid"], sampled=False)[0] if d["valid"] is not None else float("nan")
            h_steps.append(done)
            h_curve.append(exact)
            v_curve.append(valid)
            if not (np.isfinite(exact) and (d["valid"] is None or np.isfinite(valid))):
                diverged = True
                break
            if select and valid > best_value:
                best_value, best_step, since_best = valid, done, 0
                best_state = [p.copy() for p in critic.params]
            elif select:
                since_best += 1
                if patience is not None and since_best >= patience:
                    break
        if diverged:
            mi = mi_sampled = float("nan")
        else:
            if select and best_state is not None:
                for p, b in zip(critic.params, best_state):
                    p[...] = b
            mi, mi_sampled = trainer.bound(d["held"])
    return dict(mi=mi, mi_sampled=mi_sampled, train_curve=np.concatenate(curve),
                heldout_steps=np.array(h_steps, np.int64), heldout_curve=np.array(h_curve),
                validation_curve=np.array(v_curve), best_step=best_step if select else done,
                steps_run=done, heldout_counts=d["heldout_counts"], n_train=split["n_train"],
                n_heldout=split["n_heldout"], diverged=diverged)
