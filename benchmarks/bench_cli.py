"""tb-bias log throughput on a large Parquet file (prints figures; not a test).

Writes a Parquet file of about --gigabytes (label-name lists and two
attribute columns), then runs the real command line with its progress bar
on and reports the wall time and the bar's own final rate.

Run: python benchmarks/bench_cli.py [--gigabytes 1.0] [--keep DIR] [--smoke]
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq


def write_parquet(path, gigabytes, num_labels=20_000, rows_per_group=200_000, seed=0):
    rng = np.random.default_rng(seed)
    names = np.array(["label_%05d" % i for i in range(num_labels)])
    popularity = 1.0 / np.arange(1, num_labels + 1) ** 0.8
    popularity /= popularity.sum()
    writer, rows, tokens = None, 0, 0
    try:
        while writer is None or os.path.getsize(path) < gigabytes * 1e9:
            lengths = rng.integers(5, 40, size=rows_per_group)
            flat = names[rng.choice(num_labels, size=int(lengths.sum()), p=popularity)]
            offsets = np.concatenate([[0], np.cumsum(lengths)]).astype(np.int32)
            values = pa.array(flat, type=pa.large_string())
            if isinstance(values, pa.ChunkedArray):
                values = values.combine_chunks()
            table = pa.table({
                "labels": pa.LargeListArray.from_arrays(pa.array(offsets.astype(np.int64)), values),
                "sex": rng.choice(["female", "male", ""], size=rows_per_group),
                "age": rng.choice(["<30", "30-60", "60+"], size=rows_per_group),
            })
            if writer is None:
                writer = pq.ParquetWriter(path, table.schema, compression="none", use_dictionary=False)
            writer.write_table(table)
            rows, tokens = rows + rows_per_group, tokens + int(lengths.sum())
            sys.stderr.write("\r    writing: %d rows, %.2f GB" % (rows, os.path.getsize(path) / 1e9))
    finally:
        if writer is not None:
            writer.close()
    sys.stderr.write("\n")
    return rows, tokens


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gigabytes", type=float, default=1.0)
    parser.add_argument("--keep", help="directory to keep the file and logdir in")
    parser.add_argument("--smoke", action="store_true", help="a tiny file: checks the script runs, not speed")
    args = parser.parse_args()
    workdir = args.keep or tempfile.mkdtemp(prefix="bench_cli_")
    os.makedirs(workdir, exist_ok=True)
    path = os.path.join(workdir, "preds.parquet")
    rows, tokens = write_parquet(path, 0, rows_per_group=2_000) if args.smoke else write_parquet(path, args.gigabytes)
    size = os.path.getsize(path)
    print("%s: %.2f GB, %d rows, %d label tokens (uncompressed Parquet)" % (path, size / 1e9, rows, tokens))
    names = os.path.join(workdir, "labels.txt")
    with open(names, "w") as f:
        f.write("\n".join("label_%05d" % i for i in range(20_000)) + "\n")
    tb_bias = os.path.join(os.path.dirname(sys.executable), "tb-bias")
    command = [tb_bias, "log", path, "--logdir", os.path.join(workdir, "logs", "run"), "--name", "gender",
               "--labels-column", "labels", "--label-names", names, "--identity-column", "sex",
               "--identity-column", "age", "--intersect", "sex,age", "--progress", "on"]
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if done.returncode:
        sys.exit("tb-bias log failed:\n" + done.stderr[-2000:])
    bars = re.findall(r"(scanning names|counting)[^\r\n]*?([\d.]+[kM]?) ?(rows|B|it)/s", done.stderr)
    last = {}
    for desc, rate, unit in bars:
        last[desc] = "%s %s/s" % (rate, unit)
    print("    tb-bias log (scan for attribute values, then count): %.1f s wall, %.0f rows/s, %.1f MB/s"
          % (elapsed, rows / elapsed, size / 1e6 / elapsed))
    print("    progress bars' own final rates: %s" % ", ".join("%s %s" % kv for kv in last.items()))
    print("    " + done.stdout.strip())
    if not args.keep:
        shutil.rmtree(workdir)


if __name__ == "__main__":
    main()
