"""Records of a logdir, listed by TensorBoard's data provider, read and cached.

Lists every tag of every measure (and other plugins' data a measure can
show), and loads one (run, tag, step) at a time, or many steps at once.
The provider lists; a record of a local logdir is read from its event file
(`event_files.LocalRecords`, the same bytes, without a request to TensorBoard's
data server per record), any other through the provider. Decoded values, values
derived from them and label searches are kept in bounded LRU caches keyed
by what identifies the data (including its wall time, so a rewritten step
is read again); new steps of a running job are picked up because listings
are never cached.
"""

from __future__ import annotations

import collections
import concurrent.futures
import contextlib
import copy
import functools
import logging
import sys
from typing import Any, Callable, Iterator, Sequence

from tensorboard import errors
from tensorboard.data import provider as tb_provider

from tb_bias_plugin.core.lru import LRU
from tb_bias_plugin.measures.base import Loaded, pick_step
from tb_bias_plugin.measures.registry import Registry
from tb_bias_plugin.serving import memory
from tb_bias_plugin.serving.event_files import LocalRecords, RecordScanner
from tb_bias_plugin.serving.label_search import LabelSearch
from tb_bias_plugin.storage import arrays, metadata
from tb_bias_plugin.storage.record import UnreadableRecord

logger = logging.getLogger(__name__)

# TensorBoard keeps 10 samples per tag of an unknown plugin unless told
# otherwise (--samples_per_plugin=tb_bias=0 keeps every step); read whatever it kept.
_ALL_SAMPLES = 1_000_000

#: Memory for values computed from loaded records (metric values, masks,
#: views), shared by every table and evicted least recently used first;
#: raised to DERIVED_PER_RECORD times the largest loaded record, so that a
#: million-label table's metric (one column per identity, as large as its
#: counts) is computed once, not on every request.
DERIVED_BYTES = 128 << 20
DERIVED_PER_RECORD = 2
#: Memory for decoded records.
VALUE_BYTES = 2 << 30
#: Memory for the parts of records across-steps routes read.
PART_BYTES = 256 << 20
#: Records an across-steps route reads at once (see Source._try_read_blob).
READ_THREADS = 48
#: No record read from its file: the provider reads each.
_NOT_LOCAL = LocalRecords(None, "", "", ())


