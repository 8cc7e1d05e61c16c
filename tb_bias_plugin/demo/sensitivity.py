"""Deterministic demo logs of prediction sensitivity (NumPy only, no TensorFlow).

``python -m tb_bias_plugin.demo --logdir demo_logs`` writes two runs:

``sensitivity_text``
    The synthetic reproduction of the contract (docs/measures/sensitivity.md):
    3,000 sentences of 6 to 12 tokens over 30 neutral words, 4 gendered words
    (he, him, she, her: gender coordinate ±2 of their embedding) and 4
    proxies (actor, king, actress, queen: ±1). A sentiment classifier
    mean-pools ReLU detectors of the embeddings, two of which read the
    gender coordinate, into a softmax readout whose weight on those two is
    γ. Training is simulated by γ growing over the steps (0, 0.5, 1, 2, 4):
    the model leans more and more on gender. A protected-status model (PSM)
    of the same architecture with a logistic readout is fitted to the
    sentences' gender. P is logged under five v choices (the paper's
    P1 to P5): ``uniform``, ``psm``, ``psm_emb``, ``word_list``,
    ``word_list_emb``; the informed ones rise faster than ``uniform``.
``sensitivity_tabular``
    The hiring example of the paper's Appendix A: x1 education, x2 hair
    length (a proxy of gender), x3 gender; a logistic model whose weight on
    x2 grows over the steps while it never uses x3, logged under ``mask``
    {x3} (always 0: the model ignores x3), ``proxy_adjusted`` {x3} (rises
    through the proxy) and ``uniform``.

Jacobians are analytic: for f = softmax(R h), h = mean_t relu(A e_t + c),
∂f/∂e_t = (diag f − f fᵀ) R diag(relu′(A e_t + c)) A / N.
"""

from __future__ import annotations

import os
import time
from typing import Any

import numpy as np

from tb_bias_plugin.demo.runs import event_files, prepare_run_dirs
from tb_bias_plugin.measures.sensitivity import (
    TextLayout,
    VChoice,
    accumulated_sensitivity,
    proxy_adjusted_abs_jacobian,
    proxy_betas,
)
from tb_bias_plugin.summary import Writer

DEFAULT_SEED = 0
TAG = "sensitivity"
TEXT_RUN = "sensitivity_text"
TABULAR_RUN = "sensitivity_tabular"
RUNS = (TEXT_RUN, TABULAR_RUN)
GAMMAS = (0.0, 0.5, 1.0, 2.0, 4.0)
STEPS = tuple(range(len(GAMMAS)))
FILE_SUFFIX = ".tb-bias-demo-sensitivity"

SENTENCES = 3000
MIN_LEN, MAX_LEN = 6, 12
DIM = 4  # coordinate 0 carries gender
NEUTRAL = (
    "the a movie film plot acting story scene music was is very quite really great good fine dull boring "
    "awful long short fun slow sharp loved hated watched again never"
).split()
GENDERED = {"he": 2.0, "him": 2.0, "she": -2.0, "her": -2.0}
PROXIES = {"actor": 1.0, "king": 1.0, "actress": -1.0, "queen": -1.0}
WORD_LIST = tuple(GENDERED)
CHOICE_NAMES = ("uniform", "psm", "psm_emb", "word_list", "word_list_emb")
CLASS_NAMES = ("negative", "positive")
PAD = "<pad>"

DESCRIPTION = (
    "Synthetic demo data from `python -m tb_bias_plugin.demo` (run `%s`): %s. "
    "Values compare only between models with the same inputs."
)


