"""Label associations from a PyTorch training loop (``torch`` extra): the Keras callback as a function."""

from __future__ import annotations

from typing import Any, Sequence, SupportsIndex

from tb_bias_plugin.core.validation import check_integer
from tb_bias_plugin.measures.association import builder
from tb_bias_plugin.measures.association.counting import (
    CooccurrenceCounter,
    check_example_columns,
    check_examples_per_cell,
)
from tb_bias_plugin.measures.association.inputs import model_scores, update_from_model
from tb_bias_plugin.measures.association.metadata import MEASURE_ID, PAYLOAD_NUMBER
from tb_bias_plugin.writing import events
from tb_bias_plugin.writing.pytorch import batches, check_steps, eval_mode, num_rows, open_writer, predict, rows_of


def log_association_table(
    writer: Any,
    model: Any,
    x: Any,
    *,
    step: SupportsIndex | None,
    label_names: Sequence[str],
    identity_labels: Sequence[str],
    identities: Any = None,
    name: str = "associations",
    thresholds: Any = builder.DEFAULT_THRESHOLDS,
    batch_size: int = 256,
    steps: int | None = None,
    description: str | None = None,
    example_ids: Any = None,
    example_text: Any = None,
    example_uris: Any = None,
    examples_per_cell: int = builder.DEFAULT_EXAMPLES_PER_CELL,
) -> CooccurrenceCounter:
    """Count the model's predictions on evaluation data and log their association table at ``step``.

    What ``AssociationTableCallback`` does at an epoch end, for a PyTorch
    loop: the model runs batch by batch in evaluation mode without
    gradients, so memory does not grow with the data.

    Parameters
    ----------
    writer : tb_bias_plugin.summary.Writer, SummaryWriter or str
        Where to write (see ``tb_bias_plugin.writing.pytorch.open_writer``):
        a ``SummaryWriter``'s logdir puts the table beside its scalars.
    model : torch.nn.Module or callable
        Returns scores in [0, 1] per label, ``[b, L]`` (``[b]`` with one label; wrap a model that
        returns logits: ``torch.nn.Sequential(model, torch.nn.Sigmoid())``).
    x : tensor, array or iterable of batches
        Model inputs: sliced into ``batch_size`` rows, or a ``DataLoader``
        (of inputs, or of ``(inputs, targets, ...)``; targets are ignored)
        or any iterable of batches, read until it ends or for ``steps``
        batches.
    step : int or 0-d integer tensor
        The step (epoch) of the record: any signed 64-bit integer, as
        ``Writer`` takes it (None writes step 0).
    label_names, identity_labels : sequence of str
        As ``CooccurrenceCounter``.
    identities : array-like, optional
        Per-example identity attributes aligned with a tensor or array ``x``.
    name : str, default "associations"
    thresholds : float or sequence of float, default 0.5
    batch_size : int, default 256
    steps : int, optional
        With an iterable ``x``: the batches to read, as the Keras callback's
        ``steps``; needed for one that never ends (``itertools.cycle(loader)``,
        an endless generator or ``IterableDataset``), which would otherwise be
        read forever. Only ``itertools`` ``cycle``, ``count`` and ``repeat``
        are known to be endless and refused without it. By default ``x`` is
        read whole.
    description : str, optional
    example_ids : "index" or sequence, optional
        Keep a sample of the examples behind each cell: "index" names each
        example by its row in ``x`` (0, 1, ...; any ``x``), a sequence gives
        one id per row of a tensor or array ``x``.
    example_text, example_uris : sequence of str, optional
        With ``example_ids`` and a tensor or array ``x``: a short text and
        a link per row.
    examples_per_cell : int, default 8
        The sample's k, with ``example_ids``.

    Returns
    -------
    CooccurrenceCounter
        The counts that were logged.

    Raises
    ------
    ValueError
        Bad names, thresholds, step, batch size or ``steps``, ``steps`` with a
        tensor or array ``x``, an ``itertools`` iterable that never ends without
        ``steps``, identities with a ``DataLoader`` or of another length than
        ``x``, integer ``x`` given to a model that wants floats (integers are
        passed uncast, as token ids: pass ``x.float()``); nothing is written.

    See Also
    --------
    tb_bias_plugin.summary.Writer.association_table : log counts made elsewhere.
    tb_bias_plugin.pytorch.lightning_callback : this call at the end of Lightning's validation epochs.

    References
    ----------
    .. [1] O. Aka, K. Burke, A. Bäuerle, C. Greer, M. Mitchell, "Measuring
       Model Biases in the Absence of Ground Truth", AIES 2021.
    .. [2] ``docs/guides/association.md`` ("Logging a table", PyTorch) and
       ``docs/measures/association.md``.

    Examples
    --------
    A ``DataLoader`` of ``(inputs, targets)`` batches; the targets are not
    needed, and each cell keeps its examples by their row in the data:

    >>> import tempfile, torch
    >>> from torch.utils.data import DataLoader, TensorDataset
    >>> model = torch.nn.Sequential(torch.nn.Linear(3, 3), torch.nn.Sigmoid())
    >>> loader = DataLoader(TensorDataset(torch.rand(10, 3), torch.zeros(10)), batch_size=4)
    >>> log_association_table(tempfile.mkdtemp(), model, loader, step=0, label_names=["man", "woman", "bike"],
    ...                       identity_labels=["man", "woman"], example_ids="index")
    CooccurrenceCounter(3 labels, identities=('man', 'woman'), thresholds=(0.5,), N=10)
    """
    step = events.check_header(name, step, description)  # the Writer's rules, before the model runs
    batch_size = check_integer(batch_size, "batch_size", low=1)
    steps = check_steps(x, steps)
    counter = CooccurrenceCounter(label_names, identity_labels, thresholds,
                                  identities_from="attributes" if identities is not None else "labels",
                                  examples_per_cell=check_examples_per_cell(examples_per_cell, example_ids))
    columns = _example_columns(x, example_ids, example_text, example_uris)
    identities = _identities(x, identities)
    out = open_writer(writer)
    with eval_mode(model):
        _count(counter, model, batches(x, batch_size, steps), identities, columns, by_index=isinstance(example_ids, str))
    out.write_record(name, MEASURE_ID, PAYLOAD_NUMBER, builder.association_table(counter), step, description)
    return counter


