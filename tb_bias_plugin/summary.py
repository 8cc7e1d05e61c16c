"""Log tb-bias measures to TensorBoard logdirs: the public summary API.

Every summary a measure declares (``association_table``, ``metric_table``,
...) is offered two ways that write identical records:

* as a function here, under TensorFlow's default summary writer
  (``tf.summary.create_file_writer``), like ``tf.summary.scalar``;
* as a method of :class:`Writer`, which writes event files directly and
  never imports TensorFlow (PyTorch, JAX, NumPy).

Both take ``name`` first and ``step`` and ``description`` as keywords;
the other arguments are the measure's (see each call's help). Bad
arguments raise ``ValueError`` before anything is written.

Examples
--------
>>> import tempfile, tensorflow as tf
>>> with tf.summary.create_file_writer(tempfile.mkdtemp()).as_default():
...     written = association_table(
...         "gender", [["man", "bike"], ["woman"], ["man"]],
...         label_names=["man", "woman", "bike"], identity_labels=["man", "woman"], step=0)
>>> bool(written)
True
"""

from __future__ import annotations

import inspect
import re
from typing import Any, Callable

from tb_bias_plugin.measures.base import Measure, Summary
from tb_bias_plugin.measures.registry import REGISTRY
from tb_bias_plugin.writing import events

_COMMON_DOC = """
    name : str
        The tag; under TensorFlow, this name under any active name scopes.
    step : int, optional
        {step}
    description : str, optional
        Markdown shown with the data in TensorBoard.
"""


class Writer(events.EventWriter):
    """Writes tb-bias records to a logdir without importing TensorFlow.

    Has one method per summary of this module, with the same arguments;
    ``step=None`` writes step 0 (as PyTorch's SummaryWriter does).

    Parameters
    ----------
    logdir : str
        Directory for the event file (created if missing); local, or any
        filesystem TensorBoard's own file layer supports (s3://, fsspec).
    filename_suffix : str, optional
        Appended to the event file name.

    Examples
    --------
    >>> import tempfile
    >>> with Writer(tempfile.mkdtemp()) as writer:
    ...     writer.association_table(
    ...         "gender", [["man", "bike"], ["woman"], ["man"]],
    ...         label_names=["man", "woman", "bike"], identity_labels=["man", "woman"], step=0)
    True
    """

    def __getattr__(self, name: str) -> Any:  # methods are added below; this tells type checkers
        raise AttributeError("%r object has no attribute %r" % (type(self).__name__, name))


def _signature(build: Callable[..., Any], *, method: bool) -> inspect.Signature:
    params = list(inspect.signature(build).parameters.values())
    head = [inspect.Parameter("name", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=str)]
    if method:
        head.insert(0, inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD))
    tail = [
        inspect.Parameter("step", inspect.Parameter.KEYWORD_ONLY, default=None),
        inspect.Parameter("description", inspect.Parameter.KEYWORD_ONLY, default=None),
    ]
    positional = [p for p in params if p.kind != inspect.Parameter.KEYWORD_ONLY]
    keyword = [p for p in params if p.kind == inspect.Parameter.KEYWORD_ONLY]
    return inspect.Signature(head + positional + tail + keyword)


def _doc(build: Callable[..., Any], step: str) -> str:
    # The builder's own examples run (as doctests) where it is defined; here
    # they would name things this module does not have.
    doc = re.sub(r"\nExamples\n-{8,}\n.*?(?=\n[A-Z][A-Za-z ]+\n-{3,}\n|\Z)", "", inspect.getdoc(build) or "", flags=re.S)
    marker = "Parameters\n----------\n"
    common = inspect.cleandoc(_COMMON_DOC.format(step=step))
    if marker in doc:
        return doc.replace(marker, marker + common + "\n", 1)
    return doc + "\n\n" + marker + common


def _prepare(summary: Summary, name: Any, args: tuple, kwargs: dict, step: Any, description: Any) -> tuple:
    """Validate everything, then build the payload: nothing is written on error."""
    events.check_name(name)
    step = events.check_step(step)
    events.check_description(description)
    return step, summary.build(*args, **kwargs)


def _tf_function(measure: Measure, summary: Summary) -> Callable[..., Any]:
    def write(name: str, *args: Any, step: Any = None, description: Any = None, **kwargs: Any) -> Any:
        events.require_eager()
        step, payload = _prepare(summary, name, args, kwargs, step, description)
        return events.write_tf(name, measure.id, measure.payload_number, payload, step, description)

    write.__name__ = write.__qualname__ = summary.name
    write.__signature__ = _signature(summary.build, method=False)  # type: ignore[attr-defined]
    write.__doc__ = _doc(summary.build, "Defaults to ``tf.summary.experimental.get_step()``.") + (
        "\n\nReturns\n-------\nbool tensor\n    True if written, False if there is no default summary writer."
    )
    return write


def _writer_method(measure: Measure, summary: Summary) -> Callable[..., Any]:
    def write(self: events.EventWriter, name: str, *args: Any, step: Any = None, description: Any = None, **kwargs: Any) -> bool:
        step, payload = _prepare(summary, name, args, kwargs, step, description)
        return self.write_record(name, measure.id, measure.payload_number, payload, step, description)

    write.__name__ = summary.name
    write.__qualname__ = "Writer." + summary.name
    write.__signature__ = _signature(summary.build, method=True)  # type: ignore[attr-defined]
    write.__doc__ = _doc(summary.build, "Default 0 (there is no default step without TensorFlow).")
    return write


def add_summaries(registry: Any, writer: type, namespace: dict[str, Any]) -> list[str]:
    """Give ``writer`` a method and ``namespace`` a function per summary of
    every measure in ``registry``; their names."""
    names = []
    for measure in registry:
        for summary in measure.summaries:
            namespace[summary.name] = _tf_function(measure, summary)
            setattr(writer, summary.name, _writer_method(measure, summary))
            names.append(summary.name)
    return names


__all__ = ["Writer"] + add_summaries(REGISTRY, Writer, globals())
