"""MINE estimate of the representation-level bias (needs the ``tf`` extra).

TensorFlow is imported inside the functions, so importing this module is
cheap and an input that needs no training (one class) never loads it. The
method, the protocol and the corrections to the paper are described in
``docs/measures/representation.md``.
"""

from __future__ import annotations

import math
import warnings

import numpy as np

from tb_bias_plugin.core.validation import check_number
from tb_bias_plugin.measures.representation import entropy as _np

__all__ = ["representation_bias"]

_ADAM_BETA1, _ADAM_BETA2, _ADAM_EPS = 0.9, 0.999, 1e-7
# Pair-evaluation blocks are cut to about this many hidden activations.
_EVAL_BLOCK = 1 << 21


def representation_bias(
    representations, protected, *, steps=3000, batch_size=256, seed=0, control=True, control_permutations=1,
    learning_rate=1e-3, ema_alpha=0.01, width=256, train_fraction=0.7, eval_every=100, validation_fraction=0.2,
    early_stopping=True, weight_decay=1.0, continuous=False, marginal_subset=128, pca_dims=None,
    convergence_tol=0.01, train_counts=None, jit_compile=None,
):
    """Estimate B = I(R;Z)/H(Z) for one layer and one protected attribute.

    I is the Donsker-Varadhan lower bound of a critic ``T(r, z) = g([f1(r), f2(onehot z)])`` trained
    with MINE's corrected moving-average gradient on 70 % of the sample (stratified by Z, R standardised
    with that part's statistics), then evaluated on the other 30 % with the marginal term summed exactly
    over the classes of Z. H is the Shannon entropy of Z on the whole evaluation sample. The protocol and
    the reasons for each setting: docs/measures/representation.md.

    Parameters
    ----------
    representations : array_like, shape (n, d)
        One row per evaluation example (pool or flatten activations first).
    protected : array_like of int, shape (n,)
        Class codes ``0 .. C-1`` (intersections: product codes); real values only with ``continuous=True``.
    steps, batch_size : int
        Training iterations; k, pairs per batch (capped at the size of the training split).
    seed : int
        Seeds the split, the initial weights, the batches and the control permutation; equal seeds give
        equal results.
    control, control_permutations : bool, int
        Also run the pipeline with Z permuted across the sample (same seed), this many times (2+ gives a
        spread), to measure the noise floor.
    learning_rate, ema_alpha : float
        Adam step size; weight of the newest batch in the moving average of ``mean exp(o_M)``.
    width, train_fraction : int, float
        Hidden width of g (two ELU layers); share of each class used to train the critic.
    eval_every : int
        Iterations per compiled training call; the validation and held-out bounds are recorded after each.
    validation_fraction : float
        Share of each class of the training split set aside (never trained on) to choose the critic: with
        `early_stopping`, the weights kept are those with the best validation bound. 0 disables it.
    early_stopping : bool
        Keep the critic at the evaluation with the best validation bound instead of the final one. The
        held-out split plays no part in the choice, so the reported held-out value stays a fair DV bound
        (see docs/measures/representation.md, "Early stopping").
    weight_decay : float
        Decoupled (AdamW-style) decay of the weight matrices per step, in units of the learning rate
        (AdamW convention); 0 disables it. It keeps a wide critic from fitting noise dimensions (see
        docs/measures/representation.md, "Early stopping and weight decay").
    continuous, marginal_subset : bool, int
        Treat `protected` as real-valued: I only, B = NaN with reason ``continuous_protected``; the
        held-out marginal term then averages each held-out r over a fixed subset of `marginal_subset`
        held-out z.
    pca_dims : int, optional
        Project R onto its leading principal components (fitted on the training split) when it has more
        dimensions. This can only lower I.
    convergence_tol : float
        Nats the held-out bound may still rise over the last 20 % of steps before the result is flagged
        ``not_converged``.
    train_counts : array_like of int, optional
        Class counts of the model's training set; stored as context (`train_entropy`), never used in B.
    jit_compile : bool, optional
        Compile the training loop with XLA. By default only for critics of width <= 128, where per-op
        overhead dominates; for wider critics TensorFlow's own CPU kernels were faster in our measurements.

    Returns
    -------
    RepresentationBiasResult
        Raw values (never clipped), the curves, settings, flags and the reason when B is undefined.

    Raises
    ------
    ValueError
        Non-finite, non-2-D or empty representations; protected codes that are negative, not integers, or
        of a different length; bad settings.
    ImportError
        If TensorFlow is not installed (``pip install tb-bias-plugin[tf]``).

    Warns
    -----
    UserWarning
        Fewer than 2,000 samples, or a class with fewer than 20 held-out samples: the value is computed
        but noisy.

    See Also
    --------
    tb_bias_plugin.measures.representation.entropy.shannon_entropy
    tb_bias_plugin.measures.representation.entropy.dv_bound_exact_marginal

    References
    ----------
    .. [1] Belghazi et al., "Mutual Information Neural Estimation", ICML 2018.
    .. [2] Li and Abd-Almageed, "Information-Theoretic Bias Assessment of Learned Representations of
       Pretrained Face Recognition", FG 2021.
    .. [3] docs/measures/representation.md (this project).

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> z = rng.integers(0, 2, 400)
    >>> r = (z[:, None] + rng.normal(size=(400, 3))).astype("float32")
    >>> import warnings
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore")  # n < 2,000 warns
    ...     res = representation_bias(r, z, steps=50, batch_size=64, width=16,
    ...                               eval_every=25, control=False)
    >>> bool(np.isfinite(res.bias)), res.train_curve.shape, res.n_heldout
    (True, (50,), 120)

    One class: no training, B is NaN with its reason.

    >>> representation_bias(r, np.zeros(400, int)).reason
    'single_class'
    """
    settings = _settings(
        steps=steps, batch_size=batch_size, seed=seed, control=control, control_permutations=control_permutations,
        learning_rate=learning_rate, ema_alpha=ema_alpha, width=width, train_fraction=train_fraction,
        eval_every=eval_every, validation_fraction=validation_fraction, early_stopping=early_stopping,
        weight_decay=weight_decay, continuous=continuous, marginal_subset=marginal_subset, pca_dims=pca_dims,
        convergence_tol=convergence_tol, jit_compile=jit_compile)
    r = _np.validate_representations(representations)
    z = _np.validate_protected(protected, r.shape[0], continuous=continuous)
    settings["mapping_widths"] = [int(r.shape[1]), None if continuous else int(z.max()) + 1]
    return _estimate(r, z, settings, float("nan") if train_counts is None else _np.shannon_entropy(train_counts))