def _count(counter: CooccurrenceCounter, model: Any, batches_of_x: Any, identities: Any, columns: dict[str, Any], *,
           by_index: bool) -> None:
    """Count the model's predictions on each ``(rows, inputs)`` batch of x, with each batch's rows of the
    identities and example columns (``by_index``: ids are the rows' numbers in x)."""
    seen = 0
    for number, (rows, inputs) in enumerate(batches_of_x):
        scores = model_scores(predict(model, inputs), len(counter.label_names), seen, "x", number)
        named = {key: rows_of(column, rows) for key, column in columns.items()}
        if by_index:
            named["example_ids"] = range(seen, seen + scores.shape[0])
        update_from_model(counter, scores, seen, "x", identities=rows_of(identities, rows), **named)
        seen += scores.shape[0]
    if seen == 0:
        raise ValueError("x held no rows: there is nothing to count")


def _identities(x: Any, identities: Any) -> Any:
    """``identities`` checked to have one row per row of ``x`` (a tensor or array, not batches)."""
    if identities is None:
        return None
    if not hasattr(x, "shape"):
        raise ValueError("identities= needs a tensor or array x, not an iterable of batches")
    if not hasattr(identities, "shape") and not isinstance(identities, list):
        identities = list(identities)  # ragged name lists stay lists
    if len(identities) != num_rows(x):
        raise ValueError("identities has %d rows but x has %d" % (len(identities), num_rows(x)))
    return identities


def _example_columns(x: Any, example_ids: Any, example_text: Any, example_uris: Any) -> dict[str, Any]:
    """The example columns as lists aligned with the rows of ``x`` (checked now), by update()'s names."""
    if not check_example_columns(example_ids, example_text, example_uris, by_index=True):
        return {}
    given = {"example_ids": None if isinstance(example_ids, str) else example_ids,
             "example_text": example_text, "example_uris": example_uris}
    columns = {}
    for key, column in given.items():
        if column is None:
            continue
        if not hasattr(x, "shape"):
            raise ValueError('%s needs a tensor or array x; with batches, example_ids can only be "index"' % key)
        column = column.tolist() if hasattr(column, "tolist") else list(column)
        if len(column) != num_rows(x):
            raise ValueError("%s has %d rows but x has %d" % (key, len(column), num_rows(x)))
        columns[key] = column
    return columns
