"""The writer lifecycle shared by the measures' Keras callbacks, and how they find and read a model's layers.

Importing this module imports neither TensorFlow nor Keras: the file
writer is created with ``tf.summary.create_file_writer`` at the first
write, flushed after every epoch's records and closed when training ends.
"""

from __future__ import annotations

import contextlib
import os
from typing import Any, Iterable, Iterator, Mapping

from tb_bias_plugin.writing import events

#: The run of a Keras TensorBoard log_dir that holds validation summaries.
VALIDATION_RUN = "validation"


class ValidationRecordWriter:
    """Mixin of a Keras callback that writes one measure's records to the
    ``validation`` run of a log_dir.

    List it before ``keras.callbacks.Callback`` among the bases, call
    `_init_writer` from ``__init__`` and `_write_records` from an epoch
    hook; `on_train_end` closes the file writer.

    Examples
    --------
    >>> class Log(ValidationRecordWriter):
    ...     def __init__(self, log_dir):
    ...         self._init_writer(log_dir, "toy", 1)
    >>> callback = Log("logs/model")
    >>> callback.on_train_end()  # nothing written yet: no file writer to close
    >>> callback._log_dir == os.path.join("logs/model", "validation")
    True
    """

    _log_dir: str
    _measure_id: str
    _payload_number: int
    _description: str | None
    _writer: Any

    def _init_writer(self, log_dir: Any, measure_id: str, payload_number: int, description: str | None = None,
                     rewrite_hint: str = "") -> None:
        """Remember where and what to write; no file is opened yet (``rewrite_hint``: `events.claim_tag`'s)."""
        self._rewrite_hint = rewrite_hint
        self._log_dir = os.path.join(events.check_logdir(log_dir), VALIDATION_RUN)
        self._measure_id = measure_id
        self._payload_number = payload_number
        self._description = events.check_description(description)
        self._writer = None

    def _write_records(self, records: Iterable[tuple[str, Any]], step: int) -> None:
        """Write each ``(tag, payload)`` at ``step``, then flush."""
        records = list(records)
        for tag, _ in records:  # before the file writer makes a file
            events.claim_tag(self._log_dir, tag, self._measure_id, self._log_dir, step,
                             getattr(self, "_rewrite_hint", ""))
        if self._writer is None:
            import tensorflow as tf

            self._writer = tf.summary.create_file_writer(self._log_dir)
        with self._writer.as_default():
            for tag, payload in records:
                events.write_tf(tag, self._measure_id, self._payload_number, payload, step, self._description)
        self._writer.flush()

    def on_train_end(self, logs: Any = None) -> None:
        """Close the file writer; a later epoch opens a new one."""
        if self._writer is not None:
            self._writer.close()
            self._writer = None


def shown_container(value: Any) -> str:
    """How an error names a container a callback cannot read as arrays.

    Examples
    --------
    >>> shown_container(None), shown_container(i for i in [1])
    ('None', 'a generator')
    """
    if value is None:
        return "None"
    return "a tf.data.Dataset" if hasattr(value, "element_spec") else "a " + type(value).__name__


def is_py_dataset(value: Any) -> bool:
    """Whether ``value`` is a Keras ``PyDataset``: its ``len()`` counts batches and NumPy reads its
    batches as one more axis, so a callback taking rows must refuse it by name."""
    return any(kind.__name__ == "PyDataset" for kind in type(value).__mro__)


def refuse_list_of_rows(x: Any, argument: str) -> None:
    """Refuse a list or tuple that holds no arrays (rows of numbers): Keras reads a list as one array per input.

    Examples
    --------
    >>> refuse_list_of_rows([[0.5, 1.0], [2.0, 0.0]], "x")
    Traceback (most recent call last):
    ...
    ValueError: x is a list of rows: pass them as one array, np.asarray(x) (a list is read as one array per model input)
    """
    if isinstance(x, (list, tuple)) and x and not any(hasattr(item, "shape") or isinstance(item, Mapping)
                                                      for item in x):
        raise ValueError(f"{argument} is a {type(x).__name__} of rows: pass them as one array, np.asarray({argument}) "
                         "(a list is read as one array per model input)")


def layer_paths(model: Any) -> list[str]:
    """The names `find_layer` finds in ``model``: each layer's, and ``"outer/inner"`` for a layer of a nested model.

    Examples
    --------
    >>> class Layer:
    ...     def __init__(self, name, layers=None):
    ...         self.name, self.layers = name, layers or []
    >>> layer_paths(Layer("model", [Layer("base", [Layer("fc")]), Layer("out")]))
    ['base', 'base/fc', 'out']
    """
    paths = []
    for layer in getattr(model, "layers", None) or []:
        paths.append(layer.name)
        paths += [layer.name + "/" + inner for inner in layer_paths(layer)]
    return paths


def find_layer(model: Any, path: str) -> Any:
    """The layer of ``model`` named ``path``, a layer of a nested model by ``"outer/inner"``, or None.

    Keras refuses a "/" in a layer's name, so a path cannot be mistaken for one.
    """
    layer = model
    for name in path.split("/"):
        layer = next((inner for inner in getattr(layer, "layers", None) or [] if inner.name == name), None)
        if layer is None:
            return None
    return layer