def _settings(*, steps, batch_size, seed, control, control_permutations, learning_rate, ema_alpha, width,
              train_fraction, eval_every, validation_fraction, early_stopping, weight_decay, continuous,
              marginal_subset, pca_dims, convergence_tol, jit_compile) -> dict:
    """`representation_bias`'s settings, checked, as stored with the result (mapping widths left to fill)."""
    steps, batch_size, eval_every = int(steps), int(batch_size), int(eval_every)
    if steps < 1 or batch_size < 2 or eval_every < 1 or width < 1:
        raise ValueError("steps, eval_every and width must be >= 1 and batch_size >= 2")
    check_number(train_fraction, "train_fraction", low=0, high=1, include="neither")
    check_number(ema_alpha, "ema_alpha", low=0, high=1, include="right")
    if control_permutations < 1:
        raise ValueError("control_permutations must be >= 1")
    check_number(validation_fraction, "validation_fraction", low=0, high=1, include="left")
    check_number(weight_decay, "weight_decay", low=0)
    if early_stopping and validation_fraction == 0.0:
        raise ValueError("early_stopping needs a validation_fraction > 0")
    return dict(
        steps=steps, batch_size=batch_size, seed=int(seed), learning_rate=float(learning_rate),
        ema_alpha=float(ema_alpha), width=int(width), hidden_layers=2, activation="elu",
        mapping_widths=None,
        train_fraction=float(train_fraction), eval_every=eval_every,
        validation_fraction=float(validation_fraction), early_stopping=bool(early_stopping),
        weight_decay=float(weight_decay),
        control=bool(control), control_permutations=int(control_permutations),
        continuous=bool(continuous), pca_dims=None if pca_dims is None else int(pca_dims),
        marginal="subset" if continuous else "exact_over_z",
        marginal_subset=int(marginal_subset) if continuous else None,
        optimizer="adam", convergence_tol=float(convergence_tol),
        jit_compile=bool(width <= 128) if jit_compile is None else bool(jit_compile),
    )