class TextWorld:
    """Vocabulary, embeddings, sentences and the two models of the text demo."""

    def __init__(self, seed: int = DEFAULT_SEED, sentences: int = SENTENCES):
        rng = np.random.default_rng(seed)
        self.vocab = [PAD] + NEUTRAL + list(GENDERED) + list(PROXIES)
        v = len(self.vocab)
        emb = np.zeros((v, DIM))
        emb[1:, 1:] = rng.normal(size=(v - 1, DIM - 1))
        for word, g in {**GENDERED, **PROXIES}.items():
            emb[self.vocab.index(word), 0] = g
        self.embeddings = emb
        # Sentences: a latent gender; gendered words and proxies mostly of that gender.
        self.gender = rng.integers(0, 2, size=sentences)  # 1 = male
        lengths = rng.integers(MIN_LEN, MAX_LEN + 1, size=sentences)
        ids = np.zeros((sentences, MAX_LEN), dtype=np.int64)
        neutral = np.arange(1, 1 + len(NEUTRAL))
        male_g = [self.vocab.index(w) for w, g in GENDERED.items() if g > 0]
        female_g = [self.vocab.index(w) for w, g in GENDERED.items() if g < 0]
        male_p = [self.vocab.index(w) for w, g in PROXIES.items() if g > 0]
        female_p = [self.vocab.index(w) for w, g in PROXIES.items() if g < 0]
        for i in range(sentences):
            n = lengths[i]
            row = rng.choice(neutral, size=n)
            male = self.gender[i] == 1
            slots = rng.permutation(n)
            k = 0
            for _ in range(rng.integers(0, 3)):  # 0-2 gendered words
                row[slots[k]] = rng.choice(male_g if male else female_g)
                k += 1
            for _ in range(rng.integers(0, 3)):  # 0-2 proxies, one in five of the other gender
                own = male if rng.random() < 0.8 else not male
                row[slots[k]] = rng.choice(male_p if own else female_p)
                k += 1
            ids[i, :n] = row
        self.ids = ids
        self.mask = np.arange(MAX_LEN)[None, :] < lengths[:, None]
        self.tokens = np.asarray(self.vocab, dtype=object)[ids]
        self.e = emb[ids]  # [n, T, D]
        # Detectors: two read the gender coordinate, eight read content.
        hidden = 10
        A = np.zeros((hidden, DIM))
        A[0, 0], A[1, 0] = 1.0, -1.0
        A[2:, 1:] = rng.normal(size=(hidden - 2, DIM - 1))
        c = np.zeros(hidden)
        c[:2] = -0.1  # gender detectors stay off (and off their kink) for neutral words
        c[2:] = rng.normal(scale=0.3, size=hidden - 2)
        self.A, self.c = A, c
        self.content = np.zeros(hidden)
        self.content[2:] = rng.normal(scale=1.5, size=hidden - 2)
        # The PSM: the same detectors, a logistic readout fitted to the gender.
        h = self._pooled()
        self.psm_a, self.psm_b = _fit_logistic(h, self.gender)
        self.psm_accuracy = float(np.mean((h @ self.psm_a + self.psm_b > 0) == (self.gender == 1)))

    def captions(self) -> list[str]:
        """Each sentence as text (its real tokens), logged beside the kept examples."""
        return [" ".join(row[m].tolist()) for row, m in zip(self.tokens, self.mask)]

    def _pooled(self, e: np.ndarray | None = None) -> np.ndarray:
        e = self.e if e is None else e
        pre = e @ self.A.T + self.c  # [n, T, H]
        n_real = self.mask.sum(axis=1, keepdims=True)
        return (np.maximum(pre, 0) * self.mask[:, :, None]).sum(axis=1) / n_real

    def readout(self, gamma: float) -> np.ndarray:
        """[K=2, H]: class 1 (positive) reads the content detectors, and gender with weight γ."""
        r1 = self.content.copy()
        r1[0], r1[1] = gamma, -gamma
        return np.stack([np.zeros_like(r1), r1])

    def probs(self, gamma: float, e: np.ndarray | None = None) -> np.ndarray:
        z = self._pooled(e) @ self.readout(gamma).T
        z -= z.max(axis=1, keepdims=True)
        p = np.exp(z)
        return p / p.sum(axis=1, keepdims=True)

    def _dh_de(self) -> np.ndarray:
        """∂h_j/∂e_{t,d} = 1[A e_t + c > 0]_j A_{j,d} / N on real tokens: [n, H, T, D]."""
        active = ((self.e @ self.A.T + self.c) > 0) & self.mask[:, :, None]  # [n, T, H]
        n_real = self.mask.sum(axis=1)[:, None, None, None]
        return np.einsum("nth,hd->nhtd", active.astype(np.float64), self.A) / n_real

    def abs_jacobian(self, gamma: float) -> np.ndarray:
        """|∂f_k/∂e_{t,d}| of the classifier, [n, K, T·D]."""
        f = self.probs(gamma)
        soft = np.einsum("nk,kl->nkl", f, np.eye(2)) - np.einsum("nk,nl->nkl", f, f)  # diag f - f fᵀ
        jac = np.einsum("nkl,lh,nhtd->nktd", soft, self.readout(gamma), self._dh_de())
        return np.abs(jac).reshape(len(f), 2, -1)

    def psm_abs_jacobian(self) -> np.ndarray:
        """|∂g_c/∂e| of the PSM g = [1 − σ, σ]: both rows are σ′ |a ∂h/∂e|, [n, 2, T·D]."""
        s = 1 / (1 + np.exp(-(self._pooled() @ self.psm_a + self.psm_b)))
        row = np.abs(np.einsum("n,h,nhtd->ntd", s * (1 - s), self.psm_a, self._dh_de())).reshape(len(s), -1)
        return np.stack([row, row], axis=1)

    def layout(self) -> TextLayout:
        return TextLayout(DIM, self.mask, self.tokens)

    def choices(self) -> dict[str, VChoice]:
        return {
            "uniform": VChoice.uniform(),
            "psm": VChoice.psm(),
            "psm_emb": VChoice.psm_emb(),
            "word_list": VChoice.word_list(WORD_LIST),
            "word_list_emb": VChoice.word_list_emb(WORD_LIST),
        }

    def results(self, gamma: float, psm: np.ndarray | None = None) -> dict:
        """The SensitivityResult of every v choice at γ."""
        jac = self.abs_jacobian(gamma)
        psm = self.psm_abs_jacobian() if psm is None else psm
        lay = self.layout()
        return {
            name: accumulated_sensitivity(jac, v=choice, layout=lay, psm_abs_jacobian=psm, embeddings=self.e)
            for name, choice in self.choices().items()
        }

    def flips(self, gamma: float) -> int:
        """Decisions that change when the gender coordinate is removed from every embedding."""
        e0 = self.e.copy()
        e0[..., 0] = 0.0
        return int(np.sum(self.probs(gamma).argmax(1) != self.probs(gamma, e0).argmax(1)))


