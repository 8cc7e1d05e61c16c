"""The old nPMI plugin's tables, read through a provider whose listing and reads can disagree."""

import numpy as np
import pytest
from tensorboard.data import provider as tbp
from werkzeug.test import Client

from tb_bias_plugin.measures.association import legacy
from tb_bias_plugin.storage.record import UnreadableRecord
from tests import plugin_fixtures as fx
from tests.plugin_fixtures import get_json

METRICS = ["count", "count@male", "count@female", "nPMI@male", "nPMI@female"]


class Provider:
    """One run whose table is rewritten at step 1; ``listed`` is the wall time its listing shows and
    ``stored`` the (wall time, labels) its reads give, set apart to play a write that lands between them."""

    def __init__(self, listed, stored):
        self.listed, self.stored, self.reads = listed, stored, 0

    def list_tensors(self, ctx, *, experiment_id, plugin_name, run_tag_filter=None):
        series = tbp.TensorTimeSeries(max_step=1, max_wall_time=self.listed, plugin_content=b"", description="",
                                      display_name="")
        return {"run": {tag: series for tag in (legacy.ANNOTATIONS, legacy.METRICS, legacy.VALUES)}}

    def read_tensors(self, ctx, *, experiment_id, plugin_name, downsample, run_tag_filter):
        self.reads += 1
        wall, labels = self.stored
        values = np.tile(np.float32([10, 4, 3, 0.1, -0.2]), (len(labels), 1))  # whole counts, C(x, y) <= C(y)

        def datum(array):
            return [tbp.TensorDatum(step=1, wall_time=wall, numpy=np.asarray(array))]

        return {"run": {legacy.ANNOTATIONS: datum([s.encode() for s in labels]),
                        legacy.METRICS: datum([s.encode() for s in METRICS]), legacy.VALUES: datum(values)}}


def test_a_table_read_while_the_run_is_rewritten_is_not_kept_under_the_newer_listing():
    # the listing already shows the rewrite (wall time 2) but the read still gives the first write
    provider = Provider(listed=2.0, stored=(1.0, ["a", "b"]))
    source = legacy.LegacyNpmi()
    assert source.load(provider, None, "", "run", legacy.TAG, None).value.label_names == ("a", "b")
    assert source.list_tags(provider, None, "")[0]["run"][legacy.TAG][0]["num_labels"] == 2
    provider.stored = (2.0, ["a", "b", "c"])  # the read catches up: the rewrite is served, then cached
    assert source.load(provider, None, "", "run", legacy.TAG, None).value.label_names == ("a", "b", "c")
    assert source.list_tags(provider, None, "")[0]["run"][legacy.TAG][0]["num_labels"] == 3
    reads = provider.reads
    source.load(provider, None, "", "run", legacy.TAG, None)
    source.list_tags(provider, None, "")
    assert provider.reads == reads  # listing and read agree: read once, then from the cache


class BadProvider(Provider):
    """Its table holds nPMI 5 for every label."""

    def read_tensors(self, ctx, **kw):
        out = super().read_tensors(ctx, **kw)
        wall, labels = self.stored
        values = np.tile(np.float32([10, 4, 3, 5.0, -0.2]), (len(labels), 1))
        out["run"][legacy.VALUES] = [tbp.TensorDatum(step=1, wall_time=wall, numpy=values)]
        return out


def test_an_unreadable_table_is_read_again_only_once_rewritten():
    # review: every runs request (every Reload) read the whole bad table again
    provider = BadProvider(listed=1.0, stored=(1.0, ["a", "b"]))
    source = legacy.LegacyNpmi()
    for _ in range(3):
        found, unreadable = source.list_tags(provider, None, "")
        assert found == {} and "old nPMI plugin table (_npmi_) of run 'run'" in unreadable[0]["error"]
    assert provider.reads == 1
    provider.listed, provider.stored = 2.0, (2.0, ["a", "b"])  # rewritten (still bad): read again
    source.list_tags(provider, None, "")
    assert provider.reads == 2


class RewrittenGoodProvider(BadProvider):
    """Its listing shows a good rewrite while its reads still give the bad first write, until `caught_up`."""

    caught_up = False

    def read_tensors(self, ctx, **kw):
        return Provider.read_tensors(self, ctx, **kw) if self.caught_up else super().read_tensors(ctx, **kw)


