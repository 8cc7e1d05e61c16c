"""The registry: measures are found by their folder, and a toy measure kept
outside the package is written, listed and served with no edit elsewhere."""

import argparse
import importlib
import inspect
import os
import sys
import types
import typing

import pytest

import plugin_fixtures as fx
from plugin_fixtures import Client
from tb_bias_plugin import summary
from tb_bias_plugin.measures import registry
from tb_bias_plugin.measures.registry import REGISTRY, Registry
from tb_bias_plugin.storage import record

TOY_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "toy_measures")


@pytest.fixture(scope="module")
def toy_registry():
    sys.path.insert(0, TOY_DIR)
    try:
        (toy,) = registry.discover([TOY_DIR], prefix="")
    finally:
        sys.path.remove(TOY_DIR)
    return Registry(list(REGISTRY) + [toy])


def test_the_package_measures_are_discovered_in_order():
    ids = [m.id for m in REGISTRY]
    assert ids[0] == "association"
    assert ids == [m.id for m in sorted(REGISTRY, key=lambda m: m.order)]


def test_a_toy_measure_is_written_listed_and_served(tmp_path, toy_registry):
    # Without a method of its own, a measure's summary is written by name.
    toy_writer = type("ToyWriter", (summary.Writer,), {"registry": toy_registry})
    with toy_writer(tmp_path / "run") as writer:
        writer.write_summary("toy_count", "clicks", 41, step=3)
        writer.write_summary("toy_count", "clicks", 42, step=4)
        with pytest.raises(ValueError, match="non-negative"):
            writer.write_summary("toy_count", "clicks", -1, step=5)
        with pytest.raises(ValueError, match="no measure writes a summary 'toy_sum'"):
            writer.write_summary("toy_sum", "clicks", 1, step=5)
        writer.association_table("gender", fx.counter(0), step=1)
    app, _ = fx.make_app(tmp_path, registry=toy_registry)
    client = Client(app)
    runs = fx.get_json(client, "runs")
    tags = {t["tag"]: t for t in runs["runs"][0]["tags"]}
    assert tags["clicks"]["measure"] == "toy" and tags["clicks"]["steps"] == [3, 4]
    assert tags["gender"]["measure"] == "association"
    assert [m["measure"] for m in runs["measures"]] == ["association", "toy"]
    assert runs["measures"][1]["config"] == {"limit": 7}
    assert fx.get_json(client, "toy", run="run", tag="clicks") == {"step": 4, "count": 42}
    assert fx.get_json(client, "toy", run="run", tag="clicks", step="3")["count"] == 41
    # the shell's error handling covers the toy's route too
    assert "asked to fail" in fx.get_json(client, "toy", status=400, run="run", tag="clicks", fail="1")["error"]
    assert "no step 9" in fx.get_json(client, "toy", status=404, run="run", tag="clicks", step="9")["error"]
    # a measure's route never serves another measure's tag
    assert "holds association" in fx.get_json(client, "toy", status=404, run="run", tag="gender")["error"]
    # without the toy in the registry, its tags are not listed and nothing fails
    plain = fx.get_json(Client(fx.make_app(tmp_path)[0]), "runs")
    assert [t["tag"] for t in plain["runs"][0]["tags"]] == ["gender"]
    assert [m["measure"] for m in plain["measures"]] == ["association"]


def test_a_toy_measure_is_logged_from_prediction_files(tmp_path, toy_registry, monkeypatch, capsys):
    from tb_bias_plugin import cli
    from tb_bias_plugin.cli import log

    monkeypatch.setattr(log, "REGISTRY", toy_registry)
    monkeypatch.setattr(summary.Writer, "registry", toy_registry)
    (tmp_path / "clicks.csv").write_text("n,labels\n3,a\n4,b\n")
    log_help = log.add_parser(argparse.ArgumentParser().add_subparsers()).format_help()
    assert "--measure toy: the sum of --count-column" in log_help and "{association,discrepancy,sensitivity,toy}" in log_help
    argv = ["log", str(tmp_path / "clicks.csv"), "--logdir", str(tmp_path / "run"), "--name", "clicks"]
    assert cli.main(argv + ["--measure", "toy", "--count-column", "n", "--step", "2"]) == 0
    app, _ = fx.make_app(tmp_path, registry=toy_registry)
    assert fx.get_json(Client(app), "toy", run="run", tag="clicks") == {"step": 2, "count": 7}
    # each measure's options are its own, both ways, and a bad value writes nothing
    assert cli.main(argv + ["--count-column", "n", "--labels-column", "labels", "--identity-labels", "a"]) == 2
    assert "--count-column is not an option of --measure association" in capsys.readouterr().err
    assert cli.main(argv + ["--measure", "toy", "--count-column", "n", "--labels-column", "labels"]) == 2
    assert "--labels-column is not an option of --measure toy" in capsys.readouterr().err
    (tmp_path / "bad.csv").write_text("n\n3\nmany\n")
    argv[1:4] = [str(tmp_path / "bad.csv"), "--logdir", str(tmp_path / "bad")]
    assert cli.main(argv + ["--measure", "toy", "--count-column", "n"]) == 2
    assert "bad.csv, row 2, column 'n': 'many' is not a count" in capsys.readouterr().err
    assert not (tmp_path / "bad").exists()


