"""``tb-bias log`` on files it writes: Parquet, CSV, JSON Lines, npz; bad
files name the file, row and column and write nothing."""

import json
import logging
import os
import subprocess
import sys
import warnings
import zipfile

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import plugin_fixtures as fx
from tb_bias_plugin import CooccurrenceCounter
from tb_bias_plugin.cli import main, parser
from tb_bias_plugin.measures.association.counting import attribute_identities

LABELS = ["bike", "dress", "man", "tie", "tree", "woman"]


def data(n=400, seed=0):
    rng = np.random.default_rng(seed)
    scores = rng.random((n, len(LABELS)))
    sex = rng.choice(["female", "male", ""], size=n).tolist()
    age = rng.choice(["<30", "30-60", "60+"], size=n).tolist()
    probs = rng.random((n, 2))
    return scores, sex, age, probs


def logged(logdir):
    tables = fx.read_logdir(logdir)
    assert len(tables) == 1
    (_, _, table), = tables.values()
    return table


def run(*argv):
    return main(["log"] + [str(a) for a in argv])


def test_parquet_label_lists_with_attribute_intersections(tmp_path):
    scores, sex, age, _ = data()
    labels = [[LABELS[j] for j in np.flatnonzero(row > 0.6)] for row in scores]
    pq.write_table(pa.table({"labels": labels, "sex": sex, "age": age}), tmp_path / "p.parquet", row_group_size=50)
    assert run(tmp_path / "p.parquet", "--logdir", tmp_path / "logs" / "eval", "--name", "gender", "--step", 3,
               "--labels-column", "labels", "--identity-column", "sex", "--identity-column", "age",
               "--intersect", "sex,age", "--batch-size", 64, "--progress", "off") == 0
    got = logged(tmp_path / "logs")
    names, indicator = attribute_identities({"sex": sex, "age": age}, [("sex", "age")])
    want = CooccurrenceCounter(sorted({y for row in labels for y in row}), names).update(labels, identities=indicator).table()
    assert got == want
    assert "sex=female & age=60+" in got.identity_names
    assert fx.read_logdir(tmp_path / "logs").keys() == {("eval", "gender", 3)}


def test_csv_score_columns_and_thresholds(tmp_path):
    scores, sex, _, _ = data(seed=1)
    lines = [",".join(["id"] + ["score_" + y for y in LABELS] + ["sex"])]
    lines += [",".join([str(i)] + ["%.6f" % s for s in row] + [sex[i]]) for i, row in enumerate(scores)]
    (tmp_path / "p.csv").write_text("\n".join(lines) + "\n")
    assert run(tmp_path / "p.csv", "--logdir", tmp_path / "logs", "--name", "g", "--score-prefix", "score_",
               "--identity-column", "sex", "--threshold", 0.3, "--threshold", 0.7, "--progress", "off") == 0
    rounded = np.array([[float("%.6f" % s) for s in row] for row in scores])
    indicator = np.array([[s == "female", s == "male"] for s in sex])
    want = CooccurrenceCounter(LABELS, ["sex=female", "sex=male"], thresholds=(0.3, 0.7)).update(rounded, identities=indicator).table()
    assert logged(tmp_path / "logs") == want


def test_jsonl_soft_identities(tmp_path):
    scores, _, _, probs = data(seed=2)
    labels = [[LABELS[j] for j in np.flatnonzero(row > 0.5)] for row in scores]
    with open(tmp_path / "p.jsonl", "w") as f:
        for row, p in zip(labels, probs):
            f.write(json.dumps({"labels": row, "p_f": p[0], "p_m": p[1]}) + "\n")
    (tmp_path / "labels.txt").write_text("\n".join(LABELS) + "\n")
    assert run(tmp_path / "p.jsonl", "--logdir", tmp_path / "logs", "--name", "g", "--labels-column", "labels",
               "--label-names", tmp_path / "labels.txt", "--identity-prob-columns", "p_f", "p_m", "--progress", "off") == 0
    got = logged(tmp_path / "logs")
    want = CooccurrenceCounter(LABELS, ["p_f", "p_m"], soft_identities=True).update(labels, identities=probs).table()
    assert got.expected_counts
    assert got.label_counts.tolist() == want.label_counts.tolist()
    np.testing.assert_allclose(got.cooccurrence, want.cooccurrence, rtol=1e-12)


def test_npz_arrays_and_identities_among_labels(tmp_path):
    scores, _, _, _ = data(seed=3)
    np.savez(tmp_path / "p.npz", scores=scores, label_names=np.array(LABELS))
    assert run(tmp_path / "p.npz", "--logdir", tmp_path / "logs", "--name", "g",
               "--identity-labels", "man", "woman", "--progress", "off") == 0
    assert logged(tmp_path / "logs") == CooccurrenceCounter(LABELS, ["man", "woman"]).update(scores).table()


def test_npz_with_identity_arrays_and_a_progress_bar(tmp_path, capsys):
    scores, _, _, probs = data(seed=4)
    np.savez(tmp_path / "p.npz", scores=scores, label_names=np.array(LABELS), identities=probs > 0.5,
             identity_names=np.array(["a", "b"]))
    assert run(tmp_path / "p.npz", "--logdir", tmp_path / "logs", "--name", "g", "--progress", "on") == 0
    want = CooccurrenceCounter(LABELS, ["a", "b"]).update(scores, identities=probs > 0.5).table()
    assert logged(tmp_path / "logs") == want
    assert "counting" in capsys.readouterr().err  # tqdm's bar


@pytest.mark.beam
def test_beam_runner_says_an_unwritable_logdir_before_counting(tmp_path, capsys, monkeypatch):
    # Beam writes through its own filesystems, past the in-process writer's one-line error: checked first
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda path, mode: False if str(path) == str(tmp_path) else real_access(path, mode))
    pq.write_table(pa.table({"labels": [["a"]], "sex": ["f"]}), tmp_path / "s.parquet")
    assert run(tmp_path / "s.parquet", "--name", "g", "--labels-column", "labels", "--identity-column", "sex",
               "--logdir", tmp_path / "logs" / "run", "--beam-runner", "DirectRunner", "--progress", "off") == 2
    err = capsys.readouterr().err
    assert "--logdir %s: cannot write there (%s is not writable)" % (tmp_path / "logs" / "run", tmp_path) in err
    assert "Traceback" not in err and not (tmp_path / "logs").exists()


@pytest.mark.beam
def test_beam_runner_counts_the_same(tmp_path):
    scores, sex, age, _ = data(n=150, seed=5)
    labels = [[LABELS[j] for j in np.flatnonzero(row > 0.6)] for row in scores]
    for i in range(2):
        part = slice(i * 75, (i + 1) * 75)
        pq.write_table(pa.table({"labels": labels[part], "sex": sex[part]}), tmp_path / ("s%d.parquet" % i))
    args = [tmp_path / "s*.parquet", "--name", "g", "--labels-column", "labels", "--identity-column", "sex", "--progress", "off"]
    assert run(*args, "--logdir", tmp_path / "a" / "run") == 0
    assert run(*args, "--logdir", tmp_path / "b" / "run", "--beam-runner", "DirectRunner") == 0
    assert logged(tmp_path / "a") == logged(tmp_path / "b")


@pytest.mark.beam
def test_a_beam_run_leaves_no_job_server_directory(tmp_path):
    # Beam 2.77's Prism job server made an empty /tmp/beam-temp* per process and never removed it
    import glob
    import tempfile

    (tmp_path / "p.csv").write_text("labels,sex\na|b,f\nb,m\n")
    pattern = os.path.join(tempfile.gettempdir(), "beam-temp*")
    before = set(glob.glob(pattern))
    # a job server of its own (not one another test of this process started), so that one is made here
    assert run(tmp_path / "p.csv", "--logdir", tmp_path / "logs", "--name", "g", "--labels-column", "labels",
               "--identity-column", "sex", "--progress", "off", "--beam-runner", "DirectRunner",
               "--beam-option=--experiments=disable_prism_server_singleton") == 0
    assert set(glob.glob(pattern)) - before == set()
    assert logged(tmp_path / "logs").num_examples == 2