def check_layer_names(model: Any, names: Iterable[str], argument: str) -> None:
    """Raise ``ValueError`` unless `find_layer` finds every name.

    Called from a callback's ``on_train_begin``, the first moment the model
    is known, so a typo fails before the first epoch rather than after it.

    Raises
    ------
    ValueError
        Naming the first unknown layer, ``argument`` and the model's layer
        names (of its nested models' layers too, as paths).

    Examples
    --------
    >>> class Layer:
    ...     def __init__(self, name, layers=None):
    ...         self.name, self.layers = name, layers or []
    >>> model = Layer("model", [Layer("emb"), Layer("base", [Layer("fc1")])])
    >>> check_layer_names(model, ["emb", "base/fc1"], "layers")
    >>> check_layer_names(model, ["fc1"], "layers")
    Traceback (most recent call last):
    ...
    ValueError: layers: the model has no layer 'fc1'; its layers are 'emb', 'base', 'base/fc1' (a nested model's layer by its path, 'outer/inner')
    """
    for name in names:
        if find_layer(model, name) is None:
            known = layer_paths(model)
            shown = ", ".join(repr(k) for k in known[:30]) + (", ..." if len(known) > 30 else "")
            nested = " (a nested model's layer by its path, 'outer/inner')" if any("/" in k for k in known) else ""
            raise ValueError(f"{argument}: the model has no layer {name!r}; its layers are {shown}{nested}")


def check_head(head: Any) -> int | str | None:
    """A callback's ``head``, checked when it is made: None, an output's index (an int >= 0) or its name.

    Examples
    --------
    >>> check_head("labels"), check_head(1), check_head(None)
    ('labels', 1, None)
    >>> check_head(-1)
    Traceback (most recent call last):
    ...
    ValueError: head must be the index (an integer >= 0) or the name of one of the model's outputs; got -1
    """
    if head is None or (isinstance(head, str) and head):
        return head
    if hasattr(head, "__index__") and not isinstance(head, bool) and int(head) >= 0:
        return int(head)
    raise ValueError(f"head must be the index (an integer >= 0) or the name of one of the model's outputs; got {head!r}")


def output_names(model: Any) -> list[str] | None:
    """The names of a Keras model's outputs (the layers that make them), where it has them."""
    try:
        names = list(model.output_names)
    except (AttributeError, ValueError, TypeError):  # a Sequential or subclassed model may name none
        return None
    return [str(name) for name in names] or None


def pick_head(outputs: Any, head: int | str | None, names: list[str] | None = None) -> Any:
    """The one output a callback reads of a model's ``outputs``: its only one, or the one ``head`` picks.

    ``head`` is an index into a list, tuple or dict of outputs (in the
    order the model returns them), or a name: a dict's key, or for a list
    one of ``names`` (Keras's ``model.output_names``, the output layers'
    names). Works on eager values and on a functional model's symbolic
    outputs alike.

    Raises
    ------
    ValueError
        Several outputs and no ``head``, naming them; a ``head`` the model has not.

    Examples
    --------
    >>> pick_head({"labels": "L", "age": "A"}, "labels")
    'L'
    >>> pick_head(["L", "A"], None, ["lab", "age"])
    Traceback (most recent call last):
    ...
    ValueError: the model has 2 outputs, 'lab', 'age': pass head=, the index or name of the one to read
    """
    if isinstance(outputs, Mapping):
        values, labels = list(outputs.values()), [str(key) for key in outputs]
    elif isinstance(outputs, (list, tuple)):
        values = list(outputs)
        labels = list(names) if names is not None and len(names) == len(values) else []
    else:
        values, labels = [outputs], list(names or [])
    shown = ", ".join(repr(label) for label in labels) if labels else "indexed 0 to %d" % (len(values) - 1)
    if head is None:
        if len(values) == 1:
            return values[0]
        raise ValueError(f"the model has {len(values)} outputs, {shown}: pass head=, the index"
                         f"{' or name' if labels else ''} of the one to read")
    if isinstance(head, str):
        if head not in labels:
            raise ValueError(f"head={head!r}: the model has no output {head!r}; its outputs are {shown}")
        return values[labels.index(head)]
    if head >= len(values):
        raise ValueError(f"head={head}: the model has {len(values)} output{'s' * (len(values) != 1)}, {shown}")
    return values[head]


class StopForward(Exception):
    """Raised by a `hooked_call` with ``stop``: the model has run as far as the layer."""


@contextlib.contextmanager
def hooked_call(layer: Any, recorder: dict, replacement: Any = None, stop: bool = False) -> Iterator[None]:
    """Run a Keras model with ``layer``'s inputs and output recorded in ``recorder``, or its output replaced.

    Records ``recorder["inputs"]`` (the first argument) and
    ``recorder["output"]`` each time the layer is called inside the
    ``with`` block. Unlike a sub-model cut at ``layer.output``, this works
    for any model that calls the layer (one never called on symbolic
    inputs: a ``Sequential`` without ``keras.Input``, a subclassed model, a
    nested model's layer) and keeps Keras masks and side inputs intact.
    With ``replacement`` the layer returns it instead of its output; with
    ``stop`` the hook raises `StopForward` (setting ``recorder["stopped"]``)
    once the output is recorded, so only the layers up to ``layer`` run.
    """
    original = layer.call

    def call(*args, **kwargs):
        recorder["inputs"] = args[0] if args else next(iter(kwargs.values()))
        out = original(*args, **kwargs)
        recorder["output"] = out
        if stop:
            recorder["stopped"] = True
            raise StopForward()
        return out if replacement is None else replacement

    layer.call = call
    try:
        yield
    finally:
        del layer.call
