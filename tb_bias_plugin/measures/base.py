"""What a measure is to the shared layers: the `Measure` interface.

Writing and serving reach a measure only through this interface, found in
the registry (`tb_bias_plugin.measures.registry`); measures never import
each other. How to add one: docs/architecture.md.
"""

from __future__ import annotations

import abc
import dataclasses
import importlib
from typing import Any, Callable, Mapping, Protocol, Sequence

from tensorboard import errors

#: A route handler: ``(werkzeug request, Services) -> werkzeug response``.
Handler = Callable[[Any, "Services"], Any]


@dataclasses.dataclass(frozen=True)
class Loaded:
    """One stored step of a tag, decoded by its measure."""

    run: str
    tag: str
    step: int
    value: Any
    #: identifies the stored data (changes when the step is rewritten)
    key: tuple
    #: the step's own description (Markdown; "" if none was stored)
    description: str = ""


class Services(Protocol):
    """What the serving layer gives a measure's routes."""

    def context(self, request: Any) -> tuple[Any, str]:
        """TensorBoard's ``(RequestContext, experiment id)`` of a request."""

    def load(self, request: Any, run: str, tag: str, step: int | None, measure: str) -> Loaded:
        """The stored value at ``step`` (None: the latest) of a tag of ``measure``;
        raises NotFoundError or UnreadableRecord."""

    def steps(self, request: Any, run: str, tag: str, measure: str) -> list[int]:
        """Every step of a tag of ``measure``, in order."""

    def series(self, request: Any, run: str, tag: str, measure: str) -> Any:
        """A tag of ``measure`` listed once: ``.wall_times``, ``{step: wall time}`` of every
        step in order (the wall time of the write served, which changes when a step is
        written again), and ``.load(step)``, each step as `load` gives it, from that listing."""

    def load_steps(
        self, request: Any, run: str, tag: str, measure: str, steps: Sequence[int] | None = None,
        *, last: int | None = None, part: str | None = None,
    ) -> list[Loaded]:
        """Many steps of a tag of ``measure`` from one listing of its series:
        ``steps`` (None: every step; ``last``: only the latest that many),
        each decoded whole or only as its codec's ``PARTS[part]``; raises
        NotFoundError or UnreadableRecord."""

    def derived(self, key: tuple, make: Callable[[], Any] | None) -> Any:
        """A value computed from loaded data, cached under ``key`` within a
        memory budget; with ``make=None``, the cached value or None."""

    def label_search(self, key: tuple, labels: Sequence[str]) -> Any:
        """A cached search over ``labels`` (see serving.label_search.LabelSearch)."""

    @property
    def flags(self) -> Any:
        """The logdir's flag store (see serving.flags.FlagStore)."""


@dataclasses.dataclass(frozen=True)
class Summary:
    """A summary a measure writes: ``build`` validates its arguments and
    returns the payload message; writing adds name, step and description."""

    name: str
    build: Callable[..., Any]


class ForeignSource(abc.ABC):
    """Data of another TensorBoard plugin that a measure can show."""

    plugin_name: str

    @abc.abstractmethod
    def list_tags(self, provider: Any, ctx: Any, experiment: str
                  ) -> tuple[dict[str, dict[str, tuple[dict, list[int]]]], list[dict]]:
        """``{run: {tag: (listing, steps)}}`` of every readable table, and
        ``[{"run", "tag", "error"}]`` of every one that cannot be read."""

    @abc.abstractmethod
    def owns(self, tag: str) -> bool:
        """Whether a tag name is one of this source's."""

    @abc.abstractmethod
    def load(self, provider: Any, ctx: Any, experiment: str, run: str, tag: str, step: int | None) -> Loaded:
        """The value at ``step`` (None: the latest)."""

    @abc.abstractmethod
    def wall_times(self, provider: Any, ctx: Any, experiment: str, run: str, tag: str) -> dict[int, float]:
        """``{step: wall time}`` of every step, in order (as `Services.series`)."""


