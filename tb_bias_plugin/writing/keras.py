"""The writer lifecycle shared by the measures' Keras callbacks.

Importing this module imports neither TensorFlow nor Keras: the file
writer is created with ``tf.summary.create_file_writer`` at the first
write, flushed after every epoch's records and closed when training ends.
"""

from __future__ import annotations

import os
from typing import Any, Iterable

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

    def _init_writer(self, log_dir: Any, measure_id: str, payload_number: int, description: str | None = None) -> None:
        """Remember where and what to write; no file is opened yet."""
        self._log_dir = os.path.join(events.check_logdir(log_dir), VALIDATION_RUN)
        self._measure_id = measure_id
        self._payload_number = payload_number
        self._description = events.check_description(description)
        self._writer = None

    def _write_records(self, records: Iterable[tuple[str, Any]], step: int) -> None:
        """Write each ``(tag, payload)`` at ``step``, then flush."""
        records = list(records)
        for tag, _ in records:  # before the file writer makes a file
            events.claim_tag(self._log_dir, tag, self._measure_id, self._log_dir)
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


def check_layer_names(model: Any, names: Iterable[str], argument: str) -> None:
    """Raise ``ValueError`` unless ``model.get_layer`` finds every name.

    Called from a callback's ``on_train_begin``, the first moment the model
    is known, so a typo fails before the first epoch rather than after it.

    Raises
    ------
    ValueError
        Naming the first unknown layer, ``argument`` and the model's layer names.

    Examples
    --------
    >>> class Layer:
    ...     def __init__(self, name):
    ...         self.name = name
    >>> class Model:
    ...     layers = [Layer("emb"), Layer("fc1")]
    >>> check_layer_names(Model(), ["fc1"], "layers")
    >>> check_layer_names(Model(), ["fc_1"], "layers")
    Traceback (most recent call last):
    ...
    ValueError: layers: the model has no layer 'fc_1'; its layers are 'emb', 'fc1'
    """
    known = [layer.name for layer in getattr(model, "layers", [])]
    for name in names:
        if name not in known:
            shown = ", ".join(repr(k) for k in known[:30]) + (", ..." if len(known) > 30 else "")
            raise ValueError(f"{argument}: the model has no layer {name!r}; its layers are {shown}")


def symbolic_inputs(model: Any) -> Any:
    """The model's symbolic inputs in the structure it was built with (a tensor, a list or a dict).

    A sub-model built on them (e.g. one returning inner layers' outputs)
    then takes the same inputs as the model: built on ``model.inputs``, a
    one-input model's sub-model expects a one-element list and Keras warns
    that "the structure of `inputs` doesn't match" on every call.
    """
    try:
        return model.input
    except (AttributeError, ValueError):  # a Sequential model never called has no `input` yet
        inputs = model.inputs
        return inputs[0] if len(inputs) == 1 else inputs
