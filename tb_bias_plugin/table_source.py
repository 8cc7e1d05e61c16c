"""Tables of a logdir, read through TensorBoard's data provider and cached.

Lists tb_bias tables and tables of the old upstream nPMI plugin, and loads
one (run, tag, step) at a time. Parsed tables, metric views and label
searches are kept in bounded LRU caches keyed by what identifies the data
(including its wall time, so a rewritten step is read again); new steps of
a running job are picked up because listings are never cached.
"""

import collections

import numpy as np

from tensorboard import errors
from tensorboard.data import provider

from tb_bias_plugin import encoding, metadata, metrics, proto
from tb_bias_plugin.label_search import LabelSearch
from tb_bias_plugin.lru import LRU
from tb_bias_plugin.query import CountsView, PrecomputedView
from tb_bias_plugin.table import AssociationTable, PrecomputedTable, metric_families

LEGACY_PLUGIN_NAME = "npmi"
LEGACY_TAG = "_npmi_"
LEGACY_ANNOTATIONS = "_npmi_/annotations"
LEGACY_METRICS = "_npmi_/metrics"
LEGACY_VALUES = "_npmi_/values"

# TensorBoard keeps 10 samples per tag of an unknown plugin unless told
# otherwise (--samples_per_plugin=tb_bias=all); read whatever it kept.
_ALL_SAMPLES = 1_000_000


class UnreadableTable(Exception):
    """Stored data exists but cannot be decoded by this build."""


class TableInfo:
    """What a listing says of one (run, tag): the kind and shape of its latest table."""

    def __init__(self, kind, fmt, identities, thresholds, num_labels, metric_names, description):
        self.kind, self.format = kind, fmt
        self.identities, self.thresholds, self.num_labels = identities, thresholds, num_labels
        self.metrics, self.description = metric_names, description


def _table_bytes(table):
    if isinstance(table, AssociationTable):
        return sum(a.nbytes for a in (table.label_counts, table.cooccurrence)) + 64 * len(table.label_names)
    return table.values.nbytes + 64 * len(table.label_names)


