"""Tables written by the old upstream TensorBoard nPMI plugin (``_npmi_/...``).

That plugin stored one table per run as three tensors (annotations, metric
names, values); it is shown as a precomputed table under the tag
``_npmi_``.
"""

from __future__ import annotations

import copy
from typing import Any

import numpy as np
from tensorboard import errors
from tensorboard.data import provider as tb_provider

from tb_bias_plugin.core.lru import LRU
from tb_bias_plugin.measures.association.table import PrecomputedTable
from tb_bias_plugin.measures.base import ForeignSource, Loaded, pick_step
from tb_bias_plugin.storage.record import UnreadableRecord

PLUGIN_NAME = "npmi"
TAG = "_npmi_"
ANNOTATIONS = "_npmi_/annotations"
METRICS = "_npmi_/metrics"
VALUES = "_npmi_/values"

# TensorBoard keeps 10 samples per tag of an unknown plugin unless told
# otherwise; read whatever it kept.
_ALL_SAMPLES = 1_000_000


class LegacyNpmi(ForeignSource):
    """Lists and loads the old plugin's tables."""

    plugin_name = PLUGIN_NAME

    def __init__(self) -> None:
        self._listed = LRU(64)
        self._tables = LRU(8)

    def owns(self, tag: str) -> bool:
        return tag == TAG

    def list_tags(self, provider: Any, ctx: Any, experiment: str
                  ) -> tuple[dict[str, dict[str, tuple[dict, list[int]]]], list[dict]]:
        listing = provider.list_tensors(ctx, experiment_id=experiment, plugin_name=PLUGIN_NAME)
        found: dict[str, dict[str, tuple[dict, list[int]]]] = {}
        unreadable: list[dict] = []
        for run, tags in listing.items():
            if not {ANNOTATIONS, METRICS, VALUES} <= set(tags):
                continue
            try:
                found[run] = {TAG: self._listed_run(provider, ctx, experiment, run, tags[VALUES])}
            except UnreadableRecord as e:
                unreadable.append({"run": run, "tag": TAG, "error": str(e)})
            except errors.NotFoundError:
                continue  # written between listing and reading: not a table yet
        return found, unreadable

    def wall_times(self, provider: Any, ctx: Any, experiment: str, run: str, tag: str) -> dict[int, float]:
        """Every step at the series' latest wall time: TensorBoard lists no other without reading every
        table, and it changes whenever the run is written again."""
        series = self._values_series(provider, ctx, experiment, run)
        return dict.fromkeys(self._listed_run(provider, ctx, experiment, run, series)[1], series.max_wall_time)

    def _listed_run(self, provider: Any, ctx: Any, experiment: str, run: str, values: Any) -> tuple[dict, list[int]]:
        """A run's listing and steps, read once per write of its values; a table that cannot be read is
        read again only once rewritten, as tb_bias records are."""
        key = (experiment, run, values.max_step, values.max_wall_time)
        cached = self._listed.get(key)
        if cached is None:
            try:
                table, step_list, read = self._read(provider, ctx, experiment, run, None)
                cached = (_listing(table, values.description), step_list)
            except _UnreadableTable as e:
                cached, read = e.error, e.read
            if read == key[-2:]:
                self._listed.put(key, cached)
        if isinstance(cached, UnreadableRecord):
            raise copy.copy(cached)
        return cached

    def _values_series(self, provider: Any, ctx: Any, experiment: str, run: str) -> Any:
        listing = provider.list_tensors(
            ctx,
            experiment_id=experiment,
            plugin_name=PLUGIN_NAME,
            run_tag_filter=tb_provider.RunTagFilter(runs=[run], tags=[VALUES]),
        )
        series = listing.get(run, {}).get(VALUES)
        if series is None:
            raise errors.NotFoundError("run %r has no table %r" % (run, TAG))
        return series

    def load(self, provider: Any, ctx: Any, experiment: str, run: str, tag: str, step: int | None) -> Loaded:
        series = self._values_series(provider, ctx, experiment, run)
        key = (experiment, run, TAG, step, series.max_step, series.max_wall_time)
        cached = self._tables.get(key)
        if cached is None:
            try:
                table, step_list, read = self._read(provider, ctx, experiment, run, step)
                cached = (step if step is not None else step_list[-1], table)
            except _UnreadableTable as e:
                cached, read = e.error, e.read
            if read == key[-2:]:
                self._tables.put(key, cached)
        if isinstance(cached, UnreadableRecord):
            raise copy.copy(cached)
        chosen, table = cached
        return Loaded(run, TAG, chosen, table, key)

    def _read(self, provider: Any, ctx: Any, experiment: str, run: str, step: int | None
              ) -> tuple[PrecomputedTable, list[int], tuple[int, float]]:
        """The table of ``run`` at ``step`` (None: latest), its steps, and the latest step and wall time of
        the values read. The caller caches the table under the listing it made before reading only when
        these match it: a write between the listing and the read would otherwise file one version of the
        table under the other's key, served until the run is written again. A table that breaks a rule
        raises `_UnreadableTable`, which carries the same version for the same reason."""
        data = provider.read_tensors(
            ctx,
            experiment_id=experiment,
            plugin_name=PLUGIN_NAME,
            downsample=_ALL_SAMPLES,
            run_tag_filter=tb_provider.RunTagFilter(runs=[run], tags=[ANNOTATIONS, METRICS, VALUES]),
        ).get(run, {})
        values = data.get(VALUES) or []
        if not values or not data.get(ANNOTATIONS) or not data.get(METRICS):
            raise errors.NotFoundError("run %r has no complete nPMI table" % run)
        step_list = [d.step for d in values]
        read = (max(step_list), max(d.wall_time for d in values))
        datum = pick_step(values, step, run, TAG)
        try:
            annotations = _strings(_at_or_before(data[ANNOTATIONS], datum.step))
            metric_names = _strings(_at_or_before(data[METRICS], datum.step))
            table = PrecomputedTable(annotations, metric_names, decimal_values(np.asarray(datum.numpy)),
                                     fractional_counts=True)
        except (ValueError, TypeError, UnicodeDecodeError) as e:
            error = UnreadableRecord("old nPMI plugin table (%s) of run %r at step %d: %s" % (TAG, run, datum.step, e))
            raise _UnreadableTable(error, read) from e
        return table, step_list, read


class _UnreadableTable(Exception):
    """An unreadable table with the version read (latest step, wall time): its error is cached under a
    listing only when that listing shows the same version, as a table read whole is."""

    def __init__(self, error: UnreadableRecord, read: tuple[int, float]):
        super().__init__(str(error))
        self.error, self.read = error, read


def _listing(table: PrecomputedTable, description: str) -> dict[str, Any]:
    return {
        "kind": "precomputed",
        "format": "npmi_legacy",
        "identities": list(table.identity_names),
        "thresholds": [],
        "num_labels": len(table.label_names),
        "metrics": list(table.families),
        "description": description,
    }


def decimal_values(values: Any) -> np.ndarray:
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


def _at_or_before(data: Any, step: int) -> Any:
    earlier = [d for d in data if d.step <= step]
    return (earlier or data)[-1]


def _strings(datum: Any) -> list[str]:
    return [v.decode("utf-8") if isinstance(v, bytes) else str(v) for v in np.asarray(datum.numpy).ravel()]
