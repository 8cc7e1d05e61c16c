"""Log tb-bias measures to TensorBoard logdirs: the public summary API.

Every summary a measure declares (``association_table``, ``metric_table``,
...) is offered two ways that write identical records:

* as a function here, under TensorFlow's default summary writer
  (``tf.summary.create_file_writer``), like ``tf.summary.scalar``;
* as a method of :class:`Writer`, which writes event files directly and
  never imports TensorFlow (PyTorch, JAX, NumPy).

Both take ``name`` first and ``step`` and ``description`` as keywords;
the other arguments are the measure's, documented on the `Writer` method.
Each call hands them to the measure's builder (found in the registry),
which validates them and returns the payload; bad arguments raise
``ValueError`` before anything is written. A measure's summary needs a
function and a method here (tests/test_registry.py checks that they exist
and match the builder's signature).

Examples
--------
Without TensorFlow:

>>> import tempfile
>>> with Writer(tempfile.mkdtemp()) as writer:
...     writer.association_table(
...         "gender", [["man", "bike"], ["woman"], ["man"]],
...         label_names=["man", "woman", "bike"], identity_labels=["man", "woman"], step=0)
True

Under TensorFlow's default summary writer:

>>> import tensorflow as tf
>>> with tf.summary.create_file_writer(tempfile.mkdtemp()).as_default():
...     written = association_table(
...         "gender", [["man", "bike"], ["woman"], ["man"]],
...         label_names=["man", "woman", "bike"], identity_labels=["man", "woman"], step=0)
>>> bool(written)
True
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence, SupportsIndex

from tb_bias_plugin.measures.base import Measure
from tb_bias_plugin.measures.registry import REGISTRY, Registry
from tb_bias_plugin.writing import events

__all__ = [
    "RewrittenStepWarning",
    "Writer",
    "association_table",
    "metric_table",
    "prediction_discrepancy",
    "prediction_sensitivity",
    "representation_bias",
]

#: Given by every writer of tb-bias records (this module, the ``tf.summary``
#: twins, the callbacks, the PyTorch helpers) for a second record under a
#: run, tag and step the process wrote; named here for warning filters.
RewrittenStepWarning = events.RewrittenStepWarning


def _build(
    registry: Registry, summary: str, name: Any, step: Any, description: Any, args: tuple, kwargs: Mapping[str, Any]
) -> tuple[Measure, int | None, Any]:
    """Check name, step and description, then build the payload: nothing is written on error."""
    checked_step = events.check_header(name, step, description)
    measure, found = registry.summary(summary)
    return measure, checked_step, found.build(*args, **kwargs)


def _own(arguments: dict[str, Any]) -> dict[str, Any]:
    """A summary's own arguments, from the ``locals()`` its function or
    method takes first: every parameter but the tag, step and description."""
    return {k: v for k, v in arguments.items() if k not in ("self", "name", "step", "description")}


def _tf_step(step: Any) -> Any:
    """The step of a ``tf.summary`` twin, as ``tf.summary.scalar`` takes it: an int, an integer tensor or
    variable (``optimizer.iterations``), else the default of ``tf.summary.experimental.set_step``."""
    tf = events.require_eager()
    what = "step"
    if step is None:
        what, step = "the default step (tf.summary.experimental.set_step)", tf.summary.experimental.get_step()
    if isinstance(step, tf.Variable):
        step = step.read_value()  # a tensor: an integer one has the __index__ `check_step` reads
    return events.check_step(step, what)


def _write_tf(summary: str, name: str, step: Any, description: Any, *args: Any, **kwargs: Any) -> Any:
    """Write one summary under TensorFlow's default writer; with none, or under ``tf.summary.record_if`` of
    False, return False before any work, as ``tf.summary.write`` does with a deferred tensor (a table
    counted at every training step and recorded every hundredth costs nothing in between)."""
    tf = events.require_eager()
    if not bool(tf.summary.should_record_summaries()):
        return tf.constant(False)
    step = _tf_step(step)
    if step is None:
        raise ValueError("no step: pass step=, or set a default with tf.summary.experimental.set_step")
    measure, checked_step, payload = _build(REGISTRY, summary, name, step, description, args, kwargs)
    # claimed as the Writer claims: another measure under the tag refused, a second record at a step warned of
    return events.write_tf(name, measure.id, measure.payload_number, payload, checked_step, description,
                           claim=measure.rewrite_hint)


class Writer(events.EventWriter):
    """Writes tb-bias records to a logdir without importing TensorFlow.

    Has one method per summary of this module, with the same arguments;
    ``step=None`` writes step 0 (as PyTorch's SummaryWriter does). If its
    local event file is deleted between records (a notebook rerun that
    cleared the logdir), the next record starts a new file. A second record
    under a tag and step this process wrote in the logdir is written with a
    `RewrittenStepWarning` (of this module): TensorBoard shows only one of
    them.

    Parameters
    ----------
    logdir : str
        Directory for the event file (created if missing); local, or any
        filesystem TensorBoard's own file layer supports (s3://, fsspec).
    filename_suffix : str, optional
        Appended to the event file name: no '/', '\\' or NUL, at most 120 bytes.

    Examples
    --------
    >>> import tempfile
    >>> with Writer(tempfile.mkdtemp()) as writer:
    ...     writer.association_table(
    ...         "gender", [["man", "bike"], ["woman"], ["man"]],
    ...         label_names=["man", "woman", "bike"], identity_labels=["man", "woman"], step=0)
    True
    """

    #: The measures it can write: this build's.
    registry: Registry = REGISTRY

    def __enter__(self) -> Writer:
        return self

    def write_summary(
        self,
        summary: str,
        name: str,
        /,
        *args: Any,
        step: SupportsIndex | None = None,
        description: str | None = None,
        **kwargs: Any,
    ) -> bool:
        """Write the summary called ``summary`` of any measure in `registry`.

        The methods below call this; it also writes a measure's summary
        that has no method here yet (a measure kept outside the package).

        Parameters
        ----------
        summary : str
            The summary's name, e.g. ``"association_table"``.
        name : str
            The tag.
        *args, **kwargs
            The summary's own arguments.
        step : int, optional
            Default 0.
        description : str, optional
            Markdown shown with the data in TensorBoard.

        Returns
        -------
        bool
            True (written).
        """
        measure, checked_step, payload = _build(self.registry, summary, name, step, description, args, kwargs)
        return self.write_record(name, measure.id, measure.payload_number, payload, checked_step, description,
                                 measure.rewrite_hint)

    # Label associations --------------------------------------------------

    def association_table(
        self,
        name: str,
        predictions_or_counter: Any,
        *,
        step: SupportsIndex | None = None,
        description: str | None = None,
        label_names: Sequence[str] | None = None,
        identity_labels: Sequence[str] | None = None,
        identities: Any = None,
        thresholds: Any = None,
        example_ids: Any = None,
        example_text: Any = None,
        example_uris: Any = None,
    ) -> bool:
        """Log an association table: co-occurrence counts of predicted labels and identities.

        Parameters
        ----------
        name : str
            The tag.
        predictions_or_counter
            A :class:`~tb_bias_plugin.CooccurrenceCounter` (or its table), or one
            batch of raw predictions in any form ``CooccurrenceCounter.update``
            accepts (dense 0/1 or scores, scipy.sparse, lists of label names).
        step : int, optional
            Default 0 (there is no default step without TensorFlow).
        description : str, optional
            Markdown shown with the data in TensorBoard.
        label_names, identity_labels : sequence of str
            Required with raw predictions; checked against a counter's.
        identities : optional
            Identities as a separate per-example attribute (see
            ``CooccurrenceCounter.update``), with raw predictions only.
        thresholds : float or sequence of float, optional
            Score thresholds for raw predictions (default 0.5).
        example_ids : sequence of str or int, optional
            With raw predictions: one id per example; the table then keeps,
            for every label and identity-label pair, the 8 examples whose
            ids hash smallest (``CooccurrenceCounter(examples_per_cell=8)``;
            give a counter for another k). A counter keeps its own sample.
        example_text, example_uris : sequence of str or None, optional
            With ``example_ids``: a short text (at most 200 characters kept)
            and a link per example, shown beside the sampled ids; a URI is
            never fetched.

        Returns
        -------
        bool
            True (written).

        Raises
        ------
        ValueError
            For anything ``CooccurrenceCounter`` rejects, a counter whose
            names differ from the ones given, or a bad name, step or
            description; nothing is written.

        See Also
        --------
        tb_bias_plugin.CooccurrenceCounter : the counts over batches, then ``writer.association_table("gender", counter)``.

        Examples
        --------
        Three examples' predicted labels, with ids, so that the tab lists the
        examples behind each count:

        >>> import tempfile
        >>> with Writer(tempfile.mkdtemp()) as writer:
        ...     writer.association_table("gender", [["man", "bike"], ["woman"], ["man"]],
        ...                              label_names=["man", "woman", "bike"], identity_labels=["man", "woman"],
        ...                              example_ids=["img1", "img2", "img3"], step=0)
        True
        """
        return self.write_summary("association_table", name, step=step, description=description, **_own(locals()))

    def metric_table(
        self,
        name: str,
        values: Any,
        *,
        step: SupportsIndex | None = None,
        description: str | None = None,
        label_names: Sequence[str],
        metric_names: Sequence[str],
    ) -> bool:
        """Log per-label metric values computed elsewhere.

        Counts give more: prefer `association_table` when you have predictions.

        Parameters
        ----------
        name : str
            The tag.
        values : array_like, shape (labels, metrics)
            One row per label, one column per metric; NaN where missing.
        step : int, optional
            Default 0 (there is no default step without TensorFlow).
        description : str, optional
            Markdown shown with the data in TensorBoard.
        label_names : sequence of str
            The labels of the rows.
        metric_names : sequence of str
            The columns, named as by the old nPMI plugin: ``nPMI@man`` (a
            metric for one identity), ``count@man`` (C(x, y)), ``count``
            (C(y)), ``nPMI_diff@man-woman`` (a gap).

        Returns
        -------
        bool
            True (written).

        Raises
        ------
        ValueError
            If the shapes and names disagree, the values are booleans, a
            count column holds anything but whole numbers from 0 to 2**53
            (or NaN), a ``count@x`` is above the label's ``count`` (C(x, y)
            is at most C(y)), or an nPMI column holds a value outside
            [-1, 1] (an ``nPMI_diff`` gap, outside [-2, 2]); these two
            bounds have 1e-3 of slack for float32 rounding, counts none.

        Examples
        --------
        >>> import tempfile
        >>> with Writer(tempfile.mkdtemp()) as writer:
        ...     writer.metric_table("npmi", [[0.31, 12], [-0.05, 3]], label_names=["bike", "dress"],
        ...                         metric_names=["nPMI@man", "count@man"], step=0)
        True
        """
        return self.write_summary("metric_table", name, step=step, description=description, **_own(locals()))

    # Prediction discrepancy ----------------------------------------------

    def prediction_discrepancy(
        self,
        name: str,
        pool_a: Any,
        pool_b: Any = None,
        *,
        step: SupportsIndex | None = None,
        description: str | None = None,
        pool_names: Sequence[str] | None = None,
        discrepancy: str | None = None,
        pairing: str | None = None,
        groups: Any = None,
        example_ids: Any = None,
        example_text: Any = None,
        example_uris: Any = None,
        replicate: Any = None,
        from_logits: bool = False,
        top_k: int | None = None,
    ) -> bool:
        """Log DIPDI: whether models of two pools disagree more across pools than within.

        Stores sufficient statistics (sums of the per-example discrepancy d for
        every model pair, overall and per group), the ``top_k`` examples with the
        largest excess discrepancy, a histogram of the excess discrepancy and,
        for a record of one replicate from raw predictions with examples x used
        pairs at most 262144, every used pair's per-example d (for the
        bootstrap interval, which is only shown for a single replicate). See
        docs/measures/discrepancy.md.

        Parameters
        ----------
        name : str
            The tag.
        pool_a, pool_b : array_like or DipdiAccumulator
            Predictions ``[m, n]``, ``[m, n, t]`` or ``[m, n, C]`` of each pool's
            models on the same examples (as :func:`tb_bias_plugin.dipdi`); or a
            finished ``DipdiAccumulator`` as ``pool_a`` with ``pool_b`` None.
            With a list of replicate ids in ``replicate``: one of those per
            replicate (lists of the same length).
        step : int, optional
            Default 0 (there is no default step without TensorFlow).
        description : str, optional
            Markdown shown with the data in TensorBoard.
        pool_names : two str, default ("A", "B")
            Shown in TensorBoard (models are named A1, A2, ..., B1, ...).
        discrepancy : {"abs", "sq", "jsd", "js_distance"}, optional
            Default "abs" ("jsd" with ``from_logits=True``), or the accumulator's
            (a different value is an error). Not given, pools of several outputs
            that look like class probabilities get a ``ClassProbabilitiesWarning``
            (docs/measures/discrepancy.md).
        pairing : {"paired", "all_pairs"}, optional
            Default "paired", or the accumulator's.
        groups, example_ids : array_like of shape (n,), optional
            Group label and id of every example (not with accumulators, which
            carry their own). Groups are all strings or all integers (the
            record names them by their text); ids are strings or integers
            (`tb_bias_plugin.core.example_ids` says which).
        example_text, example_uris : sequence of str or None, shape (n,), optional
            A short text and a URI of every example (None or "" for none),
            stored for the top examples only, each cut to 200 characters;
            TensorBoard shows them beside the top examples (a URI as a link
            when it is http(s); the server never fetches it). Not with
            accumulators, which carry their own (``DipdiAccumulator.update``).
        replicate : int or sequence of int, optional
            The replicate id of this call; a sequence logs several replicates
            (re-trainings or folds) in one record, so TensorBoard shows their
            mean, standard deviation and Wilcoxon test at this step.
        from_logits : bool, default False
            Probability discrepancies only: the inputs are logits.
        top_k : int, optional
            Examples kept per replicate, default 20, at most 1000; not with
            accumulators, which keep their own ``top_k`` (given, it is an error).

        Returns
        -------
        bool
            True (written).

        Raises
        ------
        ValueError
            For anything :func:`tb_bias_plugin.dipdi` rejects, options that
            contradict an accumulator's, replicates of different layouts,
            malformed ``pool_names``, ``replicate`` (a whole number within
            +-(2**53 - 1)) or ``top_k``, or a record larger than a reader
            takes: a pool of more than 256 models, or more than 2**24
            per-group sums or top examples' outputs in a replicate
            (docs/measures/discrepancy.md, "What a logged record holds").

        See Also
        --------
        tb_bias_plugin.dipdi : the index itself, computed in NumPy.
        tb_bias_plugin.DipdiAccumulator : the same statistics, fed batch by batch.

        Examples
        --------
        Two pools of two regression models each, scoring the same four examples:

        >>> import tempfile
        >>> pool_a = [[10, 20, 30, 40], [12, 18, 33, 40]]
        >>> pool_b = [[15, 25, 28, 50], [14, 22, 35, 47]]
        >>> with Writer(tempfile.mkdtemp()) as writer:
        ...     writer.prediction_discrepancy("dipdi", pool_a, pool_b, pool_names=("men", "women"),
        ...                                   groups=["m", "f", "m", "f"], step=0)
        True
        """
        return self.write_summary("prediction_discrepancy", name, step=step, description=description, **_own(locals()))

    # Prediction sensitivity ----------------------------------------------

    def prediction_sensitivity(
        self,
        name: str,
        results: Any,
        *,
        step: SupportsIndex | None = None,
        description: str | None = None,
        example_ids: Sequence | None = None,
        groups: Any = None,
        probs: Any = None,
        pred_class: Any = None,
        tokens: Any = None,
        example_text: Sequence | None = None,
        example_uris: Sequence | None = None,
        class_names: Sequence[str] | None = None,
        feature_names: Sequence[str] | None = None,
        w: Any = None,
        top_k: int | None = None,
        sample_size: int | None = None,
        seed: int = 0,
        v_name: str | None = None,
    ) -> bool:
        """Log accumulated prediction sensitivity: P per example under one or more v choices.

        Stored, per v choice: exact mean, median, p90, max and coverage of P
        (overall, per group, per predicted class), a histogram and percentiles
        of P, the mean rows of J per class, per-feature means (tabular) or the
        most sensitive token types (text); and a bounded set of examples, the
        top-K of each choice and a uniform sample shared by all choices, with
        ids, tokens, per-token u_t and V_t or per-feature s_i and v_i, group and
        predicted class. Never the Jacobian.

        Parameters
        ----------
        name : str
            The tag.
        results
            One `SensitivityResult` (from ``tb_bias_plugin.prediction_sensitivity``
            or ``accumulated_sensitivity``), a dict ``{name: SensitivityResult}``
            of several v choices over the same examples, a finished
            `SensitivityCollector` (batches of a large eval set), or a
            `SensitivityAccumulator` of one choice (named ``v_name``).
        step : int, optional
            Default 0 (there is no default step without TensorFlow).
        description : str, optional
            Markdown shown with the data in TensorBoard.
        example_ids : sequence, optional
            Ids of the examples, strings or integers (default: their index).
        groups : array_like, ``[n]``, optional
            Group of each example, for per-group means: all strings or all
            integers (not None, floats or bools).
        probs : array_like, ``[n, K]``, optional
            Predicted probabilities in [0, 1] (or one sigmoid score per
            example): predicted class and its probability.
        pred_class : array_like of int, ``[n]``, optional
            Predicted classes from 0 to K - 1, when ``probs`` is not given.
        tokens : array_like of str, ``[n, T]``, optional
            Text: the tokens, when the results do not carry them.
        example_text, example_uris : sequence of str or None, ``[n]``, optional
            A short text and a URI of every example (None or "" for none),
            stored for the retained examples only (top-K and sample), each
            cut to 200 characters, and shown beside them in TensorBoard (a
            URI as a link when it is http(s)). A collector takes them in
            ``SensitivityCollector.update``.
        class_names, feature_names : sequence of str, optional
            Names of the K classes and (tabular) of the F features: unique,
            non-empty strings (a single string is refused, not split).
        w : array_like, ``[K]``, optional
            The class weights P was computed with (shown with the values).
        top_k : int, optional
            Most sensitive examples kept per choice: 10 unless given (a
            collector or accumulator keeps its own, and refuses this).
        sample_size : int, optional
            Uniform sample of examples kept for comparing choices: 200
            unless given (the same for a collector or accumulator).
        seed : int, default 0
            Seed of the sample.
        v_name : str, default "P"
            Name of the choice of a bare `SensitivityAccumulator`.

        Returns
        -------
        bool
            True (written).

        Raises
        ------
        ValueError
            If the results and the other arguments disagree (class names or
            ``w`` for another number of classes, names that differ from a
            collector's, ``probs`` or ``pred_class`` for another K), P is
            infinite or negative, a per-example argument is malformed (NaN
            probabilities, None groups...), or per-example arguments,
            ``top_k``, ``sample_size``, ``seed`` or ``v_name`` come with a
            finished collector (an accumulator: ``seed``), which carries its
            own, as it carries its ``w`` and names (given again, they must be
            the same). Nothing is written then.

        See Also
        --------
        tb_bias_plugin.accumulated_sensitivity : P from absolute Jacobians any framework computed.
        tb_bias_plugin.prediction_sensitivity : P of a TensorFlow or PyTorch model.

        Examples
        --------
        P of five examples under two v choices, from their absolute Jacobians
        (two classes, three features):

        >>> import tempfile, numpy as np
        >>> from tb_bias_plugin import accumulated_sensitivity
        >>> J = np.abs(np.random.default_rng(0).normal(size=(5, 2, 3)))
        >>> results = {"all": accumulated_sensitivity(J), "sex": accumulated_sensitivity(J, v="mask", protected=[2])}
        >>> with Writer(tempfile.mkdtemp()) as writer:
        ...     writer.prediction_sensitivity("sensitivity", results, feature_names=["age", "income", "sex"], step=0)
        True
        """
        return self.write_summary("prediction_sensitivity", name, step=step, description=description, **_own(locals()))

    # Representation bias -------------------------------------------------

    def representation_bias(
        self,
        name: str,
        result: Any,
        *,
        step: SupportsIndex | None = None,
        description: str | None = None,
        layer: str | None = None,
        attribute: str | None = None,
        class_names: Sequence[str] | None = None,
    ) -> bool:
        """Log representation-level bias estimates of one protected attribute at one step.

        The tag (``name``) is the attribute, e.g. ``"sex"``; one record per step
        holds every layer estimated at that step, so log them together: either
        one result with its ``layer``, or a mapping ``{layer: result}`` (in
        network order). Attributes go side by side as separate tags (``"sex"``,
        ``"race"``, ``"sex x race"``).

        Parameters
        ----------
        name : str
            The tag: the attribute.
        result : RepresentationBiasResult or mapping of str to RepresentationBiasResult
            From :func:`tb_bias_plugin.representation_bias`.
        step : int, optional
            Default 0 (there is no default step without TensorFlow).
        description : str, optional
            Markdown shown with the data in TensorBoard.
        layer : str, optional
            The layer of a single `result`.
        attribute : str, optional
            The attribute's display name when it differs from the tag.
        class_names : sequence of str, optional
            Names of the classes ``0 .. C-1`` (e.g. ``"female/Asian"`` for the
            product codes of an intersection); one per class count, no two alike.

        Returns
        -------
        bool
            True (written).

        Raises
        ------
        ValueError
            If a result is not a RepresentationBiasResult, ``layer`` is missing
            with a single result (or given with a mapping), a name is not a
            non-empty string, a record would hold too many layers, or the
            class names repeat a name or do not match a layer's class count.

        See Also
        --------
        tb_bias_plugin.representation_bias : the estimate of B for one layer.

        Examples
        --------
        A quick, rough estimate of B for a 2-D representation of 200 rows
        (real ones want thousands of rows and the default settings):

        >>> import tempfile, warnings, numpy as np
        >>> import tb_bias_plugin
        >>> z = np.array([0, 1] * 100)
        >>> r = z[:, None] + np.random.default_rng(0).normal(size=(200, 2))
        >>> with warnings.catch_warnings():
        ...     warnings.simplefilter("ignore")  # fewer than 2,000 rows warns
        ...     found = tb_bias_plugin.representation_bias(r, z, steps=10, classifier_steps=10, classifier_folds=2,
        ...                                                control=False, workers=1)
        >>> with Writer(tempfile.mkdtemp()) as writer:
        ...     writer.representation_bias("sex", found, layer="fc", class_names=["female", "male"], step=0)
        True
        """
        return self.write_summary("representation_bias", name, step=step, description=description, **_own(locals()))


# The same summaries under tf.summary: one function per Writer method, with
# its arguments; only the default step differs.

def association_table(
    name: str,
    predictions_or_counter: Any,
    *,
    step: Any = None,
    description: str | None = None,
    label_names: Sequence[str] | None = None,
    identity_labels: Sequence[str] | None = None,
    identities: Any = None,
    thresholds: Any = None,
    example_ids: Any = None,
    example_text: Any = None,
    example_uris: Any = None,
) -> Any:
    """Log an association table under TensorFlow's default summary writer.

    Parameters
    ----------
    name : str
        The tag, under any active name scopes.
    step : int, or an integer tf.Tensor or tf.Variable, optional
        Default ``tf.summary.experimental.get_step()``.
    description : str, optional
        Markdown shown with the data in TensorBoard.
    predictions_or_counter, label_names, identity_labels, identities, thresholds, example_ids, example_text, example_uris
        As :meth:`Writer.association_table`.

    Returns
    -------
    bool tensor
        True if written, False if there is no default summary writer.

    Raises
    ------
    ValueError
        For anything :meth:`Writer.association_table` refuses, a bad name, step or
        description, a call inside ``tf.function`` (the payload is built
        in NumPy), or no step given while none is set with
        ``tf.summary.experimental.set_step``; nothing is written.
    ImportError
        TensorFlow is not installed (`Writer` needs no TensorFlow).

    See Also
    --------
    Writer.association_table : the same record, written without TensorFlow.
    tb_bias_plugin.CooccurrenceCounter : the counts, fed batch by batch over a large evaluation set.
    tb_bias_plugin.callbacks.AssociationTableCallback : this call at every epoch end of a Keras fit.

    References
    ----------
    .. [1] O. Aka, K. Burke, A. Bäuerle, C. Greer, M. Mitchell, "Measuring
       Model Biases in the Absence of Ground Truth", AIES 2021.
    .. [2] ``docs/measures/association.md`` (what is counted, the metrics
       and their gaps) and ``docs/guides/association.md`` (logging a table).

    Examples
    --------
    A counter fed with the predicted labels of three examples, logged at step 0:

    >>> import tempfile, tensorflow as tf
    >>> from tb_bias_plugin import CooccurrenceCounter
    >>> counter = CooccurrenceCounter(["man", "woman", "bike"], ["man", "woman"]).update(
    ...     [["man", "bike"], ["woman"], ["man"]])
    >>> with tf.summary.create_file_writer(tempfile.mkdtemp()).as_default():
    ...     written = association_table("gender", counter, step=0)
    >>> bool(written)
    True

    Without a default summary writer nothing is written:

    >>> bool(association_table("gender", counter, step=0))
    False
    """
    return _write_tf("association_table", name, step, description, **_own(locals()))


def metric_table(
    name: str,
    values: Any,
    *,
    step: Any = None,
    description: str | None = None,
    label_names: Sequence[str],
    metric_names: Sequence[str],
) -> Any:
    """Log per-label metric values computed elsewhere, under TensorFlow's default summary writer.

    Parameters
    ----------
    name : str
        The tag, under any active name scopes.
    step : int, or an integer tf.Tensor or tf.Variable, optional
        Default ``tf.summary.experimental.get_step()``.
    description : str, optional
        Markdown shown with the data in TensorBoard.
    values, label_names, metric_names
        As :meth:`Writer.metric_table`.

    Returns
    -------
    bool tensor
        True if written, False if there is no default summary writer.

    Raises
    ------
    ValueError
        For anything :meth:`Writer.metric_table` refuses, a bad name, step or
        description, a call inside ``tf.function`` (the payload is built
        in NumPy), or no step given while none is set with
        ``tf.summary.experimental.set_step``; nothing is written.
    ImportError
        TensorFlow is not installed (`Writer` needs no TensorFlow).

    See Also
    --------
    Writer.metric_table : the same record, written without TensorFlow.
    association_table : counts instead of values: every metric, gap and interval.

    References
    ----------
    .. [1] ``docs/measures/association.md``, "Precomputed tables": what the
       Label associations tab shows of a table without counts.

    Examples
    --------
    nPMI with "man" and the co-occurrence count of two labels, computed elsewhere:

    >>> import tempfile, tensorflow as tf
    >>> with tf.summary.create_file_writer(tempfile.mkdtemp()).as_default():
    ...     written = metric_table("npmi", [[0.31, 12], [-0.05, 3]], label_names=["bike", "dress"],
    ...                            metric_names=["nPMI@man", "count@man"], step=0)
    >>> bool(written)
    True
    """
    return _write_tf("metric_table", name, step, description, **_own(locals()))


def prediction_discrepancy(
    name: str,
    pool_a: Any,
    pool_b: Any = None,
    *,
    step: Any = None,
    description: str | None = None,
    pool_names: Sequence[str] | None = None,
    discrepancy: str | None = None,
    pairing: str | None = None,
    groups: Any = None,
    example_ids: Any = None,
    example_text: Any = None,
    example_uris: Any = None,
    replicate: Any = None,
    from_logits: bool = False,
    top_k: int | None = None,
) -> Any:
    """Log DIPDI under TensorFlow's default summary writer.

    Parameters
    ----------
    name : str
        The tag, under any active name scopes.
    step : int, or an integer tf.Tensor or tf.Variable, optional
        Default ``tf.summary.experimental.get_step()``.
    description : str, optional
        Markdown shown with the data in TensorBoard.
    pool_a, pool_b, pool_names, discrepancy, pairing, groups, example_ids, example_text, example_uris, replicate, from_logits, top_k
        As :meth:`Writer.prediction_discrepancy`.

    Returns
    -------
    bool tensor
        True if written, False if there is no default summary writer.

    Raises
    ------
    ValueError
        For anything :meth:`Writer.prediction_discrepancy` refuses, a bad name, step or
        description, a call inside ``tf.function`` (the payload is built
        in NumPy), or no step given while none is set with
        ``tf.summary.experimental.set_step``; nothing is written.
    ImportError
        TensorFlow is not installed (`Writer` needs no TensorFlow).

    See Also
    --------
    Writer.prediction_discrepancy : the same record, written without TensorFlow.
    tb_bias_plugin.dipdi : the index itself, computed in NumPy.
    tb_bias_plugin.DipdiAccumulator : the same statistics, fed batch by batch.

    References
    ----------
    .. [1] L. Mansilla, E. Claucich, R. Echeveste, D. H. Milone, E. Ferrante,
       "Demographically-Informed Prediction Discrepancy Index: Early Warnings
       of Demographic Biases for Unlabeled Populations", TMLR, 2024.
    .. [2] ``docs/measures/discrepancy.md`` (definitions, what a record holds)
       and ``docs/guides/discrepancy.md``.

    Examples
    --------
    Two pools of two regression models each, scoring the same four examples:

    >>> import tempfile, tensorflow as tf
    >>> pool_a = [[10, 20, 30, 40], [12, 18, 33, 40]]
    >>> pool_b = [[15, 25, 28, 50], [14, 22, 35, 47]]
    >>> with tf.summary.create_file_writer(tempfile.mkdtemp()).as_default():
    ...     written = prediction_discrepancy("dipdi", pool_a, pool_b, pool_names=("men", "women"), step=0)
    >>> bool(written)
    True
    """
    return _write_tf("prediction_discrepancy", name, step, description, **_own(locals()))


def prediction_sensitivity(
    name: str,
    results: Any,
    *,
    step: Any = None,
    description: str | None = None,
    example_ids: Sequence | None = None,
    groups: Any = None,
    probs: Any = None,
    pred_class: Any = None,
    tokens: Any = None,
    example_text: Sequence | None = None,
    example_uris: Sequence | None = None,
    class_names: Sequence[str] | None = None,
    feature_names: Sequence[str] | None = None,
    w: Any = None,
    top_k: int | None = None,
    sample_size: int | None = None,
    seed: int = 0,
    v_name: str | None = None,
) -> Any:
    """Log accumulated prediction sensitivity under TensorFlow's default summary writer.

    This is the summary; ``tb_bias_plugin.prediction_sensitivity`` computes
    the values it logs.

    Parameters
    ----------
    name : str
        The tag, under any active name scopes.
    step : int, or an integer tf.Tensor or tf.Variable, optional
        Default ``tf.summary.experimental.get_step()``.
    description : str, optional
        Markdown shown with the data in TensorBoard.
    results, example_ids, groups, probs, pred_class, tokens, example_text, example_uris, class_names, feature_names, w, top_k, sample_size, seed, v_name
        As :meth:`Writer.prediction_sensitivity`.

    Returns
    -------
    bool tensor
        True if written, False if there is no default summary writer.

    Raises
    ------
    ValueError
        For anything :meth:`Writer.prediction_sensitivity` refuses, a bad name, step or
        description, a call inside ``tf.function`` (the payload is built
        in NumPy), or no step given while none is set with
        ``tf.summary.experimental.set_step``; nothing is written.
    ImportError
        TensorFlow is not installed (`Writer` needs no TensorFlow).

    See Also
    --------
    Writer.prediction_sensitivity : the same record, written without TensorFlow.
    tb_bias_plugin.prediction_sensitivity : P of a TensorFlow or PyTorch model.
    tb_bias_plugin.SensitivityCollector : P streamed batch by batch over a large evaluation set.

    References
    ----------
    .. [1] S. Krishna et al., "Measuring Fairness of Text Classifiers via
       Prediction Sensitivity", ACL 2022; corrections in ``docs/measures/sensitivity.md``.
    .. [2] ``docs/measures/sensitivity.md``, "What is logged", and ``docs/guides/sensitivity.md``.

    Examples
    --------
    P of five examples under two v choices, from their absolute Jacobians
    (two classes, three features):

    >>> import tempfile, numpy as np, tensorflow as tf
    >>> from tb_bias_plugin import accumulated_sensitivity
    >>> J = np.abs(np.random.default_rng(0).normal(size=(5, 2, 3)))
    >>> results = {"all": accumulated_sensitivity(J), "sex": accumulated_sensitivity(J, v="mask", protected=[2])}
    >>> with tf.summary.create_file_writer(tempfile.mkdtemp()).as_default():
    ...     written = prediction_sensitivity("sensitivity", results, feature_names=["age", "income", "sex"],
    ...                                      step=0)
    >>> bool(written)
    True
    """
    return _write_tf("prediction_sensitivity", name, step, description, **_own(locals()))


def representation_bias(
    name: str,
    result: Any,
    *,
    step: Any = None,
    description: str | None = None,
    layer: str | None = None,
    attribute: str | None = None,
    class_names: Sequence[str] | None = None,
) -> Any:
    """Log representation-level bias estimates under TensorFlow's default summary writer.

    Parameters
    ----------
    name : str
        The tag (the attribute), under any active name scopes.
    step : int, or an integer tf.Tensor or tf.Variable, optional
        Default ``tf.summary.experimental.get_step()``.
    description : str, optional
        Markdown shown with the data in TensorBoard.
    result, layer, attribute, class_names
        As :meth:`Writer.representation_bias`.

    Returns
    -------
    bool tensor
        True if written, False if there is no default summary writer.

    Raises
    ------
    ValueError
        For anything :meth:`Writer.representation_bias` refuses, a bad name, step or
        description, a call inside ``tf.function`` (the payload is built
        in NumPy), or no step given while none is set with
        ``tf.summary.experimental.set_step``; nothing is written.
    ImportError
        TensorFlow is not installed (`Writer` needs no TensorFlow).

    See Also
    --------
    Writer.representation_bias : the same record, written without TensorFlow.
    tb_bias_plugin.representation_bias : the estimate of B for one layer.
    tb_bias_plugin.callbacks.RepresentationBiasCallback : estimate and log at the end of Keras epochs.

    References
    ----------
    .. [1] Li and Abd-Almageed, "Information-Theoretic Bias Assessment of Learned Representations of
       Pretrained Face Recognition", FG 2021.
    .. [2] ``docs/measures/representation.md`` (the estimate, "Storage") and
       ``docs/guides/representation.md``.

    Examples
    --------
    A quick, rough estimate of B for a 2-D representation of 200 rows
    (real ones want thousands of rows and the default settings):

    >>> import tempfile, warnings, numpy as np, tensorflow as tf
    >>> import tb_bias_plugin
    >>> z = np.array([0, 1] * 100)
    >>> r = z[:, None] + np.random.default_rng(0).normal(size=(200, 2))
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore")  # fewer than 2,000 rows warns
    ...     found = tb_bias_plugin.representation_bias(r, z, steps=10, classifier_steps=10, classifier_folds=2,
    ...                                                control=False, workers=1)
    >>> with tf.summary.create_file_writer(tempfile.mkdtemp()).as_default():
    ...     written = representation_bias("sex", found, layer="fc", step=0)
    >>> bool(written)
    True
    """
    return _write_tf("representation_bias", name, step, description, **_own(locals()))