def _with_command_line(monkeypatch, toy_registry, first=False, **names):
    """The plugin's measures and a toy whose ``tb-bias log`` module has ``names``, as the command line's."""
    from tb_bias_plugin.cli import log

    module = types.ModuleType("toy_command_line")
    module.__dict__.update(names)
    monkeypatch.setitem(sys.modules, module.__name__, module)
    variant = type("Variant", (type(toy_registry["toy"]),), {"command_line": module.__name__})()
    monkeypatch.setattr(log, "REGISTRY", Registry([variant] + list(REGISTRY) if first else list(REGISTRY) + [variant]))


def test_a_measures_command_line_is_checked_when_the_command_is_built(toy_registry, monkeypatch):
    from tb_bias_plugin import cli
    from tb_bias_plugin.cli import log

    toy = importlib.import_module("toy.cli")
    names = {name: getattr(toy, name) for name in ("OPTIONS", "DESCRIPTION", "EXAMPLES", "add_arguments", "run")}
    _with_command_line(monkeypatch, toy_registry, **{**names, "add_arguments": lambda p: p.add_argument("--threshold"),
                                                     "OPTIONS": ("threshold",)})
    with pytest.raises(TypeError, match="--measure toy: argument --threshold: conflicting option string"):
        cli.parser()  # association has --threshold: option names are one namespace
    _with_command_line(monkeypatch, toy_registry, **{**names, "OPTIONS": ()})
    with pytest.raises(TypeError, match=r"--measure toy: OPTIONS must list every option it adds \(not: count_column\)"):
        cli.parser()  # else every other measure would take --count-column without a word
    _with_command_line(monkeypatch, toy_registry, **{**names, "OPTIONS": ("count_column", "countcolumn")})
    with pytest.raises(TypeError, match=r"only options that exist \(not: countcolumn\)"):
        cli.parser()
    _with_command_line(monkeypatch, toy_registry, **{k: v for k, v in names.items() if k != "run"})
    with pytest.raises(TypeError, match="toy_command_line .tb-bias log --measure toy. has no run"):
        cli.parser()
    _with_command_line(monkeypatch, toy_registry, **{**names, "add_arguments": lambda p: p.add_argument(
        "--toy-threshold", dest="threshold"), "OPTIONS": ("threshold",)})
    with pytest.raises(TypeError, match=r"--measure toy: its options threshold are stored where another"):
        cli.parser()  # --toy-threshold would set association's --threshold
    # a measure first in the tab's order does not change what `tb-bias log` logs without --measure
    _with_command_line(monkeypatch, toy_registry, first=True, **names)
    assert next(iter(log.command_lines())) == "toy"
    assert cli.parser().parse_args(["log", "p.csv", "--logdir", "l", "--name", "n"]).measure == "association"


def test_measures_must_not_clash(toy_registry):
    toy = toy_registry["toy"]
    with pytest.raises(ValueError, match="unique"):
        Registry([toy, toy])
    clash = type("Clash", (type(toy),), {"id": "clash", "payload_number": toy.payload_number})()
    with pytest.raises(ValueError):
        Registry([toy, clash])
    same_summary = type("Clash", (type(toy),), {"id": "clash", "payload_number": 998})()
    with pytest.raises(ValueError, match="'toy' and 'clash' both write a summary toy_count"):
        Registry([toy, same_summary])
    # routes are loaded, and checked, when the plugin first asks for them
    same_route = type("Clash", (type(toy),), {"id": "clash", "payload_number": 998, "summaries": ()})()
    both = Registry([REGISTRY["association"], toy, same_route])
    with pytest.raises(ValueError, match="'toy' and 'clash' both claim the route /toy"):
        both.routes()


def test_routes_and_config_come_from_the_server_half_on_first_use():
    measure = REGISTRY["association"]
    assert measure.routes_module == "tb_bias_plugin.measures.association.routes"
    routes = REGISTRY.routes()
    assert routes["/table"][0] is measure and routes["/sensitivity"][0] is REGISTRY["sensitivity"]
    assert REGISTRY.routes() is routes  # loaded once
    assert set(measure.config()) == {"metrics", "default_metric", "default_level", "limits"}
    # nothing a view does not read: each record carries its sensitivity note and representation control band
    assert set(REGISTRY["sensitivity"].config()) == set(REGISTRY["representation"].config()) == {"limits"}
    for m in REGISTRY:
        assert m.routes_module and {path for path, (owner, _) in routes.items() if owner is m} == set(m.routes())