BAD = [
    # (file name, content writer, extra args, message fragments)
    ("bad.csv", lambda p: p.write_text("score_a,score_b,sex\n0.1,0.2,f\n0.3,oops,m\n"),
     ["--score-prefix", "score_", "--identity-column", "sex"], ["bad.csv", "row 2", "'score_b'", "'oops' is not a number"]),
    ("range.csv", lambda p: p.write_text("score_a,score_b,sex\n0.1,0.2,f\n0.3,0.4,m\n0.5,1.5,m\n"),
     ["--score-prefix", "score_", "--identity-column", "sex"], ["range.csv", "row 3", "'score_b'", "[0, 1]"]),
    ("short.csv", lambda p: p.write_text("score_a,score_b,sex\n0.1,0.2\n"),
     ["--score-prefix", "score_", "--identity-column", "sex"], ["short.csv", "row 1", "2 fields"]),
    # a prefix that is a whole column's name named a label '' ("label_names must not contain an empty name")
    ("prefix.csv", lambda p: p.write_text("id,id_a,id_b,sex\nx,0.1,0.2,f\n"),
     ["--score-prefix", "id", "--identity-column", "sex"], ["prefix.csv", "--score-prefix 'id' is the whole name of "
                                                           "column 'id'", "--score-columns"]),
    ("bad.jsonl", lambda p: p.write_text('{"labels": ["a"], "sex": "f"}\n{"labels": ["a"], "sex": \n'),
     ["--labels-column", "labels", "--identity-column", "sex"], ["bad.jsonl", "row 2", "not valid JSON"]),
    ("missing.jsonl", lambda p: p.write_text('{"labels": ["a"], "sex": "f"}\n{"labels": ["b"]}\n'),
     ["--labels-column", "labels", "--identity-column", "sex"], ["missing.jsonl", "row 2", "'sex'"]),
    ("types.jsonl", lambda p: p.write_text('{"labels": ["a"], "sex": "f"}\n{"labels": [1], "sex": "m"}\n'),
     ["--labels-column", "labels", "--identity-column", "sex"], ["types.jsonl", "row 2", "'labels'", "strings"]),
    ("unknown.parquet", lambda p: pq.write_table(pa.table({"labels": [["a"], ["b", "she"]], "sex": ["f", "m"]}), p),
     ["--labels-column", "labels", "--label-names", "NAMES", "--identity-column", "sex"],
     ["unknown.parquet", "row 2", "'she'", "--unknown-labels ignore"]),
    ("nocol.parquet", lambda p: pq.write_table(pa.table({"labels": [["a"]]}), p),
     ["--labels-column", "labels", "--identity-column", "sex"], ["nocol.parquet", "no column 'sex'"]),
    ("bad.npz", lambda p: p.write_bytes(b"not a zip"), ["--identity-labels", "a"], ["bad.npz", "not a readable"]),
    # NumPy's own message advised loading it with allow_pickle: unpickling a stranger's file runs its code
    ("bad.npy", lambda p: p.write_bytes(b"not numpy at all"), ["--label-names", "NAMES", "--identity-labels", "a"],
     ["bad.npy", "tb-bias never unpickles"]),
    ("objects.npy", lambda p: np.save(p, np.array([{"a": 1}, None], dtype=object), allow_pickle=True),
     ["--label-names", "NAMES", "--identity-labels", "a"], ["objects.npy", "it holds Python objects"]),
    # a torch.save file is a zip archive, which np.load reads as an .npz whatever its name: was an
    # AttributeError ('NpzFile' object has no attribute 'ndim') as .npy, and "'bytes' object ..." as .npz
    ("torch.npy", lambda p: _torch_like_zip(p), ["--label-names", "NAMES", "--identity-labels", "a"],
     ["torch.npy", "not a readable npy file: it is a zip archive", "np.save(path, tensor.numpy())"]),
    ("torch.npz", lambda p: _torch_like_zip(p), ["--identity-labels", "a"],
     ["torch.npz", "its member 'archive/data.pkl' is not a NumPy array"]),
    # an identity is named sex=VALUE, and a route asks for it by that name, of at most 1,000 characters
    ("long.csv", lambda p: p.write_text("labels,sex\nb,m\na,%s\n" % ("f" * 997)),
     ["--labels-column", "labels", "--identity-column", "sex"],
     ["long.csv, row 2, column 'sex': the attribute values make an identity of 1001 characters, over the 1000",
      "'sex=fff"]),
    ("longboth.csv", lambda p: p.write_text("labels,sex,age\nb,m,1\na,%s,%s\n" % ("f" * 500, "9" * 500)),
     ["--labels-column", "labels", "--identity-column", "sex", "--identity-column", "age", "--intersect", "sex,age"],
     ["longboth.csv, row 2: the attribute values make an identity of 1011 characters, over the 1000", "'sex=fff"]),
    # these named no file, row or column
    ("longlabel.csv", lambda p: p.write_text("labels,sex\na,f\nb|%s,m\n" % ("y" * 1001)),
     ["--labels-column", "labels", "--identity-column", "sex"],
     ["longlabel.csv, row 2, column 'labels': a label name is longer than 1000 characters: 'yyyy"]),
    ("nul.jsonl", lambda p: p.write_text('{"labels": ["a"], "sex": "f"}\n{"labels": ["ma\\u0000n"], "sex": "m"}\n'),
     ["--labels-column", "labels", "--identity-column", "sex"],
     ["nul.jsonl, row 2, column 'labels': a label name holds a NUL character: 'ma\\x00n'"]),
    ("nulsex.jsonl", lambda p: p.write_text('{"labels": ["a"], "sex": "f"}\n{"labels": ["b"], "sex": "m\\u0000"}\n'),
     ["--labels-column", "labels", "--identity-column", "sex"],
     ["nulsex.jsonl, row 2, column 'sex': the identity it names holds a NUL character: 'sex=m\\x00'"]),
    ("names.csv", lambda p: (p.write_text("labels,sex\na,f\n"), (p.parent / "names.txt").write_text("a\n\nb\x00\n")),
     ["--labels-column", "labels", "--label-names", "NAMES", "--identity-column", "sex"],
     ["names.txt, line 3: a name holds a NUL character: 'b\\x00'"]),
    # was "no label names found in column 'labels'"
    ("header.csv", lambda p: p.write_text("labels,sex\n"), ["--labels-column", "labels", "--identity-column", "sex"],
     ["no rows in", "header.csv"]),
    # was "got np.float64(1.0)"
    ("floats.parquet", lambda p: pq.write_table(pa.table({"labels": [1.0, 0.0], "sex": ["f", "m"]}), p),
     ["--labels-column", "labels", "--identity-column", "sex"],
     ["floats.parquet, row 1, column 'labels': expected a list of label names, got 1.0 ("]),
]


def _torch_like_zip(path):
    """A zip archive laid out as torch.save writes one (without needing torch here)."""
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("archive/data.pkl", b"\x80\x02}q\x00.")
        archive.writestr("archive/version", b"3\n")


@pytest.mark.parametrize("name,write,extra,fragments", BAD, ids=[b[0] for b in BAD])
def test_bad_files_name_file_row_column_and_write_nothing(tmp_path, capsys, name, write, extra, fragments):
    (tmp_path / "names.txt").write_text("a\nb\n")
    write(tmp_path / name)
    extra = [str(tmp_path / "names.txt") if e == "NAMES" else e for e in extra]
    status = run(tmp_path / name, "--logdir", tmp_path / "logs", "--name", "g", "--progress", "off", *extra)
    err = capsys.readouterr().err
    assert status == 2 and "allow_pickle" not in err
    for fragment in fragments:
        assert fragment in err
    assert "nothing was written" in err
    assert not os.path.exists(tmp_path / "logs")


def test_usage_mistakes():
    with pytest.raises(SystemExit):
        main(["log", "x.csv", "--logdir", "l"])  # --name is required
    assert main(["log", "/nonexistent.csv", "--logdir", "l", "--name", "g", "--labels-column", "x", "--identity-labels", "a"]) == 2


@pytest.mark.parametrize("argv", [["--help"], ["log", "--help"]])
def test_help_is_complete(argv):
    out = subprocess.run([sys.executable, "-m", "tb_bias_plugin.cli", *argv], capture_output=True, text=True, check=True).stdout
    assert "usage: tb-bias" in out
    if argv[0] == "log":
        for option in ("--labels-column", "--score-columns", "--scores-column", "--identity-column", "--intersect",
                       "--identity-prob-columns", "--beam-runner", "--progress", "examples:"):
            assert option in out
        assert ".csv.gz, .tsv.gz, .jsonl.gz" in out  # read compressed (docs/large_eval_sets.md)
    else:
        assert "log" in out and "--version" in out


class RemoteFiles:
    """A Beam filesystem, scheme ``tbtest://``, kept in a local directory:
    the CLI must reach remote inputs and logdirs through Beam, as on GCS."""

    @staticmethod
    def install(root):
        from apache_beam.io.filesystem import FileMetadata, MatchResult
        from apache_beam.io.localfilesystem import LocalFileSystem

        class TestFileSystem(LocalFileSystem):
            @classmethod
            def scheme(cls):
                return "tbtest"

            def _local(self, path):
                return os.path.join(root, path[len("tbtest://"):])

            def match(self, patterns, limits=None):
                found = super().match([self._local(p) for p in patterns], limits)
                return [MatchResult(p, [FileMetadata("tbtest://" + os.path.relpath(m.path, root), m.size_in_bytes)
                                        for m in r.metadata_list]) for p, r in zip(patterns, found)]

            def open(self, path, *args, **kwargs):
                return super().open(self._local(path), *args, **kwargs)

            def create(self, path, *args, **kwargs):
                os.makedirs(os.path.dirname(self._local(path)), exist_ok=True)
                return super().create(self._local(path), *args, **kwargs)

        return TestFileSystem


@pytest.fixture
def remote(tmp_path):
    pytest.importorskip("apache_beam")
    root = tmp_path / "bucket"
    root.mkdir()
    system = RemoteFiles.install(str(root))
    yield root
    system.scheme = classmethod(lambda cls: "tbtest-retired")  # out of Beam's lookup for later tests


@pytest.mark.beam
def test_beam_runner_reads_and_writes_remote_paths_by_row_group(tmp_path, remote):
    scores, sex, age, _ = data(n=300, seed=6)
    labels = [[LABELS[j] for j in np.flatnonzero(row > 0.6)] for row in scores]
    for i in range(2):
        part = slice(i * 150, (i + 1) * 150)
        pq.write_table(pa.table({"labels": labels[part], "sex": sex[part], "age": age[part]}),
                       remote / ("s%d.parquet" % i), row_group_size=40)  # four row groups each
    (remote / "names.txt").write_text("\n".join(LABELS) + "\n")
    args = ["--name", "g", "--labels-column", "labels", "--label-names", "tbtest://names.txt",
            "--identity-column", "sex", "--identity-column", "age", "--intersect", "sex,age", "--progress", "off"]
    assert run(remote / "s*.parquet", *args, "--logdir", tmp_path / "local" / "run") == 0
    assert run("tbtest://s*.parquet", *args, "--logdir", "tbtest://logs/run", "--beam-runner", "DirectRunner") == 0
    assert logged(remote / "logs") == logged(tmp_path / "local")


def test_a_logdir_the_writer_cannot_reach_is_an_error_first(tmp_path, remote, capsys, monkeypatch):
    pq.write_table(pa.table({"labels": [["a"]], "sex": ["f"]}), tmp_path / "p.parquet")
    monkeypatch.chdir(tmp_path)
    status = run(tmp_path / "p.parquet", "--logdir", "tbtest://logs", "--name", "g", "--labels-column", "labels",
                 "--identity-column", "sex", "--progress", "off")
    assert status == 2
    assert "--beam-runner" in capsys.readouterr().err  # the way that can write there
    assert sorted(os.listdir(tmp_path)) == ["bucket", "p.parquet"]  # no local 'tbtest:' directory
    assert os.listdir(remote) == []


