"""Cost of accumulated prediction sensitivity on a small Keras text classifier.

Prints, for K = 2 and K = 28 classes over 10k examples of 32 tokens
(embedding 16, mean pooling, dense 32, dense K; batches of 500):

- seconds per 1k examples for P with uniform v (reverse mode: one backward
  pass per class, one in all for K = 2), and that time divided by one plain
  forward + backward pass over the same batches, timed in the same process;
- with a 3-feature v (three embedding dims of the first token), the
  forward-mode path's time in units of one forward-mode (JVP) pass over the
  same batches (target: about 3).

``per_feature=False`` keeps P, the per-class rows and the per-token u_t and
V_t (what the summary and the Keras callback store for text); the default
``per_feature=True`` also returns s and v as [n, T·D] float64 arrays, whose
cost is reported on its own line. Every figure is the best of interleaved
repeats, so a busy machine slows the compared runs alike.

Run: .venv/bin/python benchmarks/bench_sensitivity.py [--smoke]
"""

import argparse
import os
import time

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import keras  # noqa: E402
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

from tb_bias_plugin.measures.sensitivity import VChoice, prediction_sensitivity  # noqa: E402
from tb_bias_plugin.writing.keras import hooked_call  # noqa: E402

N, T, D, VOCAB, BATCH, REPEATS = 10_000, 32, 16, 2_000, 500, 5


def classifier(k):
    keras.utils.set_random_seed(0)
    inp = keras.Input((T,), dtype="int32")
    h = keras.layers.Embedding(VOCAB, D, name="emb")(inp)
    h = keras.layers.GlobalAveragePooling1D()(h)
    h = keras.layers.Dense(32, activation="relu")(h)
    return keras.Model(inp, keras.layers.Dense(k, activation="softmax")(h))


def interleaved(fns, repeats):
    """Best time of each function, run in turn ``repeats`` times after a warm-up."""
    for fn in fns:
        fn()
    best = [float("inf")] * len(fns)
    for _ in range(repeats):
        for i, fn in enumerate(fns):
            t0 = time.perf_counter()
            fn()
            best[i] = min(best[i], time.perf_counter() - t0)
    return best


def _embeddings(model, xb):
    rec = {}
    with hooked_call(model.get_layer("emb"), rec):
        model(xb, training=False)
    return rec["output"]


def plain_pass(model, x):
    """One forward + one backward pass per batch (gradient of Σ f_0 w.r.t. the embeddings)."""
    layer = model.get_layer("emb")

    @tf.function(reduce_retracing=True)
    def step(xb):
        e = _embeddings(model, xb)
        with tf.GradientTape() as tape:
            tape.watch(e)
            with hooked_call(layer, {}, replacement=e):
                out = model(xb, training=False)
            y = tf.reduce_sum(out[:, 0])
        return tape.gradient(y, e)

    def run():
        for lo in range(0, len(x), BATCH):
            step(tf.constant(x[lo:lo + BATCH])).numpy()

    return run


def jvp_pass(model, x):
    """One forward-mode pass per batch: a single JVP w.r.t. the embeddings."""
    layer = model.get_layer("emb")

    @tf.function(reduce_retracing=True)
    def step(xb):
        e = _embeddings(model, xb)
        tangent = tf.reshape(tf.one_hot(tf.zeros(tf.shape(xb)[:1], tf.int32), T * D), tf.shape(e))
        with tf.autodiff.ForwardAccumulator(e, tangent) as acc:
            with hooked_call(layer, {}, replacement=e):
                out = model(xb, training=False)
        return acc.jvp(out)

    def run():
        for lo in range(0, len(x), BATCH):
            step(tf.constant(x[lo:lo + BATCH])).numpy()

    return run


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smoke", action="store_true", help="a tiny size: checks the script runs, not speed")
    args = parser.parse_args()
    n, repeats = (2 * BATCH, 1) if args.smoke else (N, REPEATS)
    tf.random.set_seed(0)
    rng = np.random.default_rng(0)
    x = rng.integers(1, VOCAB, size=(n, T)).astype(np.int32)
    v3 = np.zeros(T * D)
    v3[[0, 1, 2]] = 1 / 3  # three embedding dims of the first token
    print(f"text classifier: embedding({VOCAB}, {D}) + mean pooling + dense(32) + dense(K); "
          f"n = {n}, T = {T}, batch = {BATCH}; best of {repeats} interleaved runs")
    for k in (2, 28):
        model = classifier(k)

        def uniform(model=model):
            r = prediction_sensitivity(model, x, v="uniform", embedding_layer="emb", batch_size=BATCH, per_feature=False)
            assert r.P.shape == (n,) and np.all(np.isfinite(r.P)) and np.all(r.P >= 0)

        def forward(model=model, per_feature=False):
            r = prediction_sensitivity(model, x, v=VChoice.explicit(v3), embedding_layer="emb", batch_size=BATCH,
                                       mode="forward", per_feature=per_feature)
            assert r.P.shape == (n,) and np.all(np.isfinite(r.P)) and np.all(r.P >= 0)

        def forward_full(model=model):
            forward(model, per_feature=True)

        aps, plain, fwd, fwd_full, one_jvp = interleaved(
            [uniform, plain_pass(model, x), forward, forward_full, jvp_pass(model, x)], repeats)
        per_1k = 1e3 / n
        print(f"K = {k:2d}: P (uniform v, reverse) {aps * per_1k:.4f} s per 1k examples; one forward+backward "
              f"pass {plain * per_1k:.4f} s per 1k; ratio {aps / plain:.1f}x")
        print(f"         3-feature v, forward mode: {fwd * per_1k:.4f} s per 1k examples = {fwd / one_jvp:.2f} "
              f"forward-mode passes (one pass {one_jvp * per_1k:.4f} s per 1k)")
        print(f"         the same with per_feature=True (s and v as [n, {T * D}] arrays): "
              f"{fwd_full * per_1k:.4f} s per 1k = {fwd_full / one_jvp:.2f} passes")


if __name__ == "__main__":
    main()