def _fit_logistic(h: np.ndarray, y: np.ndarray, steps: int = 500, lr: float = 0.5) -> tuple[np.ndarray, float]:
    """Logistic regression by full-batch gradient descent (deterministic)."""
    a = np.zeros(h.shape[1])
    b = 0.0
    mu, sd = h.mean(axis=0), h.std(axis=0) + 1e-9
    x = (h - mu) / sd
    for _ in range(steps):
        p = 1 / (1 + np.exp(-(x @ a + b)))
        g = p - y
        a -= lr * (x.T @ g) / len(y)
        b -= lr * float(g.mean())
    # Back to the unstandardised pooled features.
    return a / sd, b - float((a / sd) @ mu)


# -- tabular: the paper's Appendix A -----------------------------------------------

TAB_FEATURES = ("education", "hair_length", "gender")
TAB_N = 2000
#: Weight of the logistic model on hair length at each step (its weight on gender stays 0).
HAIR_WEIGHTS = (0.0, 0.25, 0.5, 0.75, 1.0)


def hiring_data(seed: int = DEFAULT_SEED, n: int = TAB_N) -> np.ndarray:
    """x1 ~ U(0, 10), x3 ~ Bernoulli(½), x2 ~ N(2, 10) if x3 = 0 else N(10, 10) (variance 10)."""
    rng = np.random.default_rng(seed)
    x1 = rng.uniform(0, 10, n)
    x3 = rng.integers(0, 2, n).astype(np.float64)
    x2 = rng.normal(np.where(x3 == 1, 10.0, 2.0), np.sqrt(10.0))
    return np.stack([x1, x2, x3], axis=1)