def test_a_logdir_whose_fsspec_package_is_missing_is_an_error_naming_it_first(tmp_path, capsys, monkeypatch):
    """gs:// without gcsfs, s3:// without s3fs: fsspec's ImportError was a traceback (exit 1)."""
    import sys

    import fsspec  # noqa: F401 - TensorBoard's file layer reaches fsspec's registry

    registry = sys.modules["fsspec.registry"]  # the module (fsspec.registry is its registry's mapping)
    monkeypatch.setitem(registry.known_implementations, "tbmissing",
                        {"class": "tb_no_such_package.FileSystem", "err": "Please install tb_no_such_package"})
    (tmp_path / "p.csv").write_text("labels,sex\na,f\n")
    status = run(tmp_path / "p.csv", "--logdir", "tbmissing://bucket/logs", "--name", "g", "--labels-column",
                 "labels", "--identity-column", "sex", "--progress", "off")
    err = capsys.readouterr().err
    assert status == 2 and "Traceback" not in err
    assert err == ("tb-bias log: error: --logdir tbmissing://bucket/logs: TensorBoard's file layer cannot write "
                   "tbmissing paths in this environment; pip install tb_no_such_package, the package of fsspec's "
                   "filesystem for it (Please install tb_no_such_package), or count with --beam-runner, which "
                   "writes through Beam's filesystems (nothing was written)\n")


def _boto3_installed():
    import importlib.util

    return importlib.util.find_spec("boto3") is not None


@pytest.mark.parametrize("scheme", [
    pytest.param("s3", marks=pytest.mark.skipif(_boto3_installed(), reason="boto3 is installed")),
    "tbtest",  # a Beam filesystem whose client library, by BEAM_NEEDS, is missing
])
def test_a_beam_logdir_whose_client_library_is_missing_is_refused_before_counting(tmp_path, remote, capsys,
                                                                                  monkeypatch, scheme):
    """s3:// without boto3 passed the check (Beam registers its filesystem anyway), counted everything, then
    failed in Beam's traceback ("Missing boto3 requirement [while running 'Write/Write']"), exit 1."""
    from tb_bias_plugin.prediction_files import paths, readers

    if scheme == "tbtest":
        monkeypatch.setitem(paths.BEAM_NEEDS, "tbtest", ("tb_no_such_package.client", "tbtest"))
    counted, read = [], readers.read
    monkeypatch.setattr(readers, "read", lambda *a, **k: counted.append(a) or read(*a, **k))
    (tmp_path / "p.csv").write_text("labels,sex\na,f\n")
    status = run(tmp_path / "p.csv", "--logdir", scheme + "://bucket/logs", "--name", "g", "--labels-column",
                 "labels", "--identity-column", "sex", "--progress", "off", "--beam-runner", "DirectRunner")
    err = capsys.readouterr().err
    module = "boto3" if scheme == "s3" else "tb_no_such_package.client"
    assert status == 2 and counted == []  # said before any file is read
    assert err.endswith("tb-bias log: error: %s://bucket/logs: Apache Beam reaches %s:// paths through %s, which "
                        "is not installed: pip install \"apache-beam[%s]\" (nothing was written)\n"
                        % (scheme, scheme, module, "aws" if scheme == "s3" else "tbtest"))
    assert os.listdir(remote) == []


@pytest.mark.beam
def test_beam_runner_errors_name_the_row_and_write_nothing(tmp_path, capsys):
    pytest.importorskip("apache_beam")
    (tmp_path / "names.txt").write_text("a\nb\n")
    pq.write_table(pa.table({"labels": [["a"], ["b"], ["b", "she"]], "sex": ["f", "m", "f"]}), tmp_path / "u.parquet")
    (tmp_path / "empty.csv").write_text("labels,sex\n")
    common = ["--name", "g", "--labels-column", "labels", "--label-names", tmp_path / "names.txt",
              "--identity-labels", "a", "--progress", "off", "--beam-runner", "DirectRunner", "--logdir", tmp_path / "logs"]
    assert run(tmp_path / "u.parquet", *common) == 2
    err = capsys.readouterr().err
    assert "u.parquet, row 3, column 'labels': 'she' is not a known label name" in err
    assert run(tmp_path / "empty.csv", *common) == 2
    assert "no rows in" in capsys.readouterr().err
    assert not os.path.exists(tmp_path / "logs")


def test_attribute_columns_with_gaps_keep_their_values(tmp_path):
    # Arrow hands an integer column with a null to NumPy as floats
    pq.write_table(pa.table({"labels": [["a"], ["b"], ["a", "b"], ["a"]],
                             "age": pa.array([30, None, 60, 30], pa.int64()),
                             "score": pa.array([1.0, 2.5, None, 2.5])}), tmp_path / "p.parquet")
    assert run(tmp_path / "p.parquet", "--logdir", tmp_path / "logs", "--name", "g", "--labels-column", "labels",
               "--identity-column", "age", "--identity-column", "score", "--progress", "off") == 0
    table = logged(tmp_path / "logs")
    assert list(table.identity_names) == ["age=30", "age=60", "score=1", "score=2.5"]
    indicator = np.array([[1, 0, 1, 0], [0, 0, 0, 1], [0, 1, 0, 0], [1, 0, 0, 1]], bool)
    want = CooccurrenceCounter(["a", "b"], table.identity_names).update(
        [["a"], ["b"], ["a", "b"], ["a"]], identities=indicator).table()
    assert table == want


def test_npz_identity_probabilities_count_as_expected_counts(tmp_path):
    scores, _, _, probs = data(seed=7)
    np.savez(tmp_path / "p.npz", scores=scores, label_names=np.array(LABELS), identities=probs,
             identity_names=np.array(["a", "b"]))
    assert run(tmp_path / "p.npz", "--logdir", tmp_path / "logs", "--name", "g", "--progress", "off") == 0
    want = CooccurrenceCounter(LABELS, ["a", "b"], soft_identities=True).update(scores, identities=probs).table()
    assert logged(tmp_path / "logs") == want


def test_progress_counts_bytes_across_mixed_formats(tmp_path):
    from tb_bias_plugin.measures.association import cli as log

    pq.write_table(pa.table({"labels": [["a"], ["b"]] * 50, "sex": ["f", "m"] * 50}), tmp_path / "p.parquet")
    with open(tmp_path / "p.jsonl", "w") as f:
        for _ in range(30):
            f.write(json.dumps({"labels": ["a"], "sex": "f"}) + "\n")
    bars = []

    class Bar:
        def __init__(self, desc, total=None, unit=None):
            self.desc, self.total, self.unit, self.n, self.format_dict = desc, total, unit, 0, {}
            bars.append(self)

        def update(self, n):
            self.n += n

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

    args = parser().parse_args(
        ["log", str(tmp_path / "p.parquet"), str(tmp_path / "p.jsonl"), "--logdir", "unused", "--name", "g",
         "--labels-column", "labels", "--identity-column", "sex"])
    job = log.Job(args)
    job.discover(Bar)
    counter, stats = log.count(job, Bar)
    size = os.path.getsize(tmp_path / "p.parquet") + os.path.getsize(tmp_path / "p.jsonl")
    assert [(b.desc, b.unit, b.total) for b in bars] == [("scanning names", "B", size), ("counting", "B", size)]
    assert all(abs(b.n - size) <= 2 for b in bars)  # the Parquet file's share is rounded per batch
    assert counter.num_examples == 130


@pytest.mark.parametrize("extra,fragment", [
    (["--identity-labels", "nobody"], "--identity-labels: 'nobody' is not among the label names"),
    (["--identity-labels", "a", "--threshold", "1.5"], "--threshold: threshold 1.5 is outside [0, 1]"),
    (["--identity-labels", "a", "--threshold", "0.5", "--threshold", "0.5"], "--threshold: thresholds must be unique"),
    # the counter's rule, before any file is read: thresholds closer than 1e-9 are one
    (["--identity-labels", "a", "--threshold", "0.5", "--threshold", "0.5000000000001"], "thresholds must be unique"),
    (["--identity-column", "sex", "--identity-column", "sex", "--intersect", "sex,sex"], "different --identity-column"),
    (["--identity-labels", "a", "--format", "parquet"], "not a readable Parquet file"),
])
def test_option_mistakes_are_errors_that_write_nothing(tmp_path, capsys, extra, fragment):
    (tmp_path / "p.csv").write_text("labels,sex\na|b,f\nb,m\n")
    assert run(tmp_path / "p.csv", "--logdir", tmp_path / "logs", "--name", "g", "--labels-column", "labels",
               "--progress", "off", *extra) == 2
    assert fragment in capsys.readouterr().err
    assert not os.path.exists(tmp_path / "logs")


@pytest.mark.parametrize("extra", [["--score-prefix", "s_", "--identity-labels", "a"],
                                   ["--score-columns", "a", "b", "--identity-labels", "a"],
                                   ["--labels-column", "l", "--identity-column", "sex"]])
@pytest.mark.parametrize("name", ["none.csv", "none.parquet", "none.jsonl", "none*.csv"])
def test_missing_files_are_named(tmp_path, capsys, name, extra):
    assert run(tmp_path / name, "--logdir", tmp_path / "logs", "--name", "g", "--progress", "off", *extra) == 2
    err = capsys.readouterr().err
    assert name in err and ("no such file" in err or "no file matches" in err)


def test_duplicate_score_columns_are_an_option_error(tmp_path, capsys):
    (tmp_path / "p.csv").write_text("a,b\n0.1,0.9\n")
    assert run(tmp_path / "p.csv", "--logdir", tmp_path / "logs", "--name", "g", "--score-columns", "a", "a",
               "--identity-labels", "a", "--progress", "off") == 2
    assert "--score-columns: 'a' is given twice" in capsys.readouterr().err


def test_json_lines_errors_give_the_line_past_blank_lines(tmp_path, capsys):
    (tmp_path / "p.jsonl").write_text('{"labels": ["a"], "sex": "f"}\n\n{"labels": ["a"]}\n')
    assert run(tmp_path / "p.jsonl", "--logdir", tmp_path / "logs", "--name", "g", "--labels-column", "labels",
               "--identity-column", "sex", "--progress", "off") == 2
    assert "p.jsonl, row 2 (line 3), column 'sex': no such field" in capsys.readouterr().err


