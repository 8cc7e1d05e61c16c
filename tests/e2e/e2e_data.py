"""What the browser tests add to their copy of demo_logs: a run whose label
names are hostile (markup that would run code if put into HTML unescaped,
and text a spreadsheet would run as a formula), a run with more
identities than the table has room for, and a representation run whose
layers are named otherwise than the demo's."""

DEMO_RUNS = ("model_a", "model_b")
DEMO_TAG = "gender"

HOSTILE_RUN = "untrusted_labels"  # sorts after the demo runs, so it is never the default
HOSTILE_TAG = "hostile"
#: Label names that would run code if the frontend put them into HTML
#: unescaped. Each one sets ``window.__tbBiasXss`` and/or opens a dialog.
XSS_LABELS = (
    '<script>window.__tbBiasXss = "script"; alert("script")</script>',
    '<img src=x onerror="window.__tbBiasXss = \'img\'; alert(\'img\')">',
    '"><img src=x onerror=window.__tbBiasXss=1>',
    "<svg onload=\"window.__tbBiasXss='svg'\"></svg>",
    "</div><iframe srcdoc=\"<script>parent.__tbBiasXss='iframe'</script>\"></iframe>",
    "${window.__tbBiasXss='template'}",
)
#: Label names that a spreadsheet would run as formulas.
FORMULA_LABELS = ('=HYPERLINK("http://example.invalid","click")', "+SUM(1,2)", "-2+3", "@SUM(A1:A2)")
PLAIN_LABELS = ("Plain Label", "Another Plain Label")
HOSTILE_LABELS = XSS_LABELS + FORMULA_LABELS + PLAIN_LABELS


def write_hostile_run(path):
    """A small counts table whose labels are XSS and formula payloads; every
    label co-occurs with both identities, so it passes the default filters."""
    from tb_bias_plugin import summary

    identities = ["man", "woman"]
    examples = []
    for i, label in enumerate(HOSTILE_LABELS):
        examples += [["man", label]] * (3 + 2 * i)
        examples += [["woman", label]] * (3 + len(HOSTILE_LABELS) - i)
        examples += [[label]] * 4
    examples += [["man"]] * 40 + [["woman"]] * 40 + [[]] * 200
    with summary.Writer(path) as writer:
        writer.association_table(
            HOSTILE_TAG,
            examples,
            label_names=identities + list(HOSTILE_LABELS),
            identity_labels=identities,
            step=0,
        )


WIDE_RUN = "wide_identities"  # sorts after the demo runs
WIDE_TAG = "many"
WIDE_IDENTITIES = tuple("group_%02d" % j for j in range(12))


def write_wide_run(path):
    """A counts table with 12 identities given as a per-example attribute:
    wider than the table's box, so its rows scroll sideways."""
    import numpy as np

    from tb_bias_plugin import summary

    rng = np.random.default_rng(7)
    labels = ["wide label %03d" % i for i in range(300)]
    scores = rng.random((3000, len(labels))) ** 4
    groups = rng.integers(0, len(WIDE_IDENTITIES), size=3000)
    with summary.Writer(path) as writer:
        writer.association_table(
            WIDE_TAG,
            scores,
            label_names=labels,
            identity_labels=list(WIDE_IDENTITIES),
            identities=[WIDE_IDENTITIES[g] for g in groups],
            step=0,
        )


REPRESENTATION_RUN = "representation_small"  # sorts after representation_demo
REPRESENTATION_TAG = "sex"  # the demo's tag too: a run switch keeps it
REPRESENTATION_LAYERS = ("encoder", "head")  # names the demo's layers do not have


def write_representation_run(path):
    """Two steps of B for two small layers (a short MINE run on 200 rows, about a second)."""
    import warnings

    import numpy as np

    import tb_bias_plugin
    from tb_bias_plugin import summary

    rng = np.random.default_rng(3)
    z = rng.integers(0, 2, 200)
    settings = dict(steps=60, eval_every=20, classifier_steps=60, classifier_folds=2)
    with summary.Writer(path) as writer, warnings.catch_warnings():
        warnings.simplefilter("ignore")  # n = 200 < 2000: noisy, which this run need not be
        for step in (0, 1):
            results = {layer: tb_bias_plugin.representation_bias(rng.normal(size=(200, 4)) + (k + step) * z[:, None], z, **settings)
                       for k, layer in enumerate(REPRESENTATION_LAYERS)}
            writer.representation_bias(REPRESENTATION_TAG, results, step=step, class_names=["female", "male"])