class TableSource:
    """Lists and loads tables for the plugin's routes."""

    def __init__(self, data_provider, *, downsample=None, max_tables=16, max_table_bytes=2 << 30):
        self._provider = data_provider
        self._downsample = downsample or _ALL_SAMPLES
        self._tables = LRU(max_tables, max_table_bytes)
        self._views = LRU(8)
        self._searches = LRU(max_tables)
        self._descriptions = LRU(1024)
        self._legacy_steps = LRU(64)

    # Listing --------------------------------------------------------------

    def list_tables(self, ctx, experiment):
        """``{run: {tag: (TableInfo, [steps])}}`` for every readable table."""
        result = collections.defaultdict(dict)
        listing = self._provider.list_blob_sequences(
            ctx, experiment_id=experiment, plugin_name=metadata.PLUGIN_NAME
        )
        steps = self._provider.read_blob_sequences(
            ctx, experiment_id=experiment, plugin_name=metadata.PLUGIN_NAME, downsample=self._downsample
        )
        for run, tags in listing.items():
            for tag, series in tags.items():
                data = steps.get(run, {}).get(tag, [])
                try:
                    metadata.parse_plugin_metadata(series.plugin_content)
                    if not data:
                        continue
                    content = self._describe(ctx, experiment, run, tag, data[-1])
                except (ValueError, UnreadableTable):
                    continue  # written by a newer tb-bias, or corrupt: nothing to show
                result[run][tag] = (_info(content, series.description), [d.step for d in data])
        for run, (info, step_list) in self._legacy_tables(ctx, experiment).items():
            result[run][LEGACY_TAG] = (info, step_list)
        return result

    def _describe(self, ctx, experiment, run, tag, datum):
        """The latest step's own description: the series metadata is the
        first step's, and identities or thresholds may change over a run."""
        key = (experiment, run, tag, datum.step, datum.wall_time)
        content = self._descriptions.get(key)
        if content is None:
            content = encoding.describe_table(self._read_blob(ctx, run, tag, datum))
            self._descriptions.put(key, content)
        return content

    def _read_blob(self, ctx, run, tag, datum):
        if not datum.values:
            raise UnreadableTable("table %r of run %r at step %d has no data" % (tag, run, datum.step))
        return self._provider.read_blob(ctx, blob_key=datum.values[0].blob_key)

    def _legacy_tables(self, ctx, experiment):
        listing = self._provider.list_tensors(
            ctx, experiment_id=experiment, plugin_name=LEGACY_PLUGIN_NAME
        )
        found = {}
        for run, tags in listing.items():
            if not {LEGACY_ANNOTATIONS, LEGACY_METRICS, LEGACY_VALUES} <= set(tags):
                continue
            values = tags[LEGACY_VALUES]
            key = (experiment, run, values.max_step, values.max_wall_time)
            cached = self._legacy_steps.get(key)
            if cached is None:
                try:
                    table, step_list = self._read_legacy(ctx, experiment, run, None)
                except UnreadableTable:
                    continue
                cached = (_legacy_info(table, values.description), step_list)
                self._legacy_steps.put(key, cached)
            found[run] = cached
        return found

    # Loading --------------------------------------------------------------

    def load(self, ctx, experiment, run, tag, step=None):
        """The table at ``step`` (default: the latest) as ``(step, table, key)``.

        Raises
        ------
        tensorboard.errors.NotFoundError
            If the run, tag or step does not exist.
        UnreadableTable
            If the stored bytes cannot be decoded.
        """
        if tag == LEGACY_TAG:
            return self._load_legacy(ctx, experiment, run, step)
        series = self._provider.read_blob_sequences(
            ctx,
            experiment_id=experiment,
            plugin_name=metadata.PLUGIN_NAME,
            downsample=self._downsample,
            run_tag_filter=provider.RunTagFilter(runs=[run], tags=[tag]),
        )
        data = series.get(run, {}).get(tag)
        if not data:
            if run not in series and not self._run_exists(ctx, experiment, run):
                raise errors.NotFoundError("no run named %r" % run)
            raise errors.NotFoundError("run %r has no tb_bias table %r" % (run, tag))
        datum = _pick_step(data, step, run, tag)
        key = (experiment, run, tag, datum.step, datum.wall_time)
        table = self._tables.get(key)
        if table is None:
            blob = self._read_blob(ctx, run, tag, datum)
            try:
                table = encoding.decode_table(blob)
            except ValueError as e:
                raise UnreadableTable("table %r of run %r at step %d: %s" % (tag, run, datum.step, e))
            self._tables.put(key, table, _table_bytes(table))
        return datum.step, table, key

    def _run_exists(self, ctx, experiment, run):
        return any(r.run_name == run for r in self._provider.list_runs(ctx, experiment_id=experiment))

    def _load_legacy(self, ctx, experiment, run, step):
        listing = self._provider.list_tensors(
            ctx,
            experiment_id=experiment,
            plugin_name=LEGACY_PLUGIN_NAME,
            run_tag_filter=provider.RunTagFilter(runs=[run], tags=[LEGACY_VALUES]),
        )
        series = listing.get(run, {}).get(LEGACY_VALUES)
        if series is None:
            raise errors.NotFoundError("run %r has no table %r" % (run, LEGACY_TAG))
        key = (experiment, run, LEGACY_TAG, step, series.max_step, series.max_wall_time)
        cached = self._tables.get(key)
        if cached is None:
            table, step_list = self._read_legacy(ctx, experiment, run, step)
            chosen = step if step is not None else step_list[-1]
            cached = (chosen, table)
            self._tables.put(key, cached, _table_bytes(table))
        chosen, table = cached
        return chosen, table, key

    def _read_legacy(self, ctx, experiment, run, step):
        """The old plugin's table of ``run`` at ``step`` (None: latest), and its steps."""
        data = self._provider.read_tensors(
            ctx,
            experiment_id=experiment,
            plugin_name=LEGACY_PLUGIN_NAME,
            downsample=self._downsample,
            run_tag_filter=provider.RunTagFilter(
                runs=[run], tags=[LEGACY_ANNOTATIONS, LEGACY_METRICS, LEGACY_VALUES]
            ),
        ).get(run, {})
        values = data.get(LEGACY_VALUES) or []
        if not values or not data.get(LEGACY_ANNOTATIONS) or not data.get(LEGACY_METRICS):
            raise errors.NotFoundError("run %r has no complete nPMI table" % run)
        step_list = [d.step for d in values]
        datum = _pick_step(values, step, run, LEGACY_TAG)
        try:
            annotations = _legacy_strings(_at_or_before(data[LEGACY_ANNOTATIONS], datum.step))
            metric_names = _legacy_strings(_at_or_before(data[LEGACY_METRICS], datum.step))
            table = PrecomputedTable(annotations, metric_names, _decimal_values(np.asarray(datum.numpy)))
        except (ValueError, TypeError, UnicodeDecodeError) as e:
            raise UnreadableTable("nPMI table of run %r at step %d: %s" % (run, datum.step, e))
        return table, step_list

    # Derived, cached per table -------------------------------------------

    def view(self, key, table, threshold_index=0, smoothing=0.0):
        """The (cached) CountsView or PrecomputedView of a loaded table."""
        view_key = (key, threshold_index, float(smoothing))
        view = self._views.get(view_key)
        if view is None:
            if isinstance(table, AssociationTable):
                view = CountsView(table, threshold_index, smoothing)
            else:
                view = PrecomputedView(table)
            self._views.put(view_key, view)
        return view

    def search(self, key, table):
        """The (cached) LabelSearch over a loaded table's labels."""
        search = self._searches.get(key)
        if search is None:
            search = LabelSearch(table.label_names)
            self._searches.put(key, search)
        return search