def test_arrow_columns_count_as_their_python_values(tmp_path):
    # Label lists with repeats, unknown names and null rows; attributes as
    # dictionary, boolean and nullable columns: read whole by Arrow, counted
    # as the same values read row by row.
    rng = np.random.default_rng(8)
    vocabulary = LABELS + ["unlisted", "other"]
    labels = [None if rng.random() < 0.05 else list(rng.choice(vocabulary, rng.integers(0, 6))) for _ in range(500)]
    sex = [None if rng.random() < 0.1 else str(rng.choice(["f", "m", ""])) for _ in range(500)]
    adult = [bool(b) for b in rng.random(500) < 0.5]
    pq.write_table(pa.table({
        "labels": pa.array(labels, pa.list_(pa.string())),
        "sex": pa.array(sex).dictionary_encode(),
        "adult": pa.array(adult),
    }), tmp_path / "p.parquet", row_group_size=128)
    (tmp_path / "names.txt").write_text("\n".join(LABELS) + "\n")
    assert run(tmp_path / "p.parquet", "--logdir", tmp_path / "logs", "--name", "g", "--labels-column", "labels",
               "--label-names", tmp_path / "names.txt", "--unknown-labels", "ignore", "--identity-column", "sex",
               "--identity-column", "adult", "--intersect", "sex,adult", "--batch-size", 100, "--progress", "off") == 0
    names, indicator = attribute_identities({"sex": [s or None for s in sex], "adult": [str(a) for a in adult]},
                                            [("sex", "adult")])
    rows = [row or [] for row in labels]
    want = CooccurrenceCounter(LABELS, names, unknown_labels="ignore").update(rows, identities=indicator).table()
    assert logged(tmp_path / "logs") == want


def test_decisions_and_float32_scores_count_as_the_api_counts_them(tmp_path):
    # bool and 0/1 predictions are decisions at every threshold (even 1), and
    # float32 scores are compared in float32, as CooccurrenceCounter does
    decisions = np.array([[1, 0], [1, 1], [1, 0]], bool)
    members = np.array([[1, 0], [0, 1], [1, 0]], bool)
    np.savez(tmp_path / "a.npz", scores=decisions, identities=members, label_names=np.array(["a", "b"]),
             identity_names=np.array(["x", "y"]))
    assert run(tmp_path / "a.npz", "--logdir", tmp_path / "l1", "--name", "g", "--threshold", 1, "--progress", "off") == 0
    want = CooccurrenceCounter(["a", "b"], ["x", "y"], thresholds=(1,)).update(decisions, identities=members).table()
    assert logged(tmp_path / "l1") == want and want.label_counts.tolist() == [[3, 1]]
    close = np.array([0.3, 0.6, 0.2], np.float32)  # 0.3 in float32 is above 0.3 in float64
    pq.write_table(pa.table({"a": close, "sex": ["f", "m", "f"]}), tmp_path / "f.parquet")
    assert run(tmp_path / "f.parquet", "--logdir", tmp_path / "l2", "--name", "g", "--score-columns", "a",
               "--identity-column", "sex", "--threshold", 0.3, "--progress", "off") == 0
    want = CooccurrenceCounter(["a"], ["sex=f", "sex=m"], thresholds=(0.3,)).update(
        close[:, None], identities=np.array([[1, 0], [0, 1], [1, 0]], bool)).table()
    assert logged(tmp_path / "l2") == want


def test_json_lines_booleans_are_scores_as_parquet_booleans_are(tmp_path):
    """JSON true/false in a score column was refused ("True is not a number"), Parquet's bool column counted as
    decisions: one rule now, a column of booleans is decisions, a boolean among numbers is 1 or 0."""
    a, b, sex = [True, False, True, True], [False, True, False, True], ["f", "m", "f", "m"]
    pq.write_table(pa.table({"a": a, "b": b, "sex": sex}), tmp_path / "p.parquet")
    with open(tmp_path / "p.jsonl", "w") as f:
        f.writelines(json.dumps({"a": x, "b": y, "sex": s}) + "\n" for x, y, s in zip(a, b, sex))
    with open(tmp_path / "mixed.jsonl", "w") as f:  # Arrow refuses a column of both: Python's json reads it
        f.writelines(json.dumps({"a": x if i % 2 else int(x), "b": y, "sex": s}) + "\n"
                     for i, (x, y, s) in enumerate(zip(a, b, sex)))
    for name in ("p.parquet", "p.jsonl", "mixed.jsonl"):
        assert run(tmp_path / name, "--logdir", tmp_path / name.replace(".", "_"), "--name", "g", "--score-columns",
                   "a", "b", "--identity-column", "sex", "--progress", "off") == 0
    want = CooccurrenceCounter(["a", "b"], ["sex=f", "sex=m"]).update(
        np.stack([a, b], axis=1), identities=np.array([[1, 0], [0, 1], [1, 0], [0, 1]], bool)).table()
    for name in ("p_parquet", "p_jsonl", "mixed_jsonl"):
        assert logged(tmp_path / name) == want


def test_csv_true_and_false_scores_are_refused_saying_to_write_1_or_0(tmp_path, capsys):
    # pandas' to_csv of a bool column writes True/False: text a CSV reader cannot tell from a name
    (tmp_path / "p.csv").write_text("a,sex\nTrue,f\nFalse,m\n")
    assert run(tmp_path / "p.csv", "--logdir", tmp_path / "logs", "--name", "g", "--score-columns", "a",
               "--identity-column", "sex", "--progress", "off") == 2
    assert ("row 1, column 'a': 'True' is not a number; CSV holds text: write 1 or 0 (typed booleans are read "
            "from Parquet and JSON Lines)") in capsys.readouterr().err


def test_npz_files_must_name_their_columns_alike(tmp_path, capsys):
    scores = np.array([[0.9, 0.1]])
    np.savez(tmp_path / "a.npz", scores=scores, label_names=np.array(["a", "b"]))
    np.savez(tmp_path / "b.npz", scores=scores[:, ::-1], label_names=np.array(["b", "a"]))
    assert run(tmp_path / "a.npz", tmp_path / "b.npz", "--logdir", tmp_path / "logs", "--name", "g",
               "--identity-labels", "a", "--progress", "off") == 2
    assert "b.npz: its 'label_names' differ from those of" in capsys.readouterr().err


def test_more_mistakes_are_errors_before_reading(tmp_path, capsys):
    (tmp_path / "p.csv").write_text("labels,sex\na|b,f\n")
    (tmp_path / "afile").write_text("")
    common = [tmp_path / "p.csv", "--name", "g", "--labels-column", "labels", "--progress", "off"]
    cases = [
        (["--logdir", tmp_path / "afile", "--identity-column", "sex"], "is a file, not a directory"),
        (["--logdir", tmp_path / "afile" / "sub", "--identity-column", "sex"], "is a file, not a directory"),
        (["--logdir", tmp_path / "l", "--identity-column", "sex", "--separator", ""], "--separator must not be empty"),
        (["--logdir", tmp_path / "l", "--identity-column", "x=y"], "ambiguous identity names"),
    ]
    if __import__("importlib").util.find_spec("apache_beam"):
        cases.append((["--logdir", tmp_path / "l", "--identity-column", "sex", "--beam-runner", "NoSuchRunner"],
                      "--beam-runner NoSuchRunner: Unexpected pipeline runner"))
    for extra, fragment in cases:
        assert run(*common, *extra) == 2, extra
        assert fragment in capsys.readouterr().err
    assert sorted(os.listdir(tmp_path)) == ["afile", "p.csv"]


@pytest.mark.parametrize("measure, columns", [
    ("association", ["--labels-column", "labels", "--identity-labels", "a"]),
    ("discrepancy", ["--pool-a-columns", "a1", "a2", "--pool-b-columns", "b1", "b2"]),
    ("sensitivity", ["--p-column", "P"]),
])
@pytest.mark.parametrize("flags, fragment", [
    (["--name", ""], "--name: name must be a non-empty string"),
    (["--name", "g", "--step", "99999999999999999999"], "--step: step 99999999999999999999 does not fit in 64 bits"),
])
def test_a_bad_name_or_step_is_said_before_any_file_is_read(tmp_path, capsys, measure, columns, flags, fragment):
    # the input has none of the columns asked for: an error about it would mean it was read first (the name
    # was once checked only after every file had been counted, and its ValueError ended in a traceback)
    (tmp_path / "p.csv").write_text("other\n1\n")
    assert run(tmp_path / "p.csv", "--measure", measure, "--logdir", tmp_path / "logs", *flags, *columns,
               "--progress", "off") == 2
    err = capsys.readouterr().err
    assert fragment in err and "Traceback" not in err and "p.csv" not in err
    assert not os.path.exists(tmp_path / "logs")


@pytest.mark.parametrize("measure, columns", [
    ("association", ["--labels-column", "labels", "--identity-labels", "a"]),
    ("discrepancy", ["--pool-a-columns", "a1", "a2", "--pool-b-columns", "b1", "b2"]),
    ("sensitivity", ["--p-column", "P"]),
])
def test_a_logdir_that_cannot_be_written_is_one_line_not_a_traceback(tmp_path, capsys, monkeypatch, measure, columns):
    from tb_bias_plugin.writing import tb_files

    def refuse(path):  # what a read-only parent gives (tests run as root, where chmod would not)
        raise PermissionError(13, "Permission denied", path)

    monkeypatch.setattr(tb_files, "makedirs", refuse)
    (tmp_path / "p.csv").write_text("labels,a1,a2,b1,b2,P\na,0.1,0.2,0.3,0.4,0.5\nb,0.5,0.6,0.7,0.8,0.1\n")
    assert run(tmp_path / "p.csv", "--measure", measure, "--logdir", tmp_path / "logs", "--name", "g", *columns,
               "--progress", "off") == 2
    err = capsys.readouterr().err
    assert "--logdir %s: cannot write there (Permission denied)" % (tmp_path / "logs") in err
    assert "Traceback" not in err and not (tmp_path / "logs").exists()


def test_a_parquet_file_that_breaks_while_read_is_a_data_error(tmp_path, capsys):
    labels = [["label %d" % (i % 97)] for i in range(20_000)]
    pq.write_table(pa.table({"labels": labels, "sex": ["f"] * 20_000}), tmp_path / "p.parquet",
                   compression="none", use_dictionary=False)
    data = bytearray((tmp_path / "p.parquet").read_bytes())
    middle = len(data) // 2
    data[middle : middle + 200] = b"\xab" * 200  # within the data; the footer stays readable
    (tmp_path / "p.parquet").write_bytes(bytes(data))
    assert run(tmp_path / "p.parquet", "--logdir", tmp_path / "logs", "--name", "g", "--labels-column", "labels",
               "--identity-column", "sex", "--progress", "off") == 2
    assert "p.parquet, rows from 1: cannot read" in capsys.readouterr().err  # the only batch
    assert not os.path.exists(tmp_path / "logs")


