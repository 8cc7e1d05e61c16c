"""Representation-level bias speed (prints figures; not a test).

n = 8,000, d = 64, default settings (NumPy estimators, k = 256, width 64):
(a) wall time of one estimate with its shuffled-Z control and the
    classifier bound, in a process where TensorFlow is not imported (its
    trainings at once in this process and worker processes, one per core,
    the default: the first call, which starts the worker, and a second;
    then all in this thread, ``workers=1``, the baseline, which must give
    the same B; CPU time counts the workers' too), with
    the time of each part (split, MINE, cross-fitted classifiers, controls),
    and the estimate against the exact value (R_0 = (2Z - 1) + N(0, 1)
    beside 63 noise dimensions, balanced Z: exact B = 0.485944 by
    quadrature); with --seeds K, the error of B, MINE and the classifier
    bound and both controls for data and estimator seeds 0..K-1;
(b) one MINE training step against the matrix products of that step alone
    (ratio 1 = no per-step overhead beyond the arithmetic);
(c) RepresentationBiasCallback on a small Keras model (two layers measured
    at every epoch): its cost per epoch as a ratio to the epoch itself, and
    the progress lines it prints (seconds per layer, flags with remedies);
(d) wide non-linear layers, same n and d, default settings: the wall and CPU
    time of one estimate with its control and the classifier bound, and B
    against the exact value, on Z = 1[|u.r| > 1] (u a random unit direction,
    R ~ N(0, I): exact B = 1) and on a product posterior
    Z ~ Bernoulli(sigmoid(4 tanh(r_0 r_1) + 2 r_2 - 1)) beside noise
    coordinates (exact B by Monte Carlo of the posterior), with the load.

Run: python benchmarks/bench_representation.py [--smoke] [--seeds 10]
"""

import argparse
import os
import pickle
import sys
import time

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import numpy as np  # noqa: E402

from tb_bias_plugin.measures.representation import classifier, mine, representation_bias, worker_processes  # noqa: E402

EXACT = 0.485944


def data(n, d, seed=0):
    rng = np.random.default_rng(seed)
    z = rng.integers(0, 2, n)
    r = rng.normal(size=(n, d)).astype(np.float32)
    r[:, 0] += 2 * z - 1
    return r, z


def projection_band(n, d, seed=0):
    """Z = 1[|u.r| > 1], u a random unit direction, R ~ N(0, I_d): Z is a function of R, so B = 1."""
    rng = np.random.default_rng(seed)
    u = rng.normal(size=d)
    u /= np.linalg.norm(u)
    r = rng.normal(size=(n, d))
    return r.astype(np.float32), (np.abs(r @ u) > 1).astype(np.int64)


def _posterior(r):
    return 1 / (1 + np.exp(-(4 * np.tanh(r[:, 0] * r[:, 1]) + 2 * r[:, 2] - 1)))


def product_posterior(n, d, seed=0):
    """Z ~ Bernoulli(sigmoid(4 tanh(r_0 r_1) + 2 r_2 - 1)), R ~ N(0, I_d): all but 3 coordinates are noise."""
    rng = np.random.default_rng(seed)
    r = rng.normal(size=(n, d))
    return r.astype(np.float32), (rng.random(n) < _posterior(r)).astype(np.int64)


def product_posterior_exact(m=1_000_000, seed=12345):
    """B = 1 - E[h(p(R))] / h(E p(R)), h the binary entropy, by Monte Carlo over m draws of (r_0, r_1, r_2)."""
    p = _posterior(np.random.default_rng(seed).normal(size=(m, 3)))

    def h(q):
        q = np.clip(q, 1e-300, 1 - 1e-16)
        return -(q * np.log(q) + (1 - q) * np.log1p(-q))

    return 1 - float(np.mean(h(p))) / float(h(np.mean(p)))


