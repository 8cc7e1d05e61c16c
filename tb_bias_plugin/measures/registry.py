"""The registry: every measure, found by its id or by its stored kind.

Serving and writing look measures up here and nowhere else. A measure is
found by being a package under ``tb_bias_plugin/measures/`` with a
module-level ``MEASURE``: adding one edits neither this registry nor
storage nor serving. Outside its folder it adds its frontend folder and its
entries in the public facades (``summary.py``, ``__init__.py``,
``callbacks.py``, ``beam.py``, ``pytorch.py``), written out for type
checkers; tests fail until those match what it declares
(docs/architecture.md, "What adding a measure touches, exactly").
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any, Callable, Iterator, Mapping, Sequence

from tb_bias_plugin.core.extras import install_hint
from tb_bias_plugin.measures.base import Handler, Measure, Summary
from tb_bias_plugin.storage import record

#: The measure whose payload version-1 files stored bare.
V1_MEASURE = "association"


class Registry:
    """Measures by id, and the envelope that stores any of them."""

    def __init__(self, measures: Sequence[Measure]):
        ids = [m.id for m in measures]
        if len(set(ids)) != len(ids):
            raise ValueError("measure ids must be unique: %s" % ids)
        self._measures = {m.id: m for m in measures}
        self._summaries: dict[str, tuple[Measure, Summary]] = {}
        for m in measures:
            for s in m.summaries:
                if s.name in self._summaries:
                    raise ValueError("measures %r and %r both write a summary %s" % (self._summaries[s.name][0].id, m.id, s.name))
                self._summaries[s.name] = (m, s)
        self._routes: dict[str, tuple[Measure, Handler]] | None = None
        self.envelope = record.Envelope(
            [record.PayloadSlot(m.id, m.payload_number, m.payload_message, m.proto_file) for m in measures],
            V1_MEASURE,
        )

    def __iter__(self) -> Iterator[Measure]:
        return iter(self._measures.values())

    def __getitem__(self, measure_id: str) -> Measure:
        return self._measures[measure_id]

    def __contains__(self, measure_id: object) -> bool:
        return measure_id in self._measures

    def summary(self, name: str) -> tuple[Measure, Summary]:
        """The measure writing the summary ``name`` (e.g. ``association_table``), and the summary."""
        try:
            return self._summaries[name]
        except KeyError:
            raise ValueError("no measure writes a summary %r; there are %s" % (name, ", ".join(self._summaries)))

    def routes(self) -> dict[str, tuple[Measure, Handler]]:
        """Every measure's routes, ``{"/path": (measure, handler)}``.

        Each measure's server half is imported on the first call (by the
        plugin), never when only writing.

        Raises
        ------
        ValueError
            If two measures claim the same path.
        """
        if self._routes is None:
            routes: dict[str, tuple[Measure, Handler]] = {}
            for m in self._measures.values():
                for path, handler in m.routes().items():
                    if path in routes:
                        raise ValueError("measures %r and %r both claim the route %s" % (routes[path][0].id, m.id, path))
                    routes[path] = (m, handler)
            self._routes = routes
        return self._routes

    def measure_of(self, plugin_content: bytes) -> Measure:
        """The measure of a tag, from its summary metadata's plugin content.

        Raises
        ------
        UnreadableRecord
            If the content is malformed, newer than this build, or names a
            measure this build does not have.
        """
        measure_id = record.parse_plugin_data(plugin_content, V1_MEASURE)
        if measure_id not in self._measures:
            raise record.UnreadableRecord("measure %r is not in this build; upgrade tb-bias-plugin" % measure_id)
        return self._measures[measure_id]

    def decode(self, data: bytes) -> tuple[Measure, Any]:
        """The measure and decoded value of stored bytes; UnreadableRecord if unreadable."""
        return self._read(data, lambda measure, payload: measure.decode(payload))

    def describe(self, data: bytes) -> tuple[Measure, dict]:
        """The measure and ``runs`` listing of stored bytes; UnreadableRecord if unreadable."""
        return self._read(data, lambda measure, payload: measure.describe(payload))

    def read(self, data: bytes, part: str | None = None) -> tuple[Measure, Any, str]:
        """The measure, decoded value (only its ``part``, if given: see
        `Measure.decode_part`) and the step's own description of stored bytes;
        UnreadableRecord if unreadable."""
        measure_id, payload, description = self.envelope.read(data)
        measure = self._measures[measure_id]
        try:
            value = measure.decode(payload) if part is None else measure.decode_part(payload, part)
        except ValueError as e:
            raise record.UnreadableRecord(str(e))
        return measure, value, description

    def _read(self, data: bytes, read: Callable[[Measure, Any], Any]) -> tuple[Measure, Any]:
        measure_id, payload = self.envelope.decode(data)
        measure = self._measures[measure_id]
        try:
            return measure, read(measure, payload)
        except ValueError as e:
            raise record.UnreadableRecord(str(e))


def discover(paths: Sequence[str] | None = None, prefix: str = __package__ + ".") -> list[Measure]:
    """Every ``MEASURE`` of the packages in ``paths`` (default: this folder), by `Measure.order`."""
    if paths is None:
        from tb_bias_plugin import measures

        paths = list(measures.__path__)
    found = []
    for info in pkgutil.iter_modules(paths, prefix):
        if info.ispkg:
            measure = getattr(importlib.import_module(info.name), "MEASURE", None)
            if isinstance(measure, Measure):
                found.append(measure)
    return sorted(found, key=lambda m: (m.order, m.id))


#: The measures of this build.
REGISTRY = Registry(discover())


def lazy_attribute(facade: str, paths: Mapping[str, str], name: str,
                   needs: tuple[str | tuple[str, ...], str, str] | None = None) -> Any:
    """What a facade module's ``__getattr__`` serves: ``name`` imported on
    first use from ``paths`` (``{name: "module:attr"}``, from the measures).

    Raises
    ------
    AttributeError
        If ``name`` is not in ``paths``.
    ImportError
        With ``needs=(package, what, extra)``, when ``package`` (or one of
        a tuple of packages) is missing: the message names the pip extra
        that brings it.
    """
    if name not in paths:
        raise AttributeError("module %r has no attribute %r" % (facade, name))
    module, attr = paths[name].split(":")
    try:
        return getattr(importlib.import_module(module), attr)
    except ModuleNotFoundError as e:
        if needs is None:
            raise
        package, what, extra = needs
        if e.name and e.name.split(".")[0] in ((package,) if isinstance(package, str) else package):
            raise ImportError('%s.%s needs %s: %s' % (facade, name, what, install_hint(extra))) from e
        raise