class Source:
    """Lists and loads records for the plugin's routes."""

    def __init__(
        self,
        data_provider: Any,
        registry: Registry,
        *,
        downsample: int | None = None,
        max_values: int = 16,
        max_value_bytes: int = VALUE_BYTES,
        max_derived_bytes: int = DERIVED_BYTES,
        max_parts: int = 100_000,
        max_part_bytes: int = PART_BYTES,
        local: RecordScanner | None = None,
    ):
        """``local``: the scanner of the provider's logdir, if it is a local one: records
        are then read from their files (the provider's own read is the fallback)."""
        self._provider = data_provider
        self._local = local
        self._registry = registry
        self._downsample = downsample or _ALL_SAMPLES
        self._values = LRU(max_values, max_value_bytes)
        # The parts across-steps routes read: small, one per step of a long run.
        self._parts = LRU(max_parts, max_part_bytes)
        self._derived = LRU(100_000, max_derived_bytes)
        self._max_derived_bytes = max_derived_bytes
        self._searches = LRU(max_values)
        # Per experiment, what its last listing described: {(run, tag): ((step, wall time), described)},
        # one entry per tag however many there are (an LRU of fewer entries than tags missed on all of them).
        self._descriptions = LRU(16)
        # Records found unreadable, until they are rewritten (a new wall
        # time): a corrupt or hostile record costs its work once.
        self._unreadable = LRU(1024)
        # Per tag, keyed by its first and latest listed writes: why its metadata and records disagree
        # on its measure ("" if they agree), so that a route need not read its latest record to know.
        self._measure_checks = LRU(4096)
        self._decoded = 0  # records decoded, for _freeze_if_decoded

    # Listing --------------------------------------------------------------

    def list_tags(self, ctx: Any, experiment: str) -> tuple[dict[str, dict[str, tuple[str, dict, list[int]]]], list[dict]]:
        """``{run: {tag: (measure id, listing, [steps])}}`` of every readable
        tag, and ``[{"run", "tag", "error"}]`` of every tag that cannot be read.

        One unreadable tag or run never hides the others, whatever the data
        loader raises for it.
        """
        result: dict[str, dict[str, tuple[str, dict, list[int]]]] = collections.defaultdict(dict)
        unreadable: list[dict] = []
        listing = self._provider.list_blob_sequences(ctx, experiment_id=experiment, plugin_name=metadata.PLUGIN_NAME)
        steps = self._read_all_steps(ctx, experiment, listing, unreadable)
        described: dict[tuple[str, str], tuple] = {}
        for run, tags in listing.items():
            for tag, series in tags.items():
                data = steps.get(run, {}).get(tag, [])
                if not data:
                    continue
                try:
                    named = self._registry.measure_of(series.plugin_content).id
                    known = self.is_unreadable(experiment, run, tag, data[-1])
                    if known is not None:
                        raise copy.copy(known)
                    measure_id, info = self._describe(ctx, experiment, run, tag, data[-1], described)
                    self._check_measures(ctx, experiment, run, tag, data, named, measure_id)
                except UnreadableRecord as e:
                    unreadable.append({"run": run, "tag": tag, "error": str(e)})
                    continue
                info = dict(info, description=series.description)
                result[run][tag] = (measure_id, info, [d.step for d in data])
        self._descriptions.put(experiment, described)  # tags no longer listed are dropped
        for measure in self._registry:
            for foreign in measure.foreign:
                try:
                    found, unreadable_foreign = foreign.list_tags(self._provider, ctx, experiment)
                except Exception as e:  # another plugin's data must not hide ours
                    unreadable.append({"run": None, "tag": None, "error": "%s data: %s" % (foreign.plugin_name, _loader_error(e))})
                    continue
                unreadable.extend(unreadable_foreign)
                for run, tags in found.items():
                    for tag, (info, step_list) in tags.items():
                        result[run][tag] = (measure.id, info, step_list)
        return result, unreadable

    def _read_all_steps(self, ctx: Any, experiment: str, listing: dict, unreadable: list[dict]) -> dict:
        """Steps of every tag; if the loader fails on the whole logdir, run by
        run, so that a run it cannot read is reported, not fatal."""
        try:
            return self._provider.read_blob_sequences(
                ctx, experiment_id=experiment, plugin_name=metadata.PLUGIN_NAME, downsample=self._downsample
            )
        except Exception as e:  # whatever the loader raises
            logger.warning("tb_bias: listing the logdir failed (%s); listing run by run", e)
        steps = {}
        for run, tags in listing.items():
            try:
                steps.update(
                    self._provider.read_blob_sequences(
                        ctx,
                        experiment_id=experiment,
                        plugin_name=metadata.PLUGIN_NAME,
                        downsample=self._downsample,
                        run_tag_filter=tb_provider.RunTagFilter(runs=[run]),
                    )
                )
            except Exception as e:
                unreadable.extend({"run": run, "tag": tag, "error": _loader_error(e)} for tag in tags)
        return steps

    def _describe(self, ctx: Any, experiment: str, run: str, tag: str, datum: Any, described: dict) -> tuple[str, dict]:
        """The latest step's own description: the series metadata is the
        first step's, and identities or thresholds may change over a run.
        Read again only if the latest write is not the one the last listing
        described; kept in ``described`` for the next listing."""
        latest = (datum.step, datum.wall_time)
        known = (self._descriptions.get(experiment) or {}).get((run, tag))
        if known is not None and known[0] == latest:
            answer = known[1]
        else:
            measure, info = self._registry.describe(self._read_blob(ctx, run, tag, datum))
            answer = (measure.id, info)
        described[run, tag] = (latest, answer)
        return answer

    def _read_blob(self, ctx: Any, run: str, tag: str, datum: Any, local: LocalRecords | None = None) -> bytes:
        """The stored bytes of a listed datum: from its event file (``local``: those
        located for this request; None: locate this one) if they can be, else from the provider."""
        if not datum.values:
            raise UnreadableRecord("%r of run %r at step %d has no data" % (tag, run, datum.step))
        if local is None and self._local is not None:
            with LocalRecords(self._local, run, tag, [datum]) as one:
                blob = one.read(datum.step, datum.wall_time)
        else:
            blob = None if local is None else local.read(datum.step, datum.wall_time)
        if blob is not None:
            return blob
        try:
            return self._provider.read_blob(ctx, blob_key=datum.values[0].blob_key)
        except errors.NotFoundError:
            raise
        except Exception as e:  # whatever the loader raises, for this record alone
            raise _LoaderFailure("%r of run %r at step %d: %s" % (tag, run, datum.step, _loader_error(e)))

    # Loading --------------------------------------------------------------

    def _series(self, ctx: Any, experiment: str, run: str, tag: str) -> list:
        series = self._provider.read_blob_sequences(
            ctx,
            experiment_id=experiment,
            plugin_name=metadata.PLUGIN_NAME,
            downsample=self._downsample,
            run_tag_filter=tb_provider.RunTagFilter(runs=[run], tags=[tag]),
        )
        data = series.get(run, {}).get(tag)
        if not data:
            if run not in series and not self._run_exists(ctx, experiment, run):
                raise errors.NotFoundError("no run named %r" % run)
            raise errors.NotFoundError("run %r has no tb_bias tag %r" % (run, tag))
        return data

    def steps(self, ctx: Any, experiment: str, run: str, tag: str, measure: str | None = None) -> list[int]:
        """Every step of a tag (of another plugin's too, if ``measure`` shows that plugin's tags)."""
        return list(self.wall_times(ctx, experiment, run, tag, measure))

    def wall_times(self, ctx: Any, experiment: str, run: str, tag: str, measure: str | None = None) -> dict[int, float]:
        """``{step: wall time}`` of the record TensorBoard kept for each step."""
        foreign = self._foreign(measure, tag)
        if foreign is not None:
            return foreign.wall_times(self._provider, ctx, experiment, run, tag)
        return {d.step: d.wall_time for d in self._series(ctx, experiment, run, tag)}

    def _foreign(self, measure: str | None, tag: str) -> Any:
        """The other plugin's source whose tag ``tag`` is, among those ``measure`` shows; None if none."""
        return next((f for f in self._registry[measure].foreign if f.owns(tag)), None) if measure is not None else None

    def load(self, ctx: Any, experiment: str, run: str, tag: str, step: int | None, measure: str) -> Loaded:
        """The value at ``step`` (default: the latest) of a tag of ``measure``.

        Raises
        ------
        tensorboard.errors.NotFoundError
            If the run, tag or step does not exist, or the tag holds another measure.
        UnreadableRecord
            If the stored bytes cannot be decoded.
        """
        foreign = self._foreign(measure, tag)
        if foreign is not None:
            return foreign.load(self._provider, ctx, experiment, run, tag, step)
        data = self._series(ctx, experiment, run, tag)
        return self._load_from(ctx, experiment, run, tag, data, step, measure, _TagDescription(self, ctx, experiment))

    def _load_from(self, ctx: Any, experiment: str, run: str, tag: str, data: list, step: int | None, measure: str,
                   description: "_TagDescription") -> Loaded:
        """`load` from a listing of the series made before."""
        datum = pick_step(data, step, run, tag)
        decoded = self._decoded
        with self._measures_checked(ctx, experiment, run, tag, data, description, None):
            loaded = self._loaded(ctx, experiment, run, tag, datum, measure, None, description)
        self._freeze_if_decoded(decoded)
        return loaded

    def series(self, ctx: Any, experiment: str, run: str, tag: str, measure: str) -> "Series":
        """A tag's series listed once, for a route that loads many of its steps one at a time
        (each `load` lists the series again: a gRPC call under the data server)."""
        foreign = self._foreign(measure, tag)
        if foreign is not None:
            return Series(lambda: foreign.wall_times(self._provider, ctx, experiment, run, tag),
                          lambda step: foreign.load(self._provider, ctx, experiment, run, tag, step))
        data = self._series(ctx, experiment, run, tag)
        description = _TagDescription(self, ctx, experiment)  # the tag's metadata listed once too
        return Series(lambda: {d.step: d.wall_time for d in data},
                      lambda step: self._load_from(ctx, experiment, run, tag, data, step, measure, description))

    def load_steps(
        self, ctx: Any, experiment: str, run: str, tag: str, measure: str, steps: Sequence[int] | None = None,
        *, last: int | None = None, part: str | None = None,
    ) -> list[Loaded]:
        """Many steps of a tag from one listing of its series (not one per
        step): ``steps`` (None: all; ``last``: the latest that many), each
        whole or only its measure's ``part`` (cached apart from whole values).

        Raises
        ------
        tensorboard.errors.NotFoundError
            If the run, tag or a step does not exist, or the tag holds another measure.
        UnreadableRecord
            If a step's stored bytes cannot be decoded.
        """
        foreign = self._foreign(measure, tag)
        if foreign is not None:
            wanted = self.steps(ctx, experiment, run, tag, measure) if steps is None else list(steps)
            wanted = wanted[-last:] if last else wanted
            return [foreign.load(self._provider, ctx, experiment, run, tag, s) for s in wanted]
        data = self._series(ctx, experiment, run, tag)
        if steps is None:
            chosen = list(data)
        else:
            by_step = {d.step: d for d in data}
            for s in steps:
                if s not in by_step:
                    pick_step(data, s, run, tag)  # raises NotFoundError naming the steps there are
            chosen = [by_step[s] for s in steps]
        if last:
            chosen = chosen[-last:]
        description = _TagDescription(self, ctx, experiment)
        to_read = self._uncached(experiment, run, tag, chosen, part)
        decoded = self._decoded
        with LocalRecords(self._local, run, tag, to_read) as local, self._measures_checked(
                ctx, experiment, run, tag, data, description, part):
            loaded = self._load_all(ctx, experiment, run, tag, chosen, measure, part, description, local,
                                    [d for d in to_read if d.step not in local])
        self._freeze_if_decoded(decoded)
        return loaded

    def _freeze_if_decoded(self, before: int) -> None:
        """Freeze (see _loaded) only if a record was decoded since ``before``: a freeze also
        catches the cycles of requests in flight, which are then never collected unless
        memory.freeze collects them; a cached answer has nothing new to freeze."""
        if self._decoded != before:
            memory.freeze()

    def _load_all(
        self, ctx: Any, experiment: str, run: str, tag: str, chosen: list, measure: str, part: str | None,
        description: "_TagDescription", local: LocalRecords, remote: list,
    ) -> list[Loaded]:
        """`_loaded` of every datum of ``chosen``: those in ``local`` read from their files one
        at a time as they are decoded, the ``remote`` ones asked of the provider concurrently."""
        if len(remote) < 2:
            return [self._loaded(ctx, experiment, run, tag, d, measure, part, description, local=local) for d in chosen]
        # Read concurrently, and decode each record as its bytes arrive
        # while the later ones are still on their way.
        with concurrent.futures.ThreadPoolExecutor(min(READ_THREADS, len(remote))) as pool:
            reads = {d.step: pool.submit(self._try_read_blob, ctx, run, tag, d) for d in remote}
            try:
                return [
                    self._loaded(ctx, experiment, run, tag, d, measure, part, description,
                                 reads[d.step].result() if d.step in reads else None, local)
                    for d in chosen
                ]
            except BaseException:
                pool.shutdown(wait=False, cancel_futures=True)  # an unreadable step ends the request
                raise

    def _uncached(self, experiment: str, run: str, tag: str, data: list, part: str | None) -> list:
        """The steps of ``data`` neither cached nor known unreadable: those to read."""
        wanted = []
        for datum in data:
            key = (experiment, run, tag, datum.step, datum.wall_time)
            if self._cache(part).get(key + (part,)) is None and self._unreadable.get(key) is None:
                wanted.append(datum)
        return wanted

    def _try_read_blob(self, ctx: Any, run: str, tag: str, datum: Any) -> Any:
        """A step's bytes, or the error reading them (raised again by _loaded,
        for that step). Run in threads: a read from TensorBoard's data server
        waits tens of milliseconds for its answer, not for a CPU."""
        try:
            return self._read_blob(ctx, run, tag, datum, _NOT_LOCAL)
        except Exception as e:
            return e

    def _loaded(
        self, ctx: Any, experiment: str, run: str, tag: str, datum: Any, measure: str, part: str | None,
        tag_description: "_TagDescription", blob: Any = None, local: LocalRecords | None = None,
    ) -> Loaded:
        """One step, decoded (whole, or its ``part``) or from the cache.

        A decoded table is long-lived (a million-label index alone is
        millions of references): left to the cycle collector, every full
        collection walks it, about 12 ms per request at 1M labels. The
        callers freeze (gc.freeze) what is alive after a record was decoded:
        tables hold no reference cycles, and what else a freeze catches is
        reclaimed later by memory.freeze.
        """
        key = (experiment, run, tag, datum.step, datum.wall_time)
        cache = self._cache(part)
        cached = cache.get(key + (part,))
        if cached is None:
            error = self._unreadable.get(key)
            if error is not None:
                raise copy.copy(error)  # a fresh traceback each time: a stored one would grow and hold frames
            try:
                if blob is None:
                    blob = self._read_blob(ctx, run, tag, datum, local)
                elif isinstance(blob, Exception):
                    raise blob
                found, value, description = self._registry.read(blob, part)
                self._decoded += 1
                tag_description.check_metadata(run, tag)  # once per record read, not per request
            except UnreadableRecord as e:
                error = UnreadableRecord("step %d: %s" % (datum.step, e))
                if not isinstance(e, _LoaderFailure):  # the loader's failure may pass: asked again next time
                    self._unreadable.put(key, error)
                raise copy.copy(error) from None
            if not description:  # a step logged without one (or a first-release record): the tag's, as TensorBoard shows it
                description = tag_description(run, tag)
            cached = (found.id, value, description)
            size = found.nbytes(value) if part is None else arrays.footprint(value)
            cache.put(key + (part,), cached, size)
            self._derived.bound(max(self._max_derived_bytes, DERIVED_PER_RECORD * size))
        measure_id, value, description = cached
        if measure_id != measure:
            raise errors.NotFoundError("%r of run %r holds %s, not %s" % (tag, run, measure_id, measure))
        return Loaded(run, tag, datum.step, value, key, description)

    @contextlib.contextmanager
    def _measures_checked(self, ctx: Any, experiment: str, run: str, tag: str, data: list,
                          description: "_TagDescription", part: str | None) -> Iterator[None]:
        """`_check_measures` after a route loaded steps of a tag (the latest then usually cached, not
        read again), or when one of them held another measure than the route's: the tag may hold two."""
        try:
            yield
        except errors.NotFoundError:
            self._check_measures(ctx, experiment, run, tag, data, lambda: description.measure(run, tag), part=part)
            raise
        self._check_measures(ctx, experiment, run, tag, data, lambda: description.measure(run, tag), part=part)

    def _check_measures(self, ctx: Any, experiment: str, run: str, tag: str, data: list,
                        named: str | Callable[[], str | None], latest: str | None = None,
                        part: str | None = None) -> None:
        """UnreadableRecord if the measure the tag's metadata names (``named``, or ``named()``; None: unknown) is
        not its latest record's (``latest``; else as cached, whole or its ``part``; else read): `runs`
        lists such a tag as unreadable, so every route that reads it answers so. Known per first and
        latest write."""
        first, last = data[0], data[-1]
        key = (experiment, run, tag, first.step, first.wall_time, last.step, last.wall_time)
        error = self._measure_checks.get(key)
        if error is None:
            error, metadata_measure = "", named if isinstance(named, str) else named()
            cached = self._cache(part).get(key[:3] + key[5:] + (part,)) or self._values.get(key[:3] + key[5:] + (None,))
            latest = latest or (cached[0] if cached else None)
            try:
                if metadata_measure is not None:
                    latest = latest or self._record_measure(ctx, run, tag, last)
                    if latest != metadata_measure:
                        error = _measure_mismatch(metadata_measure, self._record_measure(ctx, run, tag, first), latest)
            except UnreadableRecord:  # a record that cannot be read says so on its own routes; not known here
                return
            self._measure_checks.put(key, error)
        if error:
            raise UnreadableRecord(error)

    def _record_measure(self, ctx: Any, run: str, tag: str, datum: Any) -> str:
        """The measure a stored record holds (its envelope read, nothing decoded)."""
        return self._registry.envelope.decode(self._read_blob(ctx, run, tag, datum))[0]

    def _cache(self, part: str | None) -> LRU:
        return self._values if part is None else self._parts

    def is_unreadable(self, experiment: str, run: str, tag: str, datum: Any) -> UnreadableRecord | None:
        """The error of a step already found unreadable (until it is rewritten), or None."""
        return self._unreadable.get((experiment, run, tag, datum.step, datum.wall_time))

    def _run_exists(self, ctx: Any, experiment: str, run: str) -> bool:
        return any(r.run_name == run for r in self._provider.list_runs(ctx, experiment_id=experiment))

    # Derived, cached per value ---------------------------------------------

    def derived(self, key: tuple, make: Callable[[], Any] | None) -> Any:
        value = self._derived.get(key)
        if value is None and make is not None:
            value = make()
            if self._derived.put(key, value, _size_of(value)):
                memory.release()  # what was evicted goes back to the system
        return value

    def label_search(self, key: tuple, labels: Sequence[str]) -> LabelSearch:
        search = self._searches.get(key)
        if search is None:
            search = LabelSearch(labels)
            self._searches.put(key, search)
        return search


