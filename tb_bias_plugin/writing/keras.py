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
        self._log_dir = os.path.join(os.fspath(log_dir), VALIDATION_RUN)
        self._measure_id = measure_id
        self._payload_number = payload_number
        self._description = events.check_description(description)
        self._writer = None

    def _write_records(self, records: Iterable[tuple[str, Any]], step: int) -> None:
        """Write each ``(tag, payload)`` at ``step``, then flush."""
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