def test_csv_cells_split_by_arrow_count_as_python_splits_them(tmp_path):
    # Arrow splits and strips ASCII cells; a column with other text is split
    # by Python. Either way: names stripped, empty ones dropped, repeats once.
    cells = ["a| b |", "", " b ||a|a", "c\x1c|a", "é | a", "b"]
    sex = ["f", "m", "f", "", "m", "f"]
    for name, rows in (("ascii.csv", cells[:4] + cells[5:]), ("unicode.csv", cells)):
        (tmp_path / name).write_text("labels,sex\n" + "".join('"%s",%s\n' % (c, s) for c, s in zip(rows, sex)),
                                     encoding="utf-8")
        assert run(tmp_path / name, "--logdir", tmp_path / ("logs_" + name), "--name", "g", "--labels-column", "labels",
                   "--identity-column", "sex", "--progress", "off") == 0
        lists = [[n for n in (p.strip() for p in c.split("|")) if n] for c in rows]
        names, indicator = attribute_identities({"sex": sex[: len(rows)]})
        want = CooccurrenceCounter(sorted({n for row in lists for n in row}), names).update(
            lists, identities=indicator).table()
        assert logged(tmp_path / ("logs_" + name)) == want


@pytest.mark.parametrize("cell, shown", [
    ('"[\'man\', \'nurse\']"', "\"['man', 'nurse']\""),  # pandas' to_csv of a column of lists
    ('"[""woman""]"', "'[\"woman\"]'"),  # JSON
    ("[]", "'[]'"),
    ('" [ ] "', "' [ ] '"),
    ('"[1, 2]"', "'[1, 2]'"),  # pandas' to_csv of a column of class-index lists
    ("[-3.5]", "'[-3.5]'"),
])
@pytest.mark.parametrize("names", [[], ["--label-names", "names.txt"]], ids=["found", "given"])
def test_csv_label_cells_that_look_like_lists_are_an_error_naming_the_row(tmp_path, capsys, cell, shown, names):
    """Such a cell was counted as one label name, "['man', 'nurse']" itself (or, with --label-names and
    --unknown-labels ignore, as no label)."""
    (tmp_path / "names.txt").write_text("man\nnurse\nwoman\n")
    (tmp_path / "p.csv").write_text("labels,sex\nman|nurse,f\n%s,m\n" % cell)
    extra = [tmp_path / n if n == "names.txt" else n for n in names]
    assert run(tmp_path / "p.csv", "--logdir", tmp_path / "logs", "--name", "g", "--labels-column", "labels",
               "--identity-column", "sex", "--progress", "off", *extra,
               *(["--unknown-labels", "ignore"] if names else [])) == 2
    assert ("%s, row 2, column 'labels': %s looks like a list (pandas' to_csv of a list column, or JSON): write "
            "the names joined by '|' (--separator), or use Parquet or JSON Lines" % (tmp_path / "p.csv", shown)
            in capsys.readouterr().err)
    assert not (tmp_path / "logs").exists()


def test_csv_label_cells_in_brackets_that_are_no_list_are_names(tmp_path):
    (tmp_path / "p.csv").write_text("labels,sex\n[unk]|man,f\n[a|b],m\n\"[man, 'x']\",f\n")
    assert run(tmp_path / "p.csv", "--logdir", tmp_path / "logs", "--name", "g", "--labels-column", "labels",
               "--identity-column", "sex", "--progress", "off") == 0
    assert logged(tmp_path / "logs").label_names == ("[a", "[man, 'x']", "[unk]", "b]", "man")


def test_csv_blank_lines_are_not_rows(tmp_path, capsys):
    (tmp_path / "p.csv").write_text("labels,sex\na,f\n\nb,m\n\n")
    assert run(tmp_path / "p.csv", "--logdir", tmp_path / "logs", "--name", "g", "--labels-column", "labels",
               "--identity-column", "sex", "--progress", "off") == 0
    assert logged(tmp_path / "logs").num_examples == 2
    (tmp_path / "bad.csv").write_text("labels,sex\na,f\n\nb\n")  # Arrow refuses; Python names the data row
    assert run(tmp_path / "bad.csv", "--logdir", tmp_path / "logs2", "--name", "g", "--labels-column", "labels",
               "--identity-column", "sex", "--progress", "off") == 2
    assert "bad.csv, row 2: 1 fields, the header has 2" in capsys.readouterr().err


def test_json_lines_arrow_cannot_type_count_as_python_reads_them(tmp_path):
    # mixed types in a column, nulls and missing-looking values: read by
    # Python's json module for those lines, counted the same
    records = [{"labels": ["a", "b"], "sex": "f", "age": 30}, {"labels": None, "sex": 1, "age": 30.0},
               {"labels": ["b", "b"], "sex": None, "age": 2**60 + 1}, {"labels": [], "sex": "", "age": "old"}]
    with open(tmp_path / "p.jsonl", "w") as f:
        for i in range(40):
            f.write(json.dumps(records[i % 4] if i < 36 else records[0]) + "\n")
    assert run(tmp_path / "p.jsonl", "--logdir", tmp_path / "logs", "--name", "g", "--labels-column", "labels",
               "--identity-column", "sex", "--identity-column", "age", "--batch-size", 8, "--progress", "off") == 0
    rows = [records[i % 4] if i < 36 else records[0] for i in range(40)]
    ages = [30 if r["age"] == 30.0 else r["age"] for r in rows]  # a whole float names the integer's group
    names, indicator = attribute_identities({"sex": [r["sex"] for r in rows], "age": ages})
    assert "age=1152921504606846977" in names  # an integer Arrow would have made a float
    want = CooccurrenceCounter(["a", "b"], names).update([r["labels"] or [] for r in rows], identities=indicator).table()
    assert logged(tmp_path / "logs") == want


def test_progress_counts_every_byte_of_csv_files(tmp_path):
    from tb_bias_plugin.measures.association import cli as log
    from tb_bias_plugin.prediction_files import readers

    (tmp_path / "p.csv").write_text("labels,sex\n" + "a|b,f\nb,m\n" * 5000)
    args = parser().parse_args(
        ["log", str(tmp_path / "p.csv"), "--logdir", "unused", "--name", "g", "--labels-column", "labels",
         "--identity-column", "sex", "--batch-size", "999"])

    class Bar:
        n = 0

        def update(self, n):
            self.n += n

    job, bar = log.Job(args), Bar()
    batches = list(job.batches(bar))
    assert bar.n == os.path.getsize(tmp_path / "p.csv") and job.unit == "B"
    assert [first for _, first, _ in batches] == list(range(1, 10_001, 999))
    assert readers.progress_unit(["csv"]) == "B"


def test_remote_csv_and_json_lines_are_read_through_beam_filesystems(tmp_path, remote):
    (remote / "p.csv").write_text("labels,sex\n" + "a|b,f\nb,m\n" * 50)
    with open(remote / "p.jsonl", "w") as f:
        for _ in range(50):
            f.write(json.dumps({"labels": ["a", "b"], "sex": "f"}) + "\n" + json.dumps({"labels": ["b"], "sex": "m"}) + "\n")
    for name in ("p.csv", "p.jsonl"):
        common = ["--name", "g", "--labels-column", "labels", "--identity-column", "sex", "--progress", "off"]
        assert run(remote / name, *common, "--logdir", tmp_path / ("local_" + name)) == 0
        assert run("tbtest://" + name, *common, "--logdir", tmp_path / ("remote_" + name)) == 0
        table = logged(tmp_path / ("remote_" + name))
        assert table == logged(tmp_path / ("local_" + name)) and table.num_examples == 100


@pytest.mark.parametrize("name, content, fmt, fragment", [
    ("empty.csv", b"", None, "empty.csv is empty: no header row"),
    ("blank.jsonl", b"\n\n", None, "blank.jsonl holds no record"),
    ("open.csv", b"score_a,score_b\n0.5,\"0.3\n", None, "open.csv, row 1: a quoted value is never closed (unexpected end"),
    ("open2.csv", b"score_a,score_b\n0.5,0.1\n\"0.2,0.3\n", None, "open2.csv, row 2"),
    ("x.parquet", None, "csv", "x.parquet is a Parquet file, not csv: pass --format parquet"),
])
def test_empty_unclosed_and_mislabelled_files_say_what_they_are(tmp_path, capsys, name, content, fmt, fragment):
    path = tmp_path / name
    if content is None:
        pq.write_table(pa.table({"score_a": [0.1, 0.9]}), path)
    else:
        path.write_bytes(content)
    extra = ["--format", fmt] if fmt else []
    assert run(path, "--logdir", tmp_path / "logs", "--name", "t", "--score-prefix", "score_",
               "--identity-labels", "a", "--progress", "off", *extra) == 2
    assert fragment in capsys.readouterr().err
    assert not (tmp_path / "logs").exists()


def test_id_text_and_uri_columns_keep_the_sample_the_api_keeps(tmp_path):
    scores, sex, _, _ = data(n=300, seed=8)
    labels = [[LABELS[j] for j in np.flatnonzero(row > 0.6)] for row in scores]
    ids = ["img-%d" % i for i in range(300)]
    text = ["a photo %d" % i if i % 5 else None for i in range(300)]
    uris = ["https://example.org/%d.jpg" % i for i in range(300)]
    pq.write_table(pa.table({"labels": labels, "sex": sex, "id": ids, "caption": text, "link": uris}),
                   tmp_path / "p.parquet", row_group_size=70)
    args = [tmp_path / "p.parquet", "--name", "g", "--labels-column", "labels", "--identity-column", "sex",
            "--id-column", "id", "--text-column", "caption", "--uri-column", "link", "--examples-per-cell", 3,
            "--batch-size", 64, "--progress", "off"]
    assert run(*args, "--logdir", tmp_path / "a" / "run") == 0
    assert run(*args, "--logdir", tmp_path / "b" / "run", "--beam-runner", "DirectRunner") == 0
    names, indicator = attribute_identities({"sex": sex}, [])
    want = CooccurrenceCounter(sorted({y for row in labels for y in row}), names, examples_per_cell=3).update(
        labels, identities=indicator, example_ids=ids, example_text=text, example_uris=uris).table()
    assert logged(tmp_path / "a") == want and want.examples.ids
    assert logged(tmp_path / "b") == want