class Series:
    """One listing of a tag's series (`Source.series`)."""

    def __init__(self, wall_times: Callable[[], dict[int, float]], load: Callable[[int | None], Loaded]):
        self._wall_times = wall_times
        self._load = load

    @functools.cached_property
    def wall_times(self) -> dict[int, float]:
        """``{step: wall time}`` of the record kept for each step, in order (asked
        only when needed: another plugin's tags list them with a call of their own)."""
        return self._wall_times()

    def load(self, step: int | None) -> Loaded:
        """The value at ``step`` (None: the latest), as listed; raises NotFoundError or UnreadableRecord."""
        return self._load(step)


class _LoaderFailure(UnreadableRecord):
    """TensorBoard's data loader failed to read a record's bytes: unlike bytes that
    cannot be decoded, this may pass (a remote logdir's network, a data server
    under load), so it is not remembered as the record's state."""


class _TagDescription:
    """A tag's own description (for records without their own) and the
    check of its plugin metadata, the tag listed at most once per request."""

    def __init__(self, source: Source, ctx: Any, experiment: str):
        self._source, self._ctx, self._experiment = source, ctx, experiment
        self._found: dict[tuple[str, str], Any] = {}
        self._sound: set[tuple[str, str]] = set()

    def _series(self, run: str, tag: str) -> Any:
        if (run, tag) not in self._found:
            try:
                series = self._source._provider.list_blob_sequences(
                    self._ctx,
                    experiment_id=self._experiment,
                    plugin_name=metadata.PLUGIN_NAME,
                    run_tag_filter=tb_provider.RunTagFilter(runs=[run], tags=[tag]),
                )
            except Exception:  # a provider's passing failure: no description, and `runs` still checks the metadata
                series = {}
            self._found[(run, tag)] = series.get(run, {}).get(tag)
        return self._found[(run, tag)]

    def __call__(self, run: str, tag: str) -> str:
        return getattr(self._series(run, tag), "description", "") or ""

    def measure(self, run: str, tag: str) -> str | None:
        """The measure the tag's plugin metadata names (None if not listed); UnreadableRecord if unreadable."""
        series = self._series(run, tag)
        return None if series is None else self._source._registry.measure_of(series.plugin_content).id

    def check_metadata(self, run: str, tag: str) -> None:
        """UnreadableRecord if the tag's plugin metadata is (as ``runs`` lists it); parsed once a request."""
        if (run, tag) in self._sound:
            return
        series = self._series(run, tag)
        if series is not None:
            self._source._registry.measure_of(series.plugin_content)
        self._sound.add((run, tag))