def hiring_captions(x: np.ndarray) -> list[str]:
    """A synthetic line per applicant (what a reviewer would read), logged beside the kept examples."""
    return ["%s applicant, %.1f years of education, hair length %.1f"
            % ("female" if g == 1 else "male", e, h) for e, h, g in x.tolist()]


def hiring_jacobian(x: np.ndarray, hair: float) -> tuple[np.ndarray, np.ndarray]:
    """f = [1 − σ(z), σ(z)], z = (x1 − 5) + hair·(x2 − 6): probabilities and signed Jacobian [n, 2, 3]."""
    z = (x[:, 0] - 5) + hair * (x[:, 1] - 6)
    s = 1 / (1 + np.exp(-z))
    grad = (s * (1 - s))[:, None] * np.array([1.0, hair, 0.0])
    return np.stack([1 - s, s], axis=1), np.stack([-grad, grad], axis=1)


def tabular_results(x: np.ndarray, hair: float) -> tuple[dict, np.ndarray]:
    probs, jac = hiring_jacobian(x, hair)
    absj = np.abs(jac)
    adjusted = proxy_adjusted_abs_jacobian(jac, proxy_betas(x, 2), 2)
    return {
        "proxy_adjusted": accumulated_sensitivity(adjusted, v="proxy_adjusted", protected=2),
        "mask_gender": accumulated_sensitivity(absj, v="mask", protected=2),
        "uniform": accumulated_sensitivity(absj),
    }, probs


# -- writing -------------------------------------------------------------------------


def write_demo_logs(logdir, *, seed: int = DEFAULT_SEED, overwrite: bool = False) -> dict:
    """Write both runs under ``logdir``; what was written and how long it took."""
    started = time.perf_counter()
    logdir = os.fspath(logdir)
    for path in prepare_run_dirs(logdir, RUNS, FILE_SUFFIX, overwrite):
        os.remove(path)
    world = TextWorld(seed)
    psm = world.psm_abs_jacobian()
    groups = np.where(world.gender == 1, "male", "female")
    writer: Any
    with Writer(os.path.join(logdir, TEXT_RUN), filename_suffix=FILE_SUFFIX) as writer:
        for step, gamma in zip(STEPS, GAMMAS):
            writer.prediction_sensitivity(
                TAG, world.results(gamma, psm), groups=groups, probs=world.probs(gamma), class_names=CLASS_NAMES,
                example_ids=["s%04d" % i for i in range(len(groups))], example_text=world.captions(), seed=seed, step=step,
                description=DESCRIPTION % (TEXT_RUN, "a sentiment classifier whose weight on gender detectors, "
                                           "γ = %g at this step, grows over training" % gamma))
    x = hiring_data(seed)
    with Writer(os.path.join(logdir, TABULAR_RUN), filename_suffix=FILE_SUFFIX) as writer:
        for step, hair in zip(STEPS, HAIR_WEIGHTS):
            results, probs = tabular_results(x, hair)
            writer.prediction_sensitivity(
                TAG, results, groups=np.where(x[:, 2] == 1, "female", "male"), probs=probs,
                class_names=("reject", "hire"), feature_names=TAB_FEATURES, seed=seed, step=step,
                example_ids=["a%04d" % i for i in range(len(x))], example_text=hiring_captions(x),
                description=DESCRIPTION % (TABULAR_RUN, "a hiring model that never reads gender but leans on "
                                           "hair length, its proxy (weight %g at this step)" % hair))
    files = [p for run in RUNS for p in event_files(os.path.join(logdir, run))]
    return {
        "runs": list(RUNS),
        "steps": list(STEPS),
        "examples": len(groups),
        "files": files,
        "bytes": sum(os.path.getsize(p) for p in files),
        "seconds": time.perf_counter() - started,
        "psm_accuracy": world.psm_accuracy,
    }


def summarize(info: dict) -> str:
    return "%d runs (%s) x %d steps; %d sentences, PSM accuracy %.3f" % (
        len(info["runs"]), ", ".join(info["runs"]), len(info["steps"]), info["examples"], info["psm_accuracy"])