def test_integer_ids_from_csv_and_example_option_mistakes(tmp_path, capsys):
    (tmp_path / "p.csv").write_text("id,score_a,score_b\n7,0.9,0.1\n8,0.8,0.7\n")
    assert run(tmp_path / "p.csv", "--logdir", tmp_path / "logs" / "r", "--name", "g", "--score-prefix", "score_",
               "--identity-labels", "a", "--id-column", "id", "--progress", "off") == 0
    assert sorted(logged(tmp_path / "logs").examples.ids) == ["7", "8"]
    for extra, fragment in ((["--text-column", "id"], "need --id-column"),
                            (["--id-column", "id", "--examples-per-cell", "0"], "--examples-per-cell must be positive"),
                            # once accepted, keeping nothing
                            (["--examples-per-cell", "3"], "--examples-per-cell needs --id-column"),
                            (["--id-column", "nope"], "'nope'")):
        status = run(tmp_path / "p.csv", "--logdir", tmp_path / "x", "--name", "g", "--score-prefix", "score_",
                     "--identity-labels", "a", "--progress", "off", *extra)
        assert status == 2 and fragment in capsys.readouterr().err
        assert not os.path.exists(tmp_path / "x")


def test_the_per_cell_sample_is_an_association_option(tmp_path, capsys):
    # --id-column names the examples of every measure; only association tables keep a sample per cell
    (tmp_path / "p.csv").write_text("id,m1,m2\n1,0.5,0.4\n")
    status = run(tmp_path / "p.csv", "--measure", "discrepancy", "--logdir", tmp_path / "x", "--name", "g",
                 "--pool-a-columns", "m1", "--pool-b-columns", "m2", "--id-column", "id", "--examples-per-cell", 3,
                 "--progress", "off")
    assert status == 2 and "--examples-per-cell is not an option of --measure discrepancy" in capsys.readouterr().err
    # a value of 0 is given too (it once compared equal to the False of a flag not given)
    status = run(tmp_path / "p.csv", "--measure", "discrepancy", "--logdir", tmp_path / "x", "--name", "g",
                 "--pool-a-columns", "m1", "--pool-b-columns", "m2", "--examples-per-cell", 0, "--progress", "off")
    assert status == 2 and "--examples-per-cell is not an option of --measure discrepancy" in capsys.readouterr().err


def test_a_float_attribute_names_its_groups_alike_in_files_and_the_api(tmp_path):
    # the API named them "f=0.0" and NaN a group "f=nan"; Parquet "f=0" with NaN missing
    values = [0.0, 1.0, float("nan"), 2.5] * 5
    labels = [["a"], ["b"], ["a", "b"], []] * 5
    pq.write_table(pa.table({"labels": labels, "f": values}), tmp_path / "p.parquet")
    assert run(tmp_path / "p.parquet", "--logdir", tmp_path / "logs", "--name", "g", "--labels-column", "labels",
               "--identity-column", "f", "--progress", "off") == 0
    names, indicator = attribute_identities({"f": np.array(values)})
    assert names == ("f=0", "f=1", "f=2.5") and not indicator[2].any()
    want = CooccurrenceCounter(["a", "b"], names).update(labels, identities=indicator).table()
    assert logged(tmp_path / "logs") == want
    with pytest.raises(ValueError, match=r"attribute 'f': an attribute must be a single value, got \[1\]"):
        attribute_identities({"f": [[1]]})
    # bytes, as a TensorFlow string tensor gives them, are their text; None is missing
    assert attribute_identities({"s": np.array([b"f", b"m"])})[0] == ("s=f", "s=m")
    assert attribute_identities({"s": ["f", None, "m"]})[1].sum(axis=1).tolist() == [1, 0, 1]


def test_a_one_column_csv_writes_an_empty_row_as_quotes(tmp_path):
    # a blank line is not a row (as for pandas and Python's csv module), even in a file of one column
    (tmp_path / "p.csv").write_text('labels\nman|nurse\n""\nwoman\n\nman\n')
    assert run(tmp_path / "p.csv", "--logdir", tmp_path / "logs", "--name", "g", "--labels-column", "labels",
               "--identity-labels", "man", "woman", "--progress", "off") == 0
    assert logged(tmp_path / "logs").num_examples == 4


@pytest.mark.parametrize("ids, fragment", [
    (["a", ""], "row 2, column 'id': the example id is empty"),
    ([1.5, 2.5], "row 1, column 'id': the example id must be a string or an integer, got 1.5"),
])
def test_a_bad_id_beside_label_lists_names_its_row(tmp_path, capsys, ids, fragment):
    # label lists are counted as a sparse matrix: the error about an id must still name the row, not raise a TypeError
    pq.write_table(pa.table({"labels": [["a"], ["b"]], "id": ids}), tmp_path / "p.parquet")
    assert run(tmp_path / "p.parquet", "--logdir", tmp_path / "logs", "--name", "g", "--labels-column", "labels",
               "--identity-labels", "a", "--id-column", "id", "--progress", "off") == 2
    assert fragment in capsys.readouterr().err
    assert not (tmp_path / "logs").exists()


def test_a_byte_order_mark_is_not_part_of_the_first_name(tmp_path):
    # Excel's "CSV UTF-8" starts the file with one; kept, it hid the first score column from --score-prefix
    (tmp_path / "p.csv").write_text("\ufeffs_a,s_b,sex\n0.9,0.2,f\n0.1,0.7,m\n", encoding="utf-8")
    assert run(tmp_path / "p.csv", "--logdir", tmp_path / "csv", "--name", "g", "--score-prefix", "s_",
               "--identity-column", "sex", "--progress", "off") == 0
    assert logged(tmp_path / "csv").label_names == ("a", "b")
    np.save(tmp_path / "s.npy", np.array([[0.9, 0.2], [0.1, 0.7]]))
    (tmp_path / "names.txt").write_text("\ufeffa\nb\n", encoding="utf-8")
    assert run(tmp_path / "s.npy", "--logdir", tmp_path / "npy", "--name", "g", "--label-names",
               tmp_path / "names.txt", "--identity-labels", "a", "--progress", "off") == 0
    assert logged(tmp_path / "npy").label_names == ("a", "b")


@pytest.mark.parametrize("name, write", [
    ("p.csv", lambda p: p.write_text("labels,sex,sex\na,f,m\nb,m,f\n")),
    ("p.parquet", lambda p: pq.write_table(pa.Table.from_arrays(
        [pa.array([["a"], ["b"]]), pa.array(["f", "m"]), pa.array(["m", "f"])], names=["labels", "sex", "sex"]), p)),
])
def test_a_column_named_twice_is_an_error_not_a_guess(tmp_path, capsys, name, write):
    write(tmp_path / name)
    assert run(tmp_path / name, "--logdir", tmp_path / "logs", "--name", "g", "--labels-column", "labels",
               "--identity-column", "sex", "--progress", "off") == 2
    assert "%s: 2 columns are named 'sex'" % (tmp_path / name) in capsys.readouterr().err
    assert not (tmp_path / "logs").exists()


@pytest.mark.parametrize("measure, columns", [
    ("association", ["--labels-column", "labels", "--identity-labels", "a"]),
    ("sensitivity", ["--p-column", "P"]),
])
def test_a_file_named_twice_is_an_error_not_counted_twice(tmp_path, capsys, measure, columns):
    (tmp_path / "p1.csv").write_text("labels,P\na,0.1\nb,0.2\n")
    assert run(tmp_path / "p1.csv", tmp_path / "p*.csv", "--measure", measure, "--logdir", tmp_path / "logs",
               "--name", "g", *columns, "--progress", "off") == 2
    assert "p1.csv is named twice among the files" in capsys.readouterr().err
    assert not (tmp_path / "logs").exists()


@pytest.mark.beam
def test_beam_runner_names_the_row_of_a_bad_id_in_one_line(tmp_path, capsys, caplog):
    # the id was checked only on a worker, by the counter, whose ValueError (with an index into a bundle)
    # ended in a traceback; and Beam logged the traceback of each clean error before main printed it
    (tmp_path / "p.csv").write_text("labels,id\na,x\nb,\n")
    with caplog.at_level(logging.ERROR):
        assert run(tmp_path / "p.csv", "--logdir", tmp_path / "logs", "--name", "g", "--labels-column", "labels",
                   "--identity-labels", "a", "--id-column", "id", "--progress", "off", "--beam-runner",
                   "DirectRunner") == 2
    # one line, without the Beam step the error passed through ("[while running 'Read']")
    assert capsys.readouterr().err.endswith("p.csv, row 2, column 'id': the example id is empty (nothing was written)\n")
    assert not [r for r in caplog.records if r.name.startswith("apache_beam")]
    assert not (tmp_path / "logs").exists()


def test_only_data_errors_are_kept_from_beams_log(caplog):
    from tb_bias_plugin.cli import DataError
    from tb_bias_plugin.measures.association.cli import _quiet_data_errors

    beam_log = logging.getLogger("apache_beam.runners.common")
    with caplog.at_level(logging.ERROR), _quiet_data_errors():
        for error in (DataError("p.csv, row 2: bad"), ValueError("a real failure"), KeyboardInterrupt()):
            try:
                raise error
            except BaseException as e:
                beam_log.exception(e)
        # the launcher's copy of a worker process's log holds the worker's traceback as text
        logging.getLogger("apache_beam.runners.portability.local_job_service").error(
            'Worker: severity: ERROR message: "Traceback ...\\ntb_bias_plugin.prediction_files.DataError: p.csv, row 2: bad"')
    assert [r.getMessage() for r in caplog.records] == ["a real failure"]