def _estimate(r, z, settings, train_entropy):
    """Train and evaluate the critic (and the control runs) on checked inputs: the result.

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
        warnings.warn(f"n = {n} < {_np.MIN_SAMPLES}: the MINE estimate is noisy", stacklevel=3)

    runner = _runner(_import_tf(), settings)
    main = runner.run(r, z)
    if main["heldout_counts"] is not None and np.any(
            (main["heldout_counts"] > 0) & (main["heldout_counts"] < _np.MIN_HELDOUT_PER_CLASS)):
        warnings.warn("a class has fewer than 20 held-out samples: its estimate is noisy",
                      stacklevel=3)
    control_mi = []
    if settings["control"]:
        perm_rng = np.random.default_rng([settings["seed"], 1])
        for _ in range(settings["control_permutations"]):
            control_mi.append(runner.run(r, z[perm_rng.permutation(n)])["mi"])
    return _result(main, control_mi, counts, h, n, settings, train_entropy)


def _result(main, control_mi, counts, h, n, settings, train_entropy):
    """The result of a main run and its control runs."""
    continuous = settings["continuous"]
    control_b = [_np.bias_ratio(v, h) for v in control_mi]
    mi = main["mi"]
    reason = None
    if main["diverged"]:
        reason = _np.REASON_DIVERGED
    elif continuous:
        reason = _np.REASON_CONTINUOUS
    b = float("nan") if reason else _np.bias_ratio(mi, h)
    rise = _np.convergence_rise(main["heldout_steps"], main["heldout_curve"], settings["steps"])
    value, ctrl = (mi, control_mi) if continuous else (b, control_b)
    flags = _np.result_flags(value, ctrl, rise, settings["convergence_tol"], n, main["heldout_counts"])
    nanmean = (lambda v: float(np.mean(v)) if len(v) and np.all(np.isfinite(v)) else float("nan"))
    return _np.RepresentationBiasResult(
        bias=b, mutual_information=mi, mutual_information_sampled=main["mi_sampled"],
        entropy=h, control_bias=nanmean(control_b), control_mutual_information=nanmean(control_mi),
        control_biases=control_b, control_mutual_informations=control_mi,
        train_curve=main["train_curve"], heldout_steps=main["heldout_steps"],
        heldout_curve=main["heldout_curve"], validation_curve=main["validation_curve"],
        best_step=main["best_step"], class_counts=counts, n=n,
        n_train=main["n_train"], n_heldout=main["n_heldout"], settings=settings,
        flags=flags, reason=reason, train_entropy=train_entropy)


# Compiled critics kept between calls (keyed by everything baked into the
# graph), so estimating many layers/checkpoints does not re-trace each time.
_RUNNERS: dict[tuple, "_Runner"] = {}
_MAX_RUNNERS = 4
_GRAPH_KEYS = ("batch_size", "learning_rate", "ema_alpha", "width", "weight_decay", "jit_compile")


def _runner(tf, settings):
    key = tuple(settings[k] for k in _GRAPH_KEYS)
    runner = _RUNNERS.pop(key, None) or _Runner(tf, settings)
    runner.s = settings  # seed, steps, split... are read at run time
    _RUNNERS[key] = runner
    while len(_RUNNERS) > _MAX_RUNNERS:
        _RUNNERS.pop(next(iter(_RUNNERS)))
    return runner


def _import_tf():
    try:
        import tensorflow as tf
    except ImportError as err:  # pragma: no cover - depends on the install
        raise ImportError(
            "representation_bias needs TensorFlow: pip install 'tb-bias-plugin[tf]'") from err
    return tf


def split_indices(z, train_fraction, seed, stratify=True):
    """Indices of the training and held-out parts, stratified by class.

    Each class contributes ``round(train_fraction * n_z)`` samples (at least
    one) to the training part; order inside each part is random.

    Examples
    --------
    >>> tr, ho = split_indices(np.array([0] * 10 + [1] * 10), 0.7, seed=0)
    >>> len(tr), len(ho), int(np.sum(np.arange(20)[ho] >= 10))
    (14, 6, 3)
    """
    rng = np.random.default_rng([*(int(x) for x in np.atleast_1d(seed)), 0])
    if not stratify:
        order = rng.permutation(len(z))
        cut = int(round(train_fraction * len(z)))
        return order[:cut], order[cut:]
    train, held = [], []
    for c in np.unique(z):
        idx = rng.permutation(np.flatnonzero(z == c))
        cut = max(1, int(round(train_fraction * idx.size)))
        train.append(idx[:cut])
        held.append(idx[cut:])
    train, held = np.concatenate(train), np.concatenate(held)
    return rng.permutation(train), rng.permutation(held)


class _Runner:
    """One compiled critic + optimiser, re-initialised for each run.

    Reusing the traced functions means the control run costs no new trace.
    """

    def __init__(self, tf, settings):
        self.tf = tf
        self.s = settings
        self._built_for = None

    # -- data -----------------------------------------------------------
    def _prepare(self, r, z):
        s = self.s
        continuous = s["continuous"]
        tr, ho = split_indices(z, s["train_fraction"], s["seed"], stratify=not continuous)
        if ho.size == 0:
            raise ValueError("the held-out split is empty: need more samples")
        # The validation part is carved out of the training split, so the
        # held-out split never influences which critic is kept.
        fit, val = tr, tr[:0]
        if s["validation_fraction"] > 0:
            sub_fit, sub_val = split_indices(z[tr], 1.0 - s["validation_fraction"], [s["seed"], 4],
                                             stratify=not continuous)
            if sub_val.size and sub_fit.size:
                fit, val = tr[sub_fit], tr[sub_val]
        mean, std = r[tr].mean(axis=0), r[tr].std(axis=0)
        std[std == 0] = 1.0  # constant features stay constant (at 0)
        rs = (r - mean) / std
        if s["pca_dims"] is not None and rs.shape[1] > s["pca_dims"]:
            _, _, vt = np.linalg.svd(rs[tr], full_matrices=False)
            rs = rs @ vt[: s["pca_dims"]].T
        if continuous:
            zm, zs = z[tr].mean(), z[tr].std() or 1.0
            zf = ((z - zm) / zs)[:, None]
            sub = np.random.default_rng([s["seed"], 2]).permutation(ho.size)[: s["marginal_subset"]]
            cand = zf[ho[sub]]
            logw = np.full(len(sub), -math.log(len(sub)))
            heldout_counts = None
            logw_val = logw
            cand_val = cand
        else:
            c = int(z.max()) + 1
            zf = np.eye(c)[z]
            cand = np.eye(c)
            heldout_counts = np.bincount(z[ho], minlength=c)
            with np.errstate(divide="ignore"):
                logw = np.log(heldout_counts / ho.size)
                logw_val = np.log(np.bincount(z[val], minlength=c) / max(1, val.size))
            cand_val = cand
        f32 = np.float32
        perm_rng = np.random.default_rng([s["seed"], 3])
        held = dict(r=rs[ho].astype(f32), z=zf[ho].astype(f32), cand=cand.astype(f32),
                    logw=logw.astype(f32),
                    # sampled marginal: r of another held-out row with z_i
                    r_perm=rs[ho][perm_rng.permutation(ho.size)].astype(f32))
        valid = None
        if val.size:
            valid = dict(r=rs[val].astype(f32), z=zf[val].astype(f32), cand=cand_val.astype(f32),
                         logw=logw_val.astype(f32),
                         r_perm=rs[val][perm_rng.permutation(val.size)].astype(f32))
        return dict(r_tr=rs[fit].astype(f32), z_tr=zf[fit].astype(f32), held=held, valid=valid,
                    heldout_counts=heldout_counts, n_train=tr.size, n_heldout=ho.size,
                    n_fit=fit.size)

    # -- graph ----------------------------------------------------------
    def _build(self, d_r, d_z):
        tf, s = self.tf, self.s
        w = s["width"]
        # Layer shapes: f1 (d_r->d_r), f2 (d_z->d_z), g: (d_r+d_z)->w->w->1.
        # g's first layer is kept as two blocks so pairs (r_i, z) can be
        # scored as broadcast sums without concatenating.
        self._shapes = [("A1", (d_r, d_r), d_r + d_r), ("c1", (d_r,), None),
                        ("A2", (d_z, d_z), d_z + d_z), ("c2", (d_z,), None),
                        ("G1r", (d_r, w), d_r + d_z + w), ("G1z", (d_z, w), d_r + d_z + w),
                        ("g1", (w,), None), ("G2", (w, w), 2 * w), ("g2", (w,), None),
                        ("G3", (w, 1), w + 1), ("g3", (1,), None)]
        self.params = [tf.Variable(tf.zeros(shape), name=name) for name, shape, _ in self._shapes]
        self.best = [tf.Variable(tf.zeros_like(p)) for p in self.params]
        self.m = [tf.Variable(tf.zeros_like(p)) for p in self.params]
        self.v = [tf.Variable(tf.zeros_like(p)) for p in self.params]
        self.t = tf.Variable(0.0)
        self.ln_ema = tf.Variable(0.0)
        self.gen = tf.random.Generator.from_seed(s["seed"])
        k = s["batch_size"]
        lr, alpha = s["learning_rate"], s["ema_alpha"]
        decay = lr * s["weight_decay"]
        # Decoupled decay on the weights that read R only: it damps noise
        # dimensions without capping how large the critic's outputs can grow.
        decays = [decay if name in ("A1", "G1r") else 0.0 for name, _, _ in self._shapes]
        log_keep = math.log1p(-alpha) if alpha < 1 else -math.inf
        log_alpha = math.log(alpha)
        spec_r = tf.TensorSpec([None, d_r], tf.float32)
        spec_z = tf.TensorSpec([None, d_z], tf.float32)
        elu = tf.nn.elu

        def head(h):
            a1, c1, a2, c2, g1r, g1z, g1, g2w, g2, g3w, g3 = self.params
            h = elu(h + g1)
            h = elu(tf.matmul(h, g2w) + g2)
            return tf.squeeze(tf.matmul(h, g3w), -1) + g3[0]

        def parts(r, zf):
            a1, c1, a2, c2, g1r, g1z = self.params[:6]
            return (tf.matmul(elu(tf.matmul(r, a1) + c1), g1r),
                    tf.matmul(elu(tf.matmul(zf, a2) + c2), g1z))

        @tf.function(input_signature=[spec_r, spec_z, tf.TensorSpec([], tf.int32)],
                     jit_compile=self.s["jit_compile"])
        def train(r, zf, n_steps):
            n = tf.shape(r)[0]
            kk = tf.minimum(k, n)
            log_k = tf.math.log(tf.cast(kk, tf.float32))
            out = tf.TensorArray(tf.float32, size=n_steps)
            for i in tf.range(n_steps):
                ij = self.gen.uniform([kk], 0, n, dtype=tf.int32)
                im = self.gen.uniform([kk], 0, n, dtype=tf.int32)
                rj, zj, rm = tf.gather(r, ij), tf.gather(zf, ij), tf.gather(r, im)
                with tf.GradientTape() as tape:
                    pr, pz = parts(tf.concat([rj, rm], 0), zj)
                    o = head(pr + tf.concat([pz, pz], 0))
                    oj, om = o[:kk], o[kk:]
                    ln_m = tf.reduce_logsumexp(om) - log_k
                    prev = log_keep + self.ln_ema
                    mx = tf.maximum(prev, log_alpha + ln_m)
                    ln_ema = tf.where(
                        self.t > 0,
                        mx + tf.math.log(tf.exp(prev - mx) + tf.exp(log_alpha + ln_m - mx)),
                        ln_m)
                    # d/d o_M_i = exp(o_M_i - ln EMA_t) / k: the bias-corrected gradient.
                    loss = -(tf.reduce_mean(oj) - tf.exp(ln_m - tf.stop_gradient(ln_ema)))
                grads = tape.gradient(loss, self.params)
                self.ln_ema.assign(tf.stop_gradient(ln_ema))
                self.t.assign_add(1.0)
                t = self.t
                lr_t = lr * tf.sqrt(1 - _ADAM_BETA2 ** t) / (1 - _ADAM_BETA1 ** t)
                for p, g, m, v, wd in zip(self.params, grads, self.m, self.v, decays):
                    m.assign(_ADAM_BETA1 * m + (1 - _ADAM_BETA1) * g)
                    v.assign(_ADAM_BETA2 * v + (1 - _ADAM_BETA2) * tf.square(g))
                    step = lr_t * m / (tf.sqrt(v) + _ADAM_EPS)
                    p.assign_sub(step + wd * p if wd else step)
                out = out.write(i, tf.reduce_mean(oj) - ln_m)
            return out.stack()

        @tf.function(input_signature=[spec_r, spec_z, spec_r, spec_z, tf.TensorSpec([None], tf.float32)],
                     reduce_retracing=True)
        def evaluate(r, zf, r_perm, cand, logw):
            # One block of held-out rows: sum of joint outputs, logsumexp of
            # the weighted pair outputs, logsumexp of the sampled marginal.
            pr, pz = parts(r, zf)
            oj = head(pr + pz)
            pr_perm, _ = parts(r_perm, zf)
            om = head(pr_perm + pz)
            _, pc = parts(r[:1], cand)
            nr, nc = tf.shape(pr)[0], tf.shape(pc)[0]
            pairs = tf.reshape(pr[:, None, :] + pc[None, :, :], [nr * nc, -1])
            tp = tf.reshape(head(pairs), [nr, nc]) + logw[None, :]
            return tf.reduce_sum(oj), tf.reduce_logsumexp(tp), tf.reduce_logsumexp(om)

        @tf.function
        def keep():
            for b, p in zip(self.best, self.params):
                b.assign(p)

        @tf.function
        def restore():
            for b, p in zip(self.best, self.params):
                p.assign(b)

        self._train, self._evaluate = train, evaluate
        self._keep, self._restore = keep, restore
        self._built_for = (d_r, d_z)

    def _reset(self):
        tf, seed = self.tf, self.s["seed"]
        for i, ((_, shape, fan), p) in enumerate(zip(self._shapes, self.params)):
            if fan is None:
                p.assign(tf.zeros(shape))
            else:  # Glorot-uniform; G1r/G1z are the two halves of one layer
                lim = math.sqrt(6.0 / fan)
                p.assign(tf.random.stateless_uniform(shape, [seed, 100 + i], -lim, lim))
        for var in self.m + self.v:
            var.assign(tf.zeros_like(var))
        self.t.assign(0.0)
        self.ln_ema.assign(0.0)
        self.gen.reset_from_seed(seed)

    def _bound(self, d):
        """DV bounds (exact Z-marginal, sampled marginal) of the current critic on one part."""
        n_h = d["r"].shape[0]
        block = max(1, _EVAL_BLOCK // max(1, d["cand"].shape[0] * self.s["width"]))
        total, lse_pairs, lse_sampled = 0.0, [], []
        for lo in range(0, n_h, block):
            sl = slice(lo, lo + block)
            s_oj, lp, ls = self._evaluate(d["r"][sl], d["z"][sl], d["r_perm"][sl],
                                          d["cand"], d["logw"])
            total += float(s_oj)
            lse_pairs.append(float(lp))
            lse_sampled.append(float(ls))
        mean_j = total / n_h
        log_n = math.log(n_h)
        exact = mean_j - (float(np.logaddexp.reduce(lse_pairs)) - log_n)
        sampled = mean_j - (float(np.logaddexp.reduce(lse_sampled)) - log_n)
        return exact, sampled

    def run(self, r, z):
        d = self._prepare(r, z)
        dims = (d["r_tr"].shape[1], d["z_tr"].shape[1])
        if self._built_for != dims:
            self._build(*dims)
        self._reset()
        steps, every = self.s["steps"], self.s["eval_every"]
        select = self.s["early_stopping"] and d["valid"] is not None
        r_tr, z_tr = self.tf.constant(d["r_tr"]), self.tf.constant(d["z_tr"])
        curve, h_steps, h_curve, v_curve = [], [], [], []
        diverged, done = False, 0
        best_value, best_step = -math.inf, steps
        while done < steps:
            chunk = min(every, steps - done)
            vals = self._train(r_tr, z_tr, self.tf.constant(chunk, self.tf.int32)).numpy()
            curve.append(vals.astype(np.float64))
            done += chunk
            if not np.all(np.isfinite(vals)):
                diverged = True
                break
            # The held-out curve is recorded for display and the convergence
            # flag only; the critic is chosen on the validation part.
            exact, _ = self._bound(d["held"])
            valid = self._bound(d["valid"])[0] if d["valid"] is not None else float("nan")
            h_steps.append(done)
            h_curve.append(exact)
            v_curve.append(valid)
            if not (np.isfinite(exact) and (d["valid"] is None or np.isfinite(valid))):
                diverged = True
                break
            if select and valid > best_value:
                best_value, best_step = valid, done
                self._keep()
        curve = np.concatenate(curve)
        if diverged:
            mi = mi_sampled = float("nan")
        else:
            if select:
                self._restore()
            mi, mi_sampled = self._bound(d["held"])
        return dict(mi=mi, mi_sampled=mi_sampled, train_curve=curve,
                    heldout_steps=np.array(h_steps, np.int64), heldout_curve=np.array(h_curve),
                    validation_curve=np.array(v_curve), best_step=best_step if select else done,
                    heldout_counts=d["heldout_counts"], n_train=d["n_train"],
                    n_heldout=d["n_heldout"], diverged=diverged)
