"""Cost of accumulated prediction sensitivity on a small Keras text classifier.

Prints, for K = 2 and K = 28 classes over 10k examples of 32 tokens:
- seconds per 1k examples for P with uniform v (reverse mode, full Jacobian);
- that time divided by one plain forward+backward pass over the same batches,
  timed in the same process;
- with a 3-feature v, the forward-mode path's cost in units of one
  forward-mode (JVP) pass (target: about 3).

Run: .venv/bin/python benchmarks/bench_sensitivity.py
"""

import os
import time

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import keras  # noqa: E402
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

from tb_bias_plugin.measures.sensitivity import VChoice, prediction_sensitivity  # noqa: E402
from tb_bias_plugin.measures.sensitivity.gradients import _inject  # noqa: E402

N, T, D, VOCAB, BATCH = 10_000, 32, 16, 2_000, 500


def classifier(k):
    keras.utils.set_random_seed(0)
    inp = keras.Input((T,), dtype="int32")
    h = keras.layers.Embedding(VOCAB, D, name="emb")(inp)
    h = keras.layers.GlobalAveragePooling1D()(h)
    h = keras.layers.Dense(32, activation="relu")(h)
    return keras.Model(inp, keras.layers.Dense(k, activation="softmax")(h))


def best_of(fn, repeats=2):
    fn()  # trace / warm up
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def plain_pass(model, x):
    """One forward + one backward pass per batch (gradient of Σ f_0 w.r.t. the embeddings)."""
    layer = model.get_layer("emb")

    @tf.function(reduce_retracing=True)
    def step(xb):
        rec = {}
        with _inject(layer, rec):
            model(xb, training=False)
        e = rec["output"]
        with tf.GradientTape() as tape:
            tape.watch(e)
            with _inject(layer, {}, replacement=e):
                out = model(xb, training=False)
            y = tf.reduce_sum(out[:, 0])
        return tape.gradient(y, e)

    def run():
        for lo in range(0, N, BATCH):
            step(tf.constant(x[lo:lo + BATCH])).numpy()

    return run


def jvp_pass(model, x):
    """One forward-mode pass per batch: a single JVP w.r.t. the embeddings."""
    layer = model.get_layer("emb")

    @tf.function(reduce_retracing=True)
    def step(xb):
        rec = {}
        with _inject(layer, rec):
            model(xb, training=False)
        e = rec["output"]
        tangent = tf.reshape(tf.one_hot(tf.zeros(tf.shape(xb)[:1], tf.int32), T * D), tf.shape(e))
        with tf.autodiff.ForwardAccumulator(e, tangent) as acc:
            with _inject(layer, {}, replacement=e):
                out = model(xb, training=False)
        return acc.jvp(out)

    def run():
        for lo in range(0, N, BATCH):
            step(tf.constant(x[lo:lo + BATCH])).numpy()

    return run


def main():
    tf.random.set_seed(0)
    rng = np.random.default_rng(0)
    x = rng.integers(1, VOCAB, size=(N, T)).astype(np.int32)
    v3 = np.zeros(T * D)
    v3[[0, 1, 2]] = 1 / 3  # three embedding dims of the first token
    print(f"text classifier: embedding({VOCAB}, {D}) + mean pooling + dense(32) + dense(K); "
          f"n = {N}, T = {T}, batch = {BATCH}")
    for k in (2, 28):
        model = classifier(k)
        aps = best_of(lambda: prediction_sensitivity(model, x, v="uniform", embedding_layer="emb",
                                                     batch_size=BATCH))
        plain = best_of(plain_pass(model, x))
        print(f"K = {k:2d}: P (uniform v, reverse) {aps / N * 1e3:.3f} s per 1k examples; "
              f"one forward+backward pass {plain / N * 1e3:.4f} s per 1k; ratio {aps / plain:.1f}x")
        fwd = best_of(lambda: prediction_sensitivity(model, x, v=VChoice.explicit(v3), embedding_layer="emb",
                                                     batch_size=BATCH, mode="forward"))
        one_jvp = best_of(jvp_pass(model, x))
        print(f"         3-feature v, forward mode: {fwd / N * 1e3:.3f} s per 1k examples = "
              f"{fwd / one_jvp:.2f} forward-mode passes (one pass {one_jvp / N * 1e3:.4f} s per 1k)")


if __name__ == "__main__":
    main()