def _cli(*argv, prelude=""):
    """``tb-bias log ARGV`` in a process of its own (``prelude``: Python run first), as a user runs it."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__import__("tb_bias_plugin").__file__)))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")])))
    script = "import sys\n" + prelude + "\nfrom tb_bias_plugin.cli import main\nsys.exit(main(sys.argv[1:]))\n"
    return subprocess.run([sys.executable, "-c", script, "log", *map(str, argv)], capture_output=True, text=True,
                          env=env, timeout=300)


@pytest.mark.beam
def test_a_data_error_on_a_worker_of_another_process_is_one_line_and_exit_2(tmp_path):
    # a worker in another process hands its error back as text (a RuntimeError holding its traceback): main()
    # caught only a DataError, and the run ended in a traceback of some 400 lines with exit status 1
    (tmp_path / "bad.csv").write_text("score_man,score_woman,sex\n0.1,0.9,f\nabc,0.2,m\n")
    done = _cli(tmp_path / "bad.csv", "--logdir", tmp_path / "logs", "--name", "g", "--score-prefix", "score_",
                "--identity-column", "sex", "--progress", "off", "--beam-runner", "DirectRunner",
                "--beam-option=--direct_num_workers=2", "--beam-option=--direct_running_mode=multi_processing")
    assert done.returncode == 2, done.stderr[-3000:]
    assert done.stderr.splitlines()[-1] == ("tb-bias log: error: %s, row 2, column 'score_man': 'abc' is not a number "
                                            "(nothing was written)" % (tmp_path / "bad.csv"))
    assert "Traceback" not in done.stderr and "RuntimeError" not in done.stderr
    assert not (tmp_path / "logs").exists()


@pytest.mark.beam
def test_a_successful_beam_run_prints_no_note_of_beams_own_imports(tmp_path):
    # 'WARNING:root:apitools not found, and bigquery client libraries are not available...' came with every run
    (tmp_path / "p.csv").write_text("labels,sex\n" + "a|b,f\nb,m\n" * 5)
    done = _cli(tmp_path / "p.csv", "--logdir", tmp_path / "logs", "--name", "g", "--labels-column", "labels",
                "--identity-column", "sex", "--progress", "off", "--beam-runner", "DirectRunner")
    assert done.returncode == 0, done.stderr[-3000:]
    assert "apitools" not in done.stderr and "WARNING:root" not in done.stderr, done.stderr[-3000:]


# Ctrl-C while the rows are read (on Beam, in the pipeline's read): the process signals itself at the first batch
_INTERRUPT = """
import os, signal
from tb_bias_plugin.measures.association import files
from tb_bias_plugin.prediction_files import readers
module, name = (files.Columns, "examples") if "--beam-runner" in sys.argv else (readers, "read")
original = getattr(module, name)
def interrupted(*args, **kwargs):
    for item in original(*args, **kwargs):
        os.kill(os.getpid(), signal.SIGINT)
        yield item
setattr(module, name, interrupted)
"""


@pytest.mark.parametrize("beam", [
    pytest.param([], id="in-process"),
    pytest.param(["--beam-runner", "DirectRunner"], id="beam", marks=pytest.mark.beam),
])
def test_ctrl_c_is_one_line_exit_130_and_leaves_no_logdir(tmp_path, beam):
    # it was a KeyboardInterrupt's traceback (and on Beam three, and exit status 1)
    (tmp_path / "p.csv").write_text("labels,sex\n" + "a|b,f\nb,m\n" * 50)
    (tmp_path / "names.txt").write_text("a\nb\n")
    done = _cli(tmp_path / "p.csv", "--logdir", tmp_path / "logs", "--name", "g", "--labels-column", "labels",
                "--label-names", tmp_path / "names.txt", "--identity-labels", "a", "--progress", "off", *beam,
                prelude=_INTERRUPT)
    assert done.returncode == 130, done.stderr[-3000:]
    assert done.stderr.splitlines()[-1] == "tb-bias log: interrupted"
    assert "Traceback" not in done.stderr and "KeyboardInterrupt" not in done.stderr
    assert not (tmp_path / "logs").exists()


@pytest.mark.parametrize("argv, line", [(["log", "p.csv"], "tb-bias log: interrupted"),
                                         (["--version"], "tb-bias: interrupted")])
def test_ctrl_c_while_the_parser_is_built_is_the_same_line(capsys, monkeypatch, argv, line):
    """Ctrl-C in the first moments (the parser imports every measure's command line) was a KeyboardInterrupt's
    traceback, outside main's handling."""
    import tb_bias_plugin.cli as cli

    def interrupted():
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "parser", interrupted)
    assert main(argv) == 130
    assert capsys.readouterr().err == line + "\n"


@pytest.mark.parametrize("per_cell", ["8", "300"])
@pytest.mark.parametrize("beam", [
    pytest.param([], id="in-process"),
    pytest.param(["--beam-runner", "DirectRunner"], id="beam", marks=pytest.mark.beam),
])
def test_repeated_ids_are_a_one_line_note_naming_the_file(tmp_path, capsys, per_cell, beam):
    # the counter's raw UserWarning named a line of builder.py (or of Beam's coders.py), and none came past
    # 256 examples per cell
    (tmp_path / "p.csv").write_text("id,labels,sex\n1,a|b,f\n2,b,m\n1,a,f\n3,a,m\n")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no warning left to Python's own printing
        assert run(tmp_path / "p.csv", "--logdir", tmp_path / "logs", "--name", "g", "--labels-column", "labels",
                   "--identity-column", "sex", "--id-column", "id", "--examples-per-cell", per_cell,
                   "--progress", "off", *beam) == 0
    err = capsys.readouterr().err.splitlines()
    assert [line for line in err if "tb-bias" in line] == [
        "tb-bias log: note: %s: example id '1' is given more than once: an id names one example, so a cell's "
        "sample holds it once however often it was counted; give each example its own id" % (tmp_path / "p.csv")]
    assert logged(tmp_path / "logs").num_examples == 4


@pytest.mark.parametrize("name", ["p.csv.gz", "p.tsv.gz", "p.jsonl.gz", "p.gz"])
def test_gzip_files_are_read_as_what_they_hold(tmp_path, name):
    """A .gz file of CSV or JSON Lines logs the table its uncompressed file logs (was refused: decompress first)."""
    import gzip

    rows = [("e%d" % i, "a|b" if i % 3 else "b", "f" if i % 2 else "m") for i in range(40)]
    if name.startswith("p.jsonl") or name == "p.gz":
        text = "".join(json.dumps({"id": i, "labels": labels.split("|"), "sex": sex}) + "\n" for i, labels, sex in rows)
        plain = tmp_path / "plain.jsonl"
    else:
        sep = "\t" if ".tsv" in name else ","
        text = "id%slabels%ssex\n" % (sep, sep) + "".join(sep.join(r) + "\n" for r in rows)
        plain = tmp_path / ("plain.tsv" if ".tsv" in name else "plain.csv")
    plain.write_text(text)
    (tmp_path / name).write_bytes(gzip.compress(text.encode()))
    extra = ["--format", "jsonl"] if name == "p.gz" else []
    for path, logdir in ((plain, "plain"), (tmp_path / name, "gz")):
        assert run(path, "--logdir", tmp_path / logdir, "--name", "g", "--labels-column", "labels",
                   "--identity-column", "sex", "--id-column", "id", "--examples-per-cell", 4, "--progress", "off",
                   *(extra if logdir == "gz" else [])) == 0
    gz, want = logged(tmp_path / "gz"), logged(tmp_path / "plain")
    assert gz.num_examples == 40 and np.array_equal(gz.cooccurrence, want.cooccurrence)
    assert gz.examples == want.examples


@pytest.mark.parametrize("name", ["p.txt", "p.txt.gz", "p.csv"])
def test_format_tsv_reads_a_tab_separated_file_of_any_name(tmp_path, name):
    """--format had no tsv: a tab-separated file not named .tsv could not be read (--format csv splits at commas)."""
    import gzip

    text = "id\tlabels\tsex\n" + "".join("e%d\t%s\t%s\n" % (i, "a|b" if i % 3 else "b, c", "fm"[i % 2])
                                         for i in range(30))
    (tmp_path / "plain.tsv").write_text(text)
    (tmp_path / name).write_bytes(gzip.compress(text.encode()) if name.endswith(".gz") else text.encode())
    for path, logdir, extra in ((tmp_path / "plain.tsv", "plain", []), (tmp_path / name, "named", ["--format", "tsv"])):
        assert run(path, "--logdir", tmp_path / logdir, "--name", "g", "--labels-column", "labels",
                   "--identity-column", "sex", "--progress", "off", *extra) == 0
    got, want = logged(tmp_path / "named"), logged(tmp_path / "plain")
    assert got == want and "b, c" in got.label_names and got.num_examples == 30


@pytest.mark.parametrize("name, write, extra, message", [
    # was "row 0 (header): 'utf-8' codec can't decode byte 0x8b in position 1"
    ("p.csv", lambda p: p.write_bytes(__import__("gzip").compress(b"labels,sex\na,f\n")), [],
     "p.csv is gzip-compressed but not named .gz: name it {path}.gz to have it read as it is"),
    ("p.parquet.gz", lambda p: p.write_bytes(__import__("gzip").compress(b"PAR1")), [],
     "p.parquet.gz is gzip-compressed (.gz): tb-bias log reads CSV and JSON Lines gzip-compressed (.csv.gz, .tsv.gz, "
     ".jsonl.gz), other files uncompressed; decompress it first (gunzip -k {path})"),
    ("p.gz", lambda p: p.write_bytes(__import__("gzip").compress(b"labels,sex\na,f\n")), ["--format", "parquet"],
     "p.gz is gzip-compressed (.gz): tb-bias log reads CSV and JSON Lines gzip-compressed"),
    # was "row 1: 2 fields, the header has 3": Arrow and Python's csv read the quoted value to the end of the file
    ("open.csv", lambda p: p.write_text('id,labels,sex\n1,"a|b,f\n2,b,m\n'), [],
     "open.csv, row 1: a quoted value is never closed (unexpected end of data; the file holds an odd number of "
     "'\"')"),
    # was "not valid JSON (Expecting value: line 2 column 1 (char 2))" and "each line must be a JSON object, got list"
    ("array.json", lambda p: p.write_text(json.dumps([{"labels": ["a"], "sex": "f"}], indent=2)), [],
     "array.json, row 1: a JSON array; tb-bias log reads JSON Lines, one JSON object per line (e.g. jq -c '.[]' "
     "{path} > {path}l)"),
    ("array1.json", lambda p: p.write_text(json.dumps([{"labels": ["a"], "sex": "f"}])), [],
     "array1.json, row 1: a JSON array; tb-bias log reads JSON Lines"),
    # was "no such file"
    ("folder", lambda p: p.mkdir(), [],
     "folder is a directory, not a file: give the files in it (e.g. {path}/*.parquet)"),
])
def test_a_file_that_is_not_what_it_is_read_as_says_what_it_is(tmp_path, capsys, name, write, extra, message):
    write(tmp_path / name)
    assert run(tmp_path / name, "--logdir", tmp_path / "logs", "--name", "g", "--labels-column", "labels",
               "--identity-column", "sex", "--progress", "off", *extra) == 2
    assert message.format(path=tmp_path / name) in capsys.readouterr().err
    assert not (tmp_path / "logs").exists()