def _size_of(value: Any) -> int:
    """Bytes a derived value holds: arrays count whole; Python containers and
    scalars about what CPython allocates for them, never less (an across-steps
    answer is thousands of small numbers: at 1 KB each, one long run's answer
    was counted 18 times its size and emptied the cache); other objects a
    little (views keep their arrays in this same cache, counted there)."""
    if value is None or isinstance(value, bool):
        return 0  # shared singletons: only the container's slot
    if isinstance(value, (int, float)):
        return 32
    if isinstance(value, (tuple, list)):
        return 64 + 10 * len(value) + sum(map(_size_of, value))
    if isinstance(value, dict):  # e.g. gap statistics: several per-label arrays
        return 184 + 24 * len(value) + sum(map(_size_of, value.values()))
    if isinstance(value, (str, bytes)):
        return sys.getsizeof(value)
    nbytes = getattr(value, "nbytes", None)
    return nbytes if isinstance(nbytes, int) else 1024


def _measure_mismatch(named: str, first: str, latest: str) -> str:
    """Why a tag whose plugin metadata names ``named`` but whose latest record holds ``latest`` (and
    first record ``first``) cannot be read: two writers chose one tag (a Keras callback names its
    tag after an attribute), or the metadata was written wrong."""
    if first == latest:
        return ("its plugin metadata names %s but its records hold %s: the metadata contradicts the records, "
                "and neither can be trusted; log the tag again" % (named, latest))
    return ("holds records of two measures, %s at its first step and %s at its latest: TensorBoard keeps one "
            "series per run and tag, so neither can be read as this tag; log each measure under its own tag"
            % (first, latest))


def _loader_error(error: Exception) -> str:
    """What went wrong in TensorBoard's data loader, and what to do about it."""
    text = str(error)[:300]
    if "blob key" in text:
        return (
            "TensorBoard's fast data loader cannot serve names with quotes, backslashes or control "
            "characters (%s); start TensorBoard with --load_fast=false, or rename the run or tag" % text
        )
    return "TensorBoard's data loader failed: %s" % text
