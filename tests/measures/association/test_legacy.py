"""The old nPMI plugin's tables, read through a provider whose listing and reads can disagree."""

import numpy as np
from tensorboard.data import provider as tbp

from tb_bias_plugin.measures.association import legacy

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
    assert source.list_tags(provider, None, "")["run"][legacy.TAG][0]["num_labels"] == 2
    provider.stored = (2.0, ["a", "b", "c"])  # the read catches up: the rewrite is served, then cached
    assert source.load(provider, None, "", "run", legacy.TAG, None).value.label_names == ("a", "b", "c")
    assert source.list_tags(provider, None, "")["run"][legacy.TAG][0]["num_labels"] == 3
    reads = provider.reads
    source.load(provider, None, "", "run", legacy.TAG, None)
    source.list_tags(provider, None, "")
    assert provider.reads == reads  # listing and read agree: read once, then from the cache
