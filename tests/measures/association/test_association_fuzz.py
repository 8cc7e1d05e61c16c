"""Random and hostile requests to every route never produce a 5xx or hang."""

import json
import threading
import urllib.parse

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import plugin_fixtures as fx
from plugin_fixtures import Client

PREFIX = "/data/plugin/tb_bias/"
ROUTES = ["runs", "table", "distribution", "compare", "csv", "flags", "index.js"]
PARAMS = [
    "run", "tag", "step", "threshold", "metric", "x1", "x2", "smoothing", "q", "case_sensitive",
    "label", "range", "min_count", "undefined", "zero_cooccurrence", "include_identities",
    "flagged_only", "show_hidden", "sort", "order", "offset", "limit", "bins", "run2", "tag2", "step2",
]
HOSTILE = [
    # patterns that backtracking engines take exponential time on
    "(a+)+$", "(a|aa)+$", "(x+x+)+y", "^(a|a?)+$", "((a*)*)*b", "(.*a){25}", "a{1000}{1000}",
    "(?:(?:(?:(?:(?:a*)*)*)*)*)*b", "\\", "[", "(?P<n>a)(?P=n)", "\\1", "a**", "(?i)LABEL", "\\pN+",
    "\\A", "(?-m)^label$", "x" * 2000,
    # patterns whose RE2 program outgrows its DFA budget (slow on many labels)
    "(.*){1000}$", "(.?){40}e(.?){40}$", "(.*){999}(.*){999}9", "[\\pL\\pN]{200}",
    # numbers at and past their limits
    "nan", "inf", "-inf", "1e309", "-0", "9" * 400, "0x10", "1_0", " 1", "-9223372036854775809",
    # names that exist, nearly exist, or are awkward
    "", "man", "woman", "child", "rest", "gap", "label", "count", "count@man", "npmi_xy@woman",
    "gap::", "gap:-1:1", "count:1e400:", ":::", "@", "label 01", "model_a", "model_b", "gender",
    "_npmi_", "legacy", "precomputed", "scores", "nPMI", "0.3", "0.6", "-1", "2", "0", "1", "abs",
    "<script>alert(1)</script>", "\x00", "\ud7ff", "../../etc/passwd", "%00",
]
value = st.one_of(st.sampled_from(HOSTILE), st.text(max_size=30))
params = st.dictionaries(st.sampled_from(PARAMS + ["junk"]), st.lists(value, min_size=1, max_size=3), max_size=8)
base = st.sampled_from([
    {}, {"run": ["model_a"], "tag": ["gender"]}, {"run": ["legacy"], "tag": ["_npmi_"]},
    {"run": ["precomputed"], "tag": ["scores"]}, {"tag": ["gender"]},
])


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    logdir = tmp_path_factory.mktemp("fuzz")
    fx.write_logdir(logdir, steps=(0, 1))
    fx.write_legacy_npmi(logdir)
    app, _ = fx.make_app(logdir)
    return Client(app)


def _request(client, method, path, **kwargs):
    """The response, failing the test if the server thread is still busy after 60 s."""
    result = {}
    thread = threading.Thread(target=lambda: result.update(r=getattr(client, method)(path, **kwargs)), daemon=True)
    thread.start()
    thread.join(60)
    assert not thread.is_alive(), "request hung: %s" % path[:300]
    return result["r"]


def _check(response):
    assert response.status_code < 500, response.get_data(as_text=True)[:500]
    if response.status_code >= 400:
        body = json.loads(response.get_data(as_text=True))
        assert isinstance(body["error"], str) and "Traceback" not in body["error"]


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(route=st.sampled_from(ROUTES), base=base, extra=params)
def test_random_queries_never_fail_the_server(client, route, base, extra):
    query = dict(base)
    query.update(extra)
    path = PREFIX + route + "?" + urllib.parse.urlencode(query, doseq=True)
    _check(_request(client, "get", path))


json_value = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.sampled_from(HOSTILE)),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.sampled_from(["tag", "flagged", "hidden", "version", "x"]), children, max_size=4),
    max_leaves=12,
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=st.one_of(
    json_value.map(json.dumps),
    st.binary(max_size=100),
    # nesting deeper than Python's JSON parser recurses
    st.sampled_from(["[" * 100_000, '{"tag": "gender", "version": 0, "x": ' + "[" * 50_000 + "]" * 50_000 + "}"]),
))
def test_random_flag_writes_never_fail_the_server(client, body):
    _check(_request(client, "post", PREFIX + "flags", data=body))