def _gzip_cut_short(path):
    import gzip

    path.write_bytes(gzip.compress(b"labels,sex\n" + b"a|b,f\n" * 2000)[:-20])


def _gzip_bad_crc(path):
    import gzip

    data = bytearray(gzip.compress(b'{"labels": ["a", "b"], "sex": "f"}\n{"labels": ["b"], "sex": "m"}\n'))
    data[-8] ^= 0xFF  # the trailer's CRC-32
    path.write_bytes(bytes(data))


@pytest.mark.parametrize("name, write, message", [
    # each was a raw traceback (EOFError, gzip.BadGzipFile) from wherever a reader was reading, exit 1
    ("cut.csv.gz", _gzip_cut_short, "cut.csv.gz: a damaged gzip file, cut short, corrupted or with bytes after "
     "its end (Compressed file ended before the end-of-stream marker was reached)"),
    ("crc.jsonl.gz", _gzip_bad_crc, "crc.jsonl.gz: a damaged gzip file, cut short, corrupted or with bytes after "
     "its end (CRC check failed"),
    # was told it is not gzip and to rename it
    ("tail.csv.gz", lambda p: p.write_bytes(__import__("gzip").compress(b"labels,sex\na|b,f\n") + b"GARBAGE\n"),
     "tail.csv.gz: a damaged gzip file, cut short, corrupted or with bytes after its end (Not a gzipped file"),
    ("plain.csv.gz", lambda p: p.write_text("labels,sex\na|b,f\n"), "plain.csv.gz is named .gz but is not "
     "gzip-compressed (Not a gzipped file (b'la')): rename it without .gz, or pass a gzip-compressed file"),
], ids=["cut-short", "crc", "trailing-bytes", "not-gzip"])
@pytest.mark.parametrize("beam", [
    pytest.param([], id="in-process"),
    pytest.param(["--beam-runner", "DirectRunner"], id="beam", marks=pytest.mark.beam),
])
def test_a_damaged_gzip_file_is_an_error_naming_it(tmp_path, capsys, name, write, message, beam):
    write(tmp_path / name)
    assert run(tmp_path / name, "--logdir", tmp_path / "logs", "--name", "g", "--labels-column", "labels",
               "--identity-column", "sex", "--progress", "off", *beam) == 2
    err = capsys.readouterr().err
    assert "tb-bias log: error: %s%s" % (tmp_path / name, message[len(name):]) in err
    assert "Traceback" not in err and err.rstrip().endswith("(nothing was written)")
    assert not (tmp_path / "logs").exists()


@pytest.mark.parametrize("option, fragment", [
    ("--nope=1", "--beam-option --nope=1: not an option of Apache Beam %s; the DirectRunner would drop it"),
    ("--direct_num_worker=2", "did you mean --direct_num_workers?"),
    ("project=p", "--beam-option project=p: a Beam option starts with --"),
])
def test_a_beam_option_beam_does_not_know_is_refused_on_the_direct_runner(tmp_path, capsys, option, fragment):
    # an unknown option was dropped with a line of Beam's log, and the run went on
    pytest.importorskip("apache_beam")
    import apache_beam

    (tmp_path / "p.csv").write_text("labels,sex\na,f\n")
    common = [tmp_path / "p.csv", "--logdir", tmp_path / "logs", "--name", "g", "--labels-column", "labels",
              "--identity-column", "sex", "--progress", "off", "--beam-option=" + option]
    assert run(*common, "--beam-runner", "DirectRunner") == 2
    assert (fragment.replace("%s", apache_beam.__version__) if "%s" in fragment else fragment) in capsys.readouterr().err
    assert run(*common) == 2
    assert "--beam-option needs --beam-runner" in capsys.readouterr().err
    assert not (tmp_path / "logs").exists()


def test_a_beam_option_beam_does_not_know_is_a_note_on_a_runner_that_may_take_it(capsys):
    # Dataflow and the portable runners pass options on to the service, which may know more than this Beam
    pytest.importorskip("apache_beam")
    from tb_bias_plugin.measures.association.cli import _check_beam_options

    _check_beam_options("DataflowRunner", ["--project=p", "--xyzzy=1"])
    assert capsys.readouterr().err.splitlines() == [
        "tb-bias log: note: --beam-option --xyzzy=1 is not an option of Apache Beam %s; it is passed "
        "on to DataflowRunner, which may take it" % __import__("apache_beam").__version__]


@pytest.mark.parametrize("extra, fragment", [
    # each was a silent no-op: the run went on and wrote what it would have without the option
    (["--labels-column", "labels", "--threshold", "0.3"],
     "--threshold: label lists (--labels-column) are decisions, not scores: every threshold would count the same"),
    (["--labels-column", "labels", "--unknown-labels", "ignore"],
     "--unknown-labels ignore needs --label-names: the label names are those found in the files, so none is "
     "unknown"),
    (["--score-prefix", "s_", "--separator", ";"], "--separator splits the cells of --labels-column"),
    (["--labels-column", "labels", "--separator", ";"],
     "--separator ';': the labels column holds lists of names, not text to split, in "),
])
def test_an_option_that_would_change_nothing_is_refused(tmp_path, capsys, extra, fragment):
    pq.write_table(pa.table({"labels": [["a", "b"], ["b"]], "s_a": [0.1, 0.9], "sex": ["f", "m"]}), tmp_path / "p.parquet")
    assert run(tmp_path / "p.parquet", "--logdir", tmp_path / "logs", "--name", "g", "--identity-column", "sex",
               "--progress", "off", *extra) == 2
    assert fragment in capsys.readouterr().err
    assert not (tmp_path / "logs").exists()


def test_a_separator_is_taken_where_a_labels_column_holds_text(tmp_path):
    # in a Parquet or JSON Lines string column as in a CSV cell
    pq.write_table(pa.table({"labels": ["a;b", "b"], "sex": ["f", "m"]}), tmp_path / "p.parquet")
    with open(tmp_path / "p.jsonl", "w") as f:
        f.write(json.dumps({"labels": "a;b", "sex": "f"}) + "\n" + json.dumps({"labels": "b", "sex": "m"}) + "\n")
    for name in ("p.parquet", "p.jsonl"):
        assert run(tmp_path / name, "--logdir", tmp_path / ("logs_" + name), "--name", "g", "--labels-column", "labels",
                   "--identity-column", "sex", "--separator", ";", "--progress", "off") == 0
        assert logged(tmp_path / ("logs_" + name)).label_names == ("a", "b")


def test_an_attribute_column_of_many_values_is_noted_before_the_count(tmp_path, capsys, monkeypatch):
    # a column of probabilities given as --identity-column made 20,000 identities in 34 s, without a word
    from tb_bias_plugin.measures.association import cli as association_cli

    monkeypatch.setattr(association_cli, "MANY_VALUES", 5)  # 1,000; a table of so many identities is slow to write
    rng = np.random.default_rng(0)
    pq.write_table(pa.table({"labels": [["a"]] * 6, "p_female": rng.random(6), "sex": ["f", "m"] * 3}),
                   tmp_path / "p.parquet")
    assert run(tmp_path / "p.parquet", "--logdir", tmp_path / "logs", "--name", "g", "--labels-column", "labels",
               "--identity-column", "p_female", "--identity-column", "sex", "--progress", "off") == 0
    assert [line for line in capsys.readouterr().err.splitlines() if "tb-bias" in line] == [
        "tb-bias log: note: --identity-column p_female has 6 distinct values, each an identity: an attribute names "
        "groups (sex, an age band); for an identity classifier's probabilities use --identity-prob-columns"]


@pytest.mark.beam
def test_beam_says_what_it_counted_as_the_in_process_run_does(tmp_path, capsys):
    # it said only "counted on DirectRunner and wrote 'g' (step 0) to ..."
    pq.write_table(pa.table({"labels": [["a", "b"], ["b"], ["a"]], "sex": ["f", "m", "f"]}), tmp_path / "p.parquet")
    assert run(tmp_path / "p.parquet", "--logdir", tmp_path / "logs", "--name", "g", "--labels-column", "labels",
               "--identity-column", "sex", "--progress", "off", "--beam-runner", "DirectRunner") == 0
    out = capsys.readouterr().out
    assert out.startswith("counted on DirectRunner and wrote 'g' (step 0) to %s: 3 examples, 2 labels, 2 identities, "
                          % (tmp_path / "logs")) and out.endswith(" s\n")


def test_a_csv_row_longer_than_a_block_is_said_so(tmp_path, capsys, monkeypatch):
    # Python's csv module, reading again to find the row, blamed its own limit: "field larger than field
    # limit (131072)", which is not the limit that was hit
    from tb_bias_plugin.prediction_files import readers

    monkeypatch.setattr(readers, "CSV_BLOCK_BYTES", 1 << 20)
    (tmp_path / "huge.csv").write_text("labels,sex,text\na,f,short\nb,m,%s\na,f,x\n" % ("y" * 5_000_000))
    assert run(tmp_path / "huge.csv", "--logdir", tmp_path / "logs", "--name", "g", "--labels-column", "labels",
               "--identity-column", "sex") == 2
    assert ("huge.csv, rows from 2: a row too long for Arrow's CSV reader, which reads 1 MiB at a time (a long "
            "text column? Parquet or JSON Lines take rows of any length)") in capsys.readouterr().err
    assert not (tmp_path / "logs").exists()


@pytest.mark.parametrize("name, text, fmt, hint", [
    ("p.tsv", "labels\tsex\na\tf\n", "csv", "; one column found, holding tabs: tab-separated? (--format tsv)"),
    ("p.txt", "labels,sex\na,f\n", "tsv", "; one column found, holding commas: comma-separated? (--format csv)"),
])
def test_a_file_read_with_the_wrong_separator_says_so(tmp_path, capsys, name, text, fmt, hint):
    # the whole header was listed as one column, in which 'labels' seemed to be
    (tmp_path / name).write_text(text)
    assert run(tmp_path / name, "--logdir", tmp_path / "logs", "--name", "g", "--labels-column", "labels",
               "--identity-column", "sex", "--format", fmt) == 2
    assert capsys.readouterr().err.rstrip().endswith(hint + " (nothing was written)")