def _info(content, description):
    if content.kind == proto.PRECOMPUTED:
        families, _ = metric_families(content.metric_names)
        return TableInfo(
            "precomputed", "tb_bias", list(content.identity_names), [],
            content.num_labels, list(families), description,
        )
    return TableInfo(
        "counts", "tb_bias", list(content.identity_names), list(content.thresholds),
        content.num_labels, list(metrics.METRICS), description,
    )


def _legacy_info(table, description):
    return TableInfo(
        "precomputed", "npmi_legacy", list(table.identity_names), [],
        len(table.label_names), list(table.families), description,
    )


def _pick_step(data, step, run, tag):
    if step is None:
        return data[-1]
    for datum in data:
        if datum.step == step:
            return datum
    raise errors.NotFoundError(
        "table %r of run %r has no step %d (steps: %s)"
        % (tag, run, step, ", ".join(str(d.step) for d in data[:50]))
    )


def _decimal_values(values):
    """Float32 values as float64 decimals with the fewest significant digits
    (6 to 9) that round back to the same float32, so that 0.2 logged as
    float32 is served as 0.2, not 0.20000000298023224. Nothing is lost:
    nine digits always round-trip. (Subnormals, below 1.2e-38, keep more
    digits than their shortest form.)"""
    values = np.asarray(values)
    out = values.astype(np.float64)
    if values.dtype.kind != "f" or values.dtype.itemsize > 4:
        return out
    flat, original = out.reshape(-1), values.reshape(-1)
    todo = np.flatnonzero(np.isfinite(flat) & (flat != 0))
    magnitude = np.floor(np.log10(np.abs(flat[todo])))
    for digits in (6, 7, 8, 9):
        scale = 10.0 ** (digits - 1 - magnitude)
        with np.errstate(over="ignore", invalid="ignore"):
            rounded = np.round(flat[todo] * scale) / scale
            exact = rounded.astype(values.dtype) == original[todo]
        flat[todo[exact]] = rounded[exact]
        todo, magnitude = todo[~exact], magnitude[~exact]
    return out


def _at_or_before(data, step):
    earlier = [d for d in data if d.step <= step]
    return (earlier or data)[-1]


def _legacy_strings(datum):
    return [v.decode("utf-8") if isinstance(v, bytes) else str(v) for v in np.asarray(datum.numpy).ravel()]