def cpu_seconds():
    """CPU seconds of this process and of the idle worker processes kept for the next estimate (Linux)."""
    total = time.process_time()
    for worker in worker_processes._idle:
        try:
            with open(f"/proc/{worker.process.pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, ValueError, IndexError):
            return float("nan")
    return total


def wide_non_linear(n, d, estimator):
    """(d): time and B of one estimate on each wide non-linear family (first data seed)."""
    cases = (("|u.r| > 1", projection_band, 1.0),
             ("product posterior", product_posterior, product_posterior_exact()))
    for name, family, exact in cases:
        r, z = family(n, d)
        start, cpu = time.perf_counter(), cpu_seconds()
        res = representation_bias(r, z, **estimator)
        wall, cpu = time.perf_counter() - start, cpu_seconds() - cpu
        print(f"(d) {name}, n={n} d={d}: {wall:.2f} s ({cpu:.2f} s of CPU; load {os.getloadavg()[0]:.1f}); "
              f"B={res.bias:.4f} ({res.bound}; MINE {res.mine_bias:.4f}, classifier {res.classifier} "
              f"{res.classifier_bias:.4f}) vs exact {exact:.4f}; controls MINE {res.mine_control_biases[0]:+.4f}, "
              f"classifier {res.classifier_control_biases[0]:+.4f}")


def parts(r, z, settings):
    """Seconds of each part of one estimate, timed one by one (one BLAS thread, as the estimator runs)."""
    out = {}
    r = r.astype(np.float64)
    zp = z[np.random.default_rng([settings["seed"], 1]).permutation(len(z))]
    with mine._one_blas_thread():
        t = time.perf_counter()
        split = mine.prepare_split(r, z, settings)
        out["split"] = time.perf_counter() - t
        t = time.perf_counter()
        mine.run_mine(split, z, settings)
        out["MINE"] = time.perf_counter() - t
        t = time.perf_counter()
        classifier.classifier_bound(r, z, settings)
        out["classifiers (%d folds)" % settings["classifier_folds"]] = time.perf_counter() - t
        t = time.perf_counter()
        mine.run_mine(mine.prepare_split(r, zp, settings), zp, settings)
        out["MINE control"] = time.perf_counter() - t
        t = time.perf_counter()
        classifier.classifier_bound(r, zp, settings)
        out["classifier control"] = time.perf_counter() - t
    return out


def over_seeds(n, d, seeds, estimator):
    """Print the errors of B, MINE and the classifier bound, and both controls, for seeds 0..seeds-1."""
    errors = []
    for seed in range(seeds):
        r, z = data(n, d, seed)
        t = time.perf_counter()
        res = representation_bias(r, z, seed=seed, **estimator)
        errors.append(res.bias - EXACT)
        print(f"    seed {seed}: {time.perf_counter() - t:.2f} s, B {res.bias - EXACT:+.4f} ({res.bound}), MINE "
              f"{res.mine_bias - EXACT:+.4f}, classifier {res.classifier_bias - EXACT:+.4f}; controls "
              f"{res.mine_control_biases[0]:+.4f}, {res.classifier_control_biases[0]:+.4f}")
    e = np.array(errors)
    print(f"    error of B over {seeds} seeds: mean {e.mean():+.4f}, sd {e.std(ddof=1):.4f}, "
          f"from {e.min():+.4f} to {e.max():+.4f}")


def step_overhead(r, z, settings, steps):
    """(seconds per MINE step, seconds of the same step's matrix products alone)."""
    with mine._one_blas_thread():
        split = mine.prepare_split(r.astype(np.float64), z, settings)
        d = mine._mine_parts(split, z, settings)
        critic = mine._Critic(d["r_tr"].shape[1], d["z_tr"].shape[1], settings)
        trainer = mine._Trainer(critic, settings)
        trainer.train(d["r_tr"], d["z_tr"], 5)
        t = time.perf_counter()
        trainer.train(d["r_tr"], d["z_tr"], steps)
        per_step = (time.perf_counter() - t) / steps
        k, width, dim = settings["batch_size"], settings["width"], d["r_tr"].shape[1]
        x = np.ones((2 * k, dim), np.float32)
        a, g1, g2 = np.ones((dim, dim), np.float32), np.ones((dim, width), np.float32), np.ones((width, width), np.float32)
        h, hw = np.ones((2 * k, width), np.float32), np.ones((2 * k, dim), np.float32)
        t = time.perf_counter()
        for _ in range(steps):
            x @ a, hw @ g1, h @ g2  # forward
            h @ g2.T, h.T @ h, h @ g1.T, hw.T @ h, hw @ a.T, x.T @ hw  # backward
        products = (time.perf_counter() - t) / steps
    return per_step, products


def callback_ratio(n, epochs, estimator):
    """(seconds of an epoch without the callback, seconds the callback adds per epoch, CPU seconds it adds)."""
    import tempfile

    import keras

    from tb_bias_plugin.measures.representation.callbacks import RepresentationBiasCallback

    rng = np.random.default_rng(1)
    z = rng.integers(0, 2, n)
    x = (rng.normal(size=(n, 16)) + z[:, None] * 0.5).astype(np.float32)
    y = rng.integers(0, 2, n).astype(np.float32)

    def model():
        keras.utils.set_random_seed(0)
        inp = keras.Input((16,))
        h1 = keras.layers.Dense(64, activation="relu", name="h1")(inp)
        h2 = keras.layers.Dense(32, activation="relu", name="h2")(h1)
        m = keras.Model(inp, keras.layers.Dense(1, activation="sigmoid")(h2))
        m.compile("adam", "binary_crossentropy")
        return m

    plain = model()
    plain.fit(x, y, epochs=1, batch_size=64, verbose=0)  # warm-up (tracing)
    t, cpu = time.perf_counter(), time.process_time()
    plain.fit(x, y, epochs=epochs, batch_size=64, verbose=0)
    epoch, epoch_cpu = (time.perf_counter() - t) / epochs, (time.process_time() - cpu) / epochs
    with tempfile.TemporaryDirectory() as logdir:
        cb = RepresentationBiasCallback(logdir, x, {"z": z}, layers=["h1", "h2"], **estimator)
        measured = model()
        measured.fit(x, y, epochs=1, batch_size=64, verbose=0)
        t, cpu = time.perf_counter(), cpu_seconds()
        measured.fit(x, y, epochs=epochs, batch_size=64, verbose=0, callbacks=[cb])
        with_cb, with_cb_cpu = (time.perf_counter() - t) / epochs, (cpu_seconds() - cpu) / epochs
    return epoch, with_cb - epoch, with_cb_cpu - epoch_cpu


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=8000)
    ap.add_argument("--d", type=int, default=64)
    ap.add_argument("--smoke", action="store_true", help="a tiny size: checks the script runs, not speed")
    ap.add_argument("--seeds", type=int, default=1, help="(a) over data and estimator seeds 0..K-1")
    args = ap.parse_args()
    estimator, step_count, cb_n, epochs = {}, 300, 8000, 3
    if args.smoke:
        args.n, args.d = 600, 8
        estimator = dict(steps=40, classifier_steps=40, eval_every=20)
        step_count, cb_n, epochs = 10, 600, 1
    r, z = data(args.n, args.d)

    start = time.perf_counter()
    res = representation_bias(r, z, **estimator)
    first = time.perf_counter() - start
    assert "tensorflow" not in sys.modules, "the estimate imported TensorFlow"
    assert all(np.isfinite([res.bias, res.mine_bias, res.classifier_bias, res.control_bias])), res
    start, cpu = time.perf_counter(), cpu_seconds()
    again = representation_bias(r, z, **estimator)
    wall, cpu = time.perf_counter() - start, cpu_seconds() - cpu
    start, cpu_one = time.perf_counter(), time.process_time()
    alone = representation_bias(r, z, **estimator, workers=1)
    one, cpu_one = time.perf_counter() - start, time.process_time() - cpu_one
    for other in (again, alone):
        assert pickle.dumps(other.to_dict()) == pickle.dumps(res.to_dict()), "workers changed the result"
    print(f"(a) n={args.n} d={args.d}: {first:.2f} s for the estimate, its control and the classifier bound, "
          f"the first call (it starts the worker processes), {wall:.2f} s the next ({cpu:.2f} s of CPU here and "
          f"in the workers; TensorFlow not imported; load {os.getloadavg()[0]:.1f}); all in this thread "
          f"(workers=1) {one:.2f} s ({cpu_one:.2f} s of CPU), the same B: workers save {1 - wall / one:.0%}")
    print(f"    B={res.bias:.4f} ({res.bound}; MINE {res.mine_bias:.4f}, classifier {res.classifier} "
          f"{res.classifier_bias:.4f}) vs exact {EXACT:.4f} (error {res.bias - EXACT:+.4f}); "
          f"controls MINE {res.mine_control_biases[0]:+.4f}, classifier {res.classifier_control_biases[0]:+.4f}; "
          f"flags {list(res.flags)}")
    if args.seeds > 1:
        over_seeds(args.n, args.d, args.seeds, estimator)
    timed = parts(r, z, dict(res.settings))
    print("    parts: " + ", ".join(f"{k} {v:.2f} s" for k, v in timed.items()))

    per_step, products = step_overhead(r, z, dict(res.settings), step_count)
    print(f"(b) one MINE step {per_step * 1e3:.2f} ms vs its matrix products alone {products * 1e3:.2f} ms: "
          f"ratio {per_step / products:.2f}")

    wide_non_linear(args.n, args.d, estimator)

    epoch, cost, cost_cpu = callback_ratio(cb_n, epochs, estimator)
    print(f"(c) RepresentationBiasCallback (2 layers, n={cb_n}, every epoch): {cost:.2f} s per epoch on top of "
          f"a {epoch:.2f} s epoch: ratio {cost / epoch:.1f} ({cost_cpu:.2f} s of CPU; load "
          f"{os.getloadavg()[0]:.1f})")


if __name__ == "__main__":
    main()