# The written-out summary API -------------------------------------------------

_SUMMARIES = [(m, s) for m in REGISTRY for s in m.summaries]


def _expected_parameters(build, method):
    """The parameters a summary call of ``build`` has: ``name`` first, then the
    builder's positional ones, ``step`` and ``description``, then its keyword-only ones."""
    params = list(inspect.signature(build).parameters.values())
    kw = inspect.Parameter.KEYWORD_ONLY
    head = [("self", inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.empty)] if method else []
    head.append(("name", inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.empty))
    shape = [(p.name, p.kind, p.default) for p in params if p.kind != kw]
    shape += [("step", kw, None), ("description", kw, None)]
    shape += [(p.name, p.kind, p.default) for p in params if p.kind == kw]
    return head + shape


def _documented(function):
    """Names in the NumPy docstring's Parameters section."""
    doc = inspect.getdoc(function) or ""
    assert "\nParameters\n----------\n" in doc, function
    section = doc.split("\nParameters\n----------\n", 1)[1].split("\n\n", 1)[0]
    names = set()
    for line in section.splitlines():
        if line and not line.startswith(" "):
            names.update(n.strip().lstrip("*") for n in line.split(" : ")[0].split(","))
    return names


def test_the_summaries_of_this_build_are_the_public_ones():
    assert sorted(summary.__all__) == sorted(["RewrittenStepWarning", "Writer"] + [s.name for _, s in _SUMMARIES])


@pytest.mark.parametrize("measure, declared", _SUMMARIES, ids=[s.name for _, s in _SUMMARIES])
def test_every_summary_has_a_function_and_a_writer_method_matching_its_builder(measure, declared):
    # A measure that adds a summary writes both out in summary.py, or this fails.
    function = getattr(summary, declared.name, None)
    method = getattr(summary.Writer, declared.name, None)
    assert function is not None and method is not None, "summary.py lacks %s" % declared.name
    builder_hints = typing.get_type_hints(declared.build)
    for call, is_method in ((function, False), (method, True)):
        params = inspect.signature(call).parameters.values()
        assert [(p.name, p.kind, p.default) for p in params] == _expected_parameters(declared.build, is_method)
        hints = typing.get_type_hints(call)
        assert {n: hints[n] for n in builder_hints if n != "return"} == {
            n: t for n, t in builder_hints.items() if n != "return"
        }
        assert _documented(call) == {p.name for p in params} - {"self"}
    assert typing.get_type_hints(method)["return"] is bool


class _Seen(Exception):
    """Raised by a stand-in builder with the arguments it was given."""


@pytest.mark.parametrize("measure, declared", _SUMMARIES, ids=[s.name for _, s in _SUMMARIES])
def test_every_argument_reaches_the_builder_under_its_own_name(tmp_path, monkeypatch, measure, declared):
    def build(*args, **kwargs):
        raise _Seen(args, kwargs)

    monkeypatch.setitem(REGISTRY._summaries, declared.name, (measure, type(declared)(declared.name, build)))
    params = _expected_parameters(declared.build, method=False)[1:]
    positional = [n for n, kind, _ in params if kind != inspect.Parameter.KEYWORD_ONLY]
    keyword = [n for n, kind, _ in params if kind == inspect.Parameter.KEYWORD_ONLY and n not in ("step", "description")]
    args = ["value of %s" % n for n in positional]
    kwargs = {n: "value of %s" % n for n in keyword}
    import tensorflow as tf

    # the twin builds only under a default writer (with none it returns False before any work)
    with summary.Writer(tmp_path) as writer, tf.summary.create_file_writer(str(tmp_path / "tf")).as_default():
        for call in (getattr(writer, declared.name), getattr(summary, declared.name)):
            with pytest.raises(_Seen) as seen:
                call("tag", *args, step=2, description="d", **kwargs)
            given, by_name = seen.value.args
            # each value under its own name, positionally or by keyword, once
            reached = dict(zip(positional, given), **by_name)
            assert reached == dict(zip(positional, args), **kwargs) and len(given) + len(by_name) == len(reached)


def test_plugin_data_of_an_unknown_measure_is_unreadable():
    content = record.PluginData(version=record.VERSION, measure="from_the_future").SerializeToString()
    with pytest.raises(record.UnreadableRecord, match="upgrade"):
        REGISTRY.measure_of(content)