def test_a_bad_table_read_while_the_run_is_rewritten_is_not_kept_under_the_newer_listing():
    # review: the error was cached under the new listing's key, so the good rewrite stayed unlisted
    provider = RewrittenGoodProvider(listed=2.0, stored=(1.0, ["a", "b"]))
    source = legacy.LegacyNpmi()
    assert source.list_tags(provider, None, "")[0] == {}
    with pytest.raises(UnreadableRecord):
        source.load(provider, None, "", "run", legacy.TAG, None)
    provider.caught_up, provider.stored = True, (2.0, ["a", "b"])
    found, unreadable = source.list_tags(provider, None, "")
    assert unreadable == [] and found["run"][legacy.TAG][0]["num_labels"] == 2
    assert source.load(provider, None, "", "run", legacy.TAG, None).value.label_names == ("a", "b")


def test_loading_an_unreadable_table_reads_it_once_per_write():
    # review: every request to a route read the whole bad table again (the listing's failure was cached)
    provider = BadProvider(listed=1.0, stored=(1.0, ["a", "b"]))
    source = legacy.LegacyNpmi()
    for _ in range(3):
        with pytest.raises(UnreadableRecord, match="old nPMI plugin table"):
            source.load(provider, None, "", "run", legacy.TAG, None)
    assert provider.reads == 1


def legacy_client(tmp_path, values):
    fx.write_legacy_npmi(tmp_path, values=values)
    app, _ = fx.make_app(tmp_path)
    return Client(app)


# The old plugin's columns: count, count@male, count@female, nPMI@male, nPMI@female, nPMI_diff@male-female
NORMALISED = [[0.5, 0.2, 0.25, 0.05, 0.1, -0.05], [0.3, 0.15, 0.1, 0.2, -0.1, 0.3],
              [0.4, 0.02, 0.3, -0.6, 0.4, -1.0], [0.1, 0.05, 0.05, 0.0, 0.0, 0.0]]


def test_old_plugin_counts_need_not_be_whole(tmp_path):
    # its README asks only that nPMI lie in [-1, 1]; counts normalised by the number of examples were served
    client = legacy_client(tmp_path, NORMALISED)
    body = get_json(client, "runs")
    assert body["unreadable"] == [] and body["runs"][0]["tags"][0]["format"] == "npmi_legacy"
    rows = get_json(client, "table", run="legacy", tag="_npmi_", sort="count", include_identities=1)["rows"]
    assert [row["label"] for row in rows] == ["tree", "dress", "field", "=SUM(A1)"]
    assert rows[0]["count"] == pytest.approx(0.5, rel=1e-6)


def test_old_plugin_counts_may_pass_their_total_by_a_rounding(tmp_path):
    # review: frequencies divided in float32 put count@x one ulp above count, and the whole table was refused
    row = np.float32([0.3, 0.3, 0.1, 0.05, 0.1, -0.05])
    row[1] = np.nextafter(row[0], np.float32(1))
    client = legacy_client(tmp_path, [row] + NORMALISED[1:])
    assert get_json(client, "runs")["unreadable"] == []


@pytest.mark.parametrize("row, error", [
    ([0.5, 0.2, 0.25, 5.0, 0.1, -0.05], "'nPMI@male' holds nPMI values, which lie in [-1, 1]; got 5.0"),
    ([0.5, -0.2, 0.25, 0.05, 0.1, -0.05], "'count@male' holds counts, which must be numbers from 0 to 2**53"),
    ([0.5, 0.7, 0.25, 0.05, 0.1, -0.05], "'count@male' is 0.7"),
])
def test_an_old_plugin_table_that_breaks_a_rule_is_listed_as_unreadable(tmp_path, row, error):
    # it was left out of the listing without a word
    client = legacy_client(tmp_path, [row] + NORMALISED[1:])
    body = get_json(client, "runs")
    assert body["runs"] == []
    [entry] = body["unreadable"]
    assert entry["run"] == "legacy" and entry["tag"] == "_npmi_" and error in entry["error"]
    assert error in get_json(client, "table", status=422, run="legacy", tag="_npmi_")["error"]
