"""Representation-level bias speed (prints figures; not a test).

n = 8,000, d = 64, default settings (3,000 steps, k = 256, width 256):
(a) wall time of one estimate with its shuffled-Z control, and the estimate
    against the exact value (R_0 = (2Z - 1) + N(0, 1) beside 63 noise
    dimensions, balanced Z: exact B = 0.485944 by quadrature, the spec's
    oracle);
(b) time of one MINE training step (inside the compiled loop) against one
    Keras ``train_on_batch`` of the same critic network on the same 2k rows,
    in the same process (target: ratio <= 1.5, i.e. no per-step Python
    overhead).

Run: python benchmarks/bench_representation.py [--steps 3000] [--smoke]
"""

import argparse
import os
import time

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

from tb_bias_plugin.measures.representation import mine, representation_bias  # noqa: E402


def keras_critic(d, c, width):
    r_in, z_in = tf.keras.Input((d,)), tf.keras.Input((c,))
    w = tf.keras.layers.Dense(d, activation="elu")(r_in)
    s = tf.keras.layers.Dense(c, activation="elu")(z_in)
    h = tf.keras.layers.Concatenate()([w, s])
    h = tf.keras.layers.Dense(width, activation="elu")(h)
    h = tf.keras.layers.Dense(width, activation="elu")(h)
    model = tf.keras.Model([r_in, z_in], tf.keras.layers.Dense(1)(h))
    model.compile(optimizer=tf.keras.optimizers.Adam(1e-3), loss="mse")
    return model


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=3000)
    ap.add_argument("--n", type=int, default=8000)
    ap.add_argument("--d", type=int, default=64)
    ap.add_argument("--smoke", action="store_true", help="a tiny size: checks the script runs, not speed")
    args = ap.parse_args()
    chunk, keras_batches = 500, 100
    if args.smoke:
        args.steps, args.n, args.d = 40, 600, 8
        chunk, keras_batches = 10, 5
    rng = np.random.default_rng(0)
    z = rng.integers(0, 2, args.n)
    r = rng.normal(size=(args.n, args.d)).astype(np.float32)
    r[:, 0] += 2 * z - 1

    start = time.perf_counter()
    res = representation_bias(r, z, steps=args.steps)
    wall = time.perf_counter() - start
    assert all(np.isfinite([res.bias, res.control_bias, res.entropy])) and 0 <= res.best_step <= args.steps, res
    print(f"(a) n={args.n} d={args.d} steps={args.steps} k=256 width=256: "
          f"{wall:.1f} s for the estimate and its control "
          f"(B={res.bias:.4f}, B0={res.control_bias:.4f}, H={res.entropy:.4f})")
    exact = 0.485944
    print(f"    estimate vs exact: B={res.bias:.4f} vs {exact:.4f} (error {res.bias - exact:+.4f}); "
          f"kept critic at iteration {res.best_step} of {args.steps}; flags {list(res.flags)}")

    # (b) one step of our compiled loop, measured over a long chunk.
    settings = dict(res.settings)
    runner = mine._runner(tf, settings)
    d = runner._prepare(r.astype(np.float64), z)
    runner._reset()
    rt, zt = tf.constant(d["r_tr"]), tf.constant(d["z_tr"])
    runner._train(rt, zt, tf.constant(chunk)).numpy()  # warm-up
    times = []
    for _ in range(3):
        t0 = time.perf_counter()
        runner._train(rt, zt, tf.constant(chunk)).numpy()
        times.append((time.perf_counter() - t0) / chunk)
    ours = min(times)

    model = keras_critic(args.d, 2, 256)
    xr = d["r_tr"][:512]
    xz = d["z_tr"][:512]
    y = np.zeros((len(xr), 1), np.float32)
    for _ in range(min(20, keras_batches)):
        model.train_on_batch([xr, xz], y)
    ktimes = []
    for _ in range(3):
        t0 = time.perf_counter()
        for _ in range(keras_batches):
            model.train_on_batch([xr, xz], y)
        ktimes.append((time.perf_counter() - t0) / keras_batches)
    keras = min(ktimes)
    assert np.isfinite(ours) and np.isfinite(keras) and ours > 0 and keras > 0
    print(f"(b) one MINE step {ours * 1e3:.2f} ms vs Keras train_on_batch ({len(xr)} rows, same "
          f"critic) {keras * 1e3:.2f} ms: ratio {ours / keras:.2f} (target <= 1.5)")


if __name__ == "__main__":
    main()