class Measure(abc.ABC):
    """One measure: how it is stored, written, listed and served."""

    #: registry key, the envelope's oneof member and the frontend's view id
    id: str
    #: shown in the Bias tab's measure switcher
    title: str
    #: position in the switcher (lowest first)
    order: int = 100
    #: field number of its member of ``Record.payload``; never reused
    payload_number: int
    #: its payload message, declared in ``proto_file``
    payload_message: str
    #: the .proto file that declares its messages (its descriptor set is beside it)
    proto_file: str
    #: its ``metadata`` module; when given, the four above are read from it
    #: (MEASURE_ID, PAYLOAD_NUMBER, PAYLOAD_MESSAGE, PROTO_FILE), so they are declared once
    metadata: Any = None
    #: summaries it writes, e.g. ``association_table``
    summaries: Sequence[Summary] = ()
    #: public names it adds to ``tb_bias_plugin`` (``{name: "module:attr"}``, imported lazily)
    exports: Mapping[str, str] = {}
    #: Keras callbacks it adds to ``tb_bias_plugin.callbacks`` (``{name: "module:attr"}``)
    callbacks: Mapping[str, str] = {}
    #: Apache Beam transforms it adds to ``tb_bias_plugin.beam`` (``{name: "module:attr"}``)
    beam: Mapping[str, str] = {}
    #: PyTorch training-loop helpers it adds to ``tb_bias_plugin.pytorch`` (``{name: "module:attr"}``)
    pytorch: Mapping[str, str] = {}
    #: other plugins' data it reads
    foreign: Sequence[ForeignSource] = ()
    #: said when a step of a tag is written twice in one process (``RewrittenStepWarning``): how this
    #: measure puts what belongs to one step into one record, if it is split by nature
    rewrite_hint: str = ""

    #: module of its stored form: ``describe(payload)``, ``decode(payload)``
    #: and ``nbytes(value)``, and optionally ``PARTS`` (``{name: decode}``:
    #: what an across-steps route reads of each record); a measure may
    #: override the methods instead
    codec: Any = None
    #: dotted name of its server half: a module with ``ROUTES`` (``{"/path":
    #: handler}``) and ``config()``. Imported only when the plugin asks for
    #: routes or config, so writing a summary never loads it.
    routes_module: str | None = None
    #: dotted name of its ``tb-bias log --measure <id>`` module, if it is read from prediction files:
    #: ``OPTIONS`` (the argparse dests it takes: those it adds and the shared ones it uses), ``DESCRIPTION``
    #: and ``EXAMPLES`` (text for ``--help``), ``add_arguments(parser)`` and ``run(args, write)``. Imported
    #: only by the command line (``tb_bias_plugin/cli/log.py``).
    command_line: str | None = None

    def __init__(self) -> None:
        if self.metadata is not None:
            self.id = self.metadata.MEASURE_ID
            self.payload_number = self.metadata.PAYLOAD_NUMBER
            self.payload_message = self.metadata.PAYLOAD_MESSAGE
            self.proto_file = self.metadata.PROTO_FILE

    def describe(self, payload: Any) -> dict[str, Any]:
        """What the ``runs`` listing says of a stored step (cheap: no decompression)."""
        return self.codec.describe(payload)

    def decode(self, payload: Any) -> Any:
        """The value of a payload message; ValueError if it cannot be read."""
        return self.codec.decode(payload)

    def decode_part(self, payload: Any, part: str) -> Any:
        """The part ``part`` of a payload message (its codec's ``PARTS``; the
        whole value if it has no such part); ValueError if it cannot be read."""
        parts = getattr(self.codec, "PARTS", None) or {}
        return parts[part](payload) if part in parts else self.decode(payload)

    def nbytes(self, value: Any) -> int:
        """Approximate memory of a decoded value, for the cache budget."""
        size = getattr(self.codec, "nbytes", None)
        return 1 << 10 if size is None else size(value)

    def config(self) -> dict[str, Any]:
        """Limits and defaults its view needs, served once in ``runs`` (imports the server half)."""
        config = getattr(self._server_half(), "config", None)
        return {} if config is None else dict(config())

    def routes(self) -> dict[str, Handler]:
        """``{"/path": handler}`` (imports the server half); paths must not collide with other measures'."""
        return dict(getattr(self._server_half(), "ROUTES", {}))

    def _server_half(self) -> Any:
        return None if self.routes_module is None else importlib.import_module(self.routes_module)


def pick_step(data: Any, step: int | None, run: str, tag: str) -> Any:
    """The datum at ``step`` (None: the last); NotFoundError naming the steps there are."""
    if step is None:
        return data[-1]
    for datum in data:
        if datum.step == step:
            return datum
    raise errors.NotFoundError(
        "%r of run %r has no step %d (steps: %s)" % (tag, run, step, ", ".join(str(d.step) for d in data[:50]))
    )
