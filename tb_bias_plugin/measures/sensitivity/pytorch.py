"""Prediction sensitivity from a PyTorch training loop (``torch`` extra): the Keras callback as a function."""

from __future__ import annotations

import contextlib
from typing import Any, SupportsIndex

from tb_bias_plugin.core.validation import check_integer
from tb_bias_plugin.measures.sensitivity import builder
from tb_bias_plugin.measures.sensitivity.collect import SensitivityCollector
from tb_bias_plugin.measures.sensitivity.gradients import prediction_sensitivity
from tb_bias_plugin.measures.sensitivity.metadata import MEASURE_ID, PAYLOAD_NUMBER
from tb_bias_plugin.measures.sensitivity.plan import check_logged_inputs, is_text, proxy_reference
from tb_bias_plugin.writing import events
from tb_bias_plugin.writing.pytorch import (
    eval_mode,
    integer_inputs_hint,
    model_input,
    num_rows,
    open_writer,
    predict,
    to_numpy,
)


def log_prediction_sensitivity(
    writer: Any,
    model: Any,
    x: Any,
    *,
    step: SupportsIndex | None,
    v: Any = "uniform",
    protected: Any = None,
    embedding_layer: Any = None,
    tokens: Any = None,
    mask: Any = None,
    word_ids: Any = None,
    groups: Any = None,
    example_ids: Any = None,
    example_text: Any = None,
    example_uris: Any = None,
    psm_model: Any = None,
    w: Any = None,
    output: str = "auto",
    class_names: Any = None,
    feature_names: Any = None,
    name: str = "sensitivity",
    batch_size: int = 256,
    top_k: int = builder.DEFAULT_TOP_K,
    sample_size: int = builder.DEFAULT_SAMPLE_SIZE,
    seed: int = 0,
    description: str | None = None,
) -> SensitivityCollector:
    """Compute P of a PyTorch model on evaluation data under every v choice and log it at ``step``.

    What ``PredictionSensitivityCallback`` does at an epoch end: P is computed batch by batch with
    ``prediction_sensitivity`` (``torch.func``, the model's dtype and device) and streamed into a
    `SensitivityCollector`, so memory holds P and a bounded set of examples, never a Jacobian.
    ``proxy_adjusted`` fits its slopes on all of ``x``, whatever ``batch_size``.

    Parameters
    ----------
    writer : tb_bias_plugin.summary.Writer, SummaryWriter or str
        Where to write; a ``SummaryWriter``'s logdir puts P beside its scalars.
    model : torch.nn.Module or callable on tensors
        Returns class probabilities ``[b, K]``.
    x : tensor or array
        ``[n, F]`` features, or ``[n, T]`` token ids with ``embedding_layer``.
    step : int or 0-d integer tensor
        The step (epoch) of the record: any signed 64-bit integer, as
        ``Writer`` takes it (None writes step 0).
    v, protected, embedding_layer, tokens, mask, word_ids, psm_model, w, output
        As ``prediction_sensitivity``; ``v`` may also be a list of choices or
        a dict ``{name: choice}``; ``embedding_layer`` names a submodule;
        ``output="sigmoid"`` for independent per-class scores.
    groups, example_ids : array_like, ``[n]``, optional
        Group per example (per-group means) and ids of the kept examples
        (strings or integers).
    example_text, example_uris : sequence of str or None, ``[n]``, optional
        A short text and a URI per example, shown beside the kept examples
        (200 characters each kept; a URI as a link when http(s)).
    class_names, feature_names : sequence of str, optional
    name : str, default "sensitivity"
    batch_size, top_k, sample_size, seed : int
    description : str, optional

    Returns
    -------
    SensitivityCollector
        What was logged.

    Raises
    ------
    ValueError
        A bad name, step or batch size, bad v choices, a ``proxy_adjusted``
        column constant over ``x``, per-example arguments of another length
        than ``x``, word-list choices without tokens, psm choices without
        ``psm_model``, a ``w`` that is not a distribution, an unknown
        ``output``, integer ``x`` without ``embedding_layer`` given to a model
        that wants floats (pass ``x.float()``); nothing is written.

    See Also
    --------
    tb_bias_plugin.prediction_sensitivity : P of one batch, without logging.
    tb_bias_plugin.summary.Writer.prediction_sensitivity : log results computed elsewhere.
    tb_bias_plugin.pytorch.lightning_callback : this call at the end of Lightning's validation epochs.

    References
    ----------
    .. [1] S. Krishna et al., "Measuring Fairness of Text Classifiers via
       Prediction Sensitivity", ACL 2022; corrections in ``docs/measures/sensitivity.md``.
    .. [2] ``docs/guides/sensitivity.md`` (PyTorch) and ``docs/measures/sensitivity.md``.

    Examples
    --------
    P of eight examples under two v choices: every feature, and column 3 alone:

    >>> import tempfile, torch
    >>> from tb_bias_plugin import VChoice
    >>> model = torch.nn.Sequential(torch.nn.Linear(4, 3), torch.nn.Softmax(dim=1))
    >>> collector = log_prediction_sensitivity(tempfile.mkdtemp(), model, torch.rand(8, 4), step=0,
    ...                                        v={"all": "uniform", "column 3": VChoice.mask([3])})
    >>> collector.choice_names, collector.num_examples
    (['all', 'column 3'], 8)
    """
    step = events.check_header(name, step, description)  # the Writer's rules, before the model runs
    batch_size = check_integer(batch_size, "batch_size", low=1)
    num_rows(x)  # rows, not batches: a DataLoader is refused, saying what to pass
    text = is_text(tuple(x.shape), embedding_layer)
    per_example = dict(tokens=tokens, mask=mask, word_ids=word_ids, groups=groups, example_ids=example_ids,
                       example_text=example_text, example_uris=example_uris)
    choices, w, kept = check_logged_inputs(tuple(x.shape), text=text, v=v, protected=protected,
                                           feature_names=feature_names, per_example=per_example,
                                           psm_model=psm_model, w=w, output=output)
    collector = SensitivityCollector(top_k=top_k, sample_size=sample_size, seed=seed, class_names=class_names,
                                     feature_names=None if text else feature_names, w=w)
    options: dict[str, Any] = dict(batch_size=batch_size, embedding_layer=embedding_layer, psm_model=psm_model, w=w,
                                   feature_names=feature_names, per_feature=not text, output=output,
                                   proxy_reference=proxy_reference(choices, x, to_array=to_numpy))
    out = open_writer(writer)
    _collect(collector, model, x, choices, kept, options)
    out.write_record(name, MEASURE_ID, PAYLOAD_NUMBER, builder.prediction_sensitivity(collector), step, description)
    return collector


def _collect(collector: SensitivityCollector, model: Any, x: Any, choices: dict[str, Any], kept: dict[str, Any],
             options: dict[str, Any]) -> None:
    """Feed ``collector`` batch by batch: P under each choice, with the batch's rows of each per-example array."""
    n, size = num_rows(x), options["batch_size"]
    with eval_mode(model):
        for lo in range(0, n, size):
            rows = slice(lo, min(lo + size, n))
            part = {key: None if values is None else values[rows] for key, values in kept.items()}
            inputs = model_input(model, x[rows])  # a tensor, so that even a plain callable runs with PyTorch
            # token ids are integers by right: only tabular rows get the hint
            with contextlib.nullcontext() if options["embedding_layer"] is not None else integer_inputs_hint(inputs):
                results = {label: prediction_sensitivity(model, inputs, v=choice, tokens=part["tokens"],
                                                         mask=part["mask"], word_ids=part["word_ids"], **options)
                           for label, choice in choices.items()}
            collector.update(results, example_ids=part["example_ids"], groups=part["groups"],
                             probs=predict(model, inputs), tokens=part["tokens"], example_text=part["example_text"],
                             example_uris=part["example_uris"])
