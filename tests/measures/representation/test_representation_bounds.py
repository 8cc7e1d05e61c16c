"""The two lower bounds of B against families with an exactly computable I, and their storage.

The families (known_answers.py) are ours: Gaussian classes with equal and
unequal covariances in several dimensions, more than two unbalanced
classes, and Z a deterministic non-linear function of R (B = 1). Their exact
B is computed in the test by Monte Carlo of the exact densities (200,000
draws, standard error about 0.002), never taken from the estimator.
"""

import math
import subprocess
import sys

import numpy as np
import pytest
from known_answers import FAMILIES, GaussianClasses, GaussianMixtureClasses, shift

from tb_bias_plugin.measures.representation import codec
from tb_bias_plugin.measures.representation.entropy import RepresentationBiasResult
from tb_bias_plugin.measures.representation.mine import representation_bias

N = 6000


@pytest.mark.training
@pytest.mark.parametrize("name", list(FAMILIES))
def test_b_is_within_005_of_the_exact_value_and_controls_within_002(name):
    """n = 6,000, default settings, seed 0, one control permutation per bound."""
    family = FAMILIES[name]
    exact = family.exact_bias()
    r, z = family.sample(N, np.random.default_rng(7))
    res = representation_bias(r, z, seed=0)
    tolerance = 0.03 if name.startswith("shift") else 0.05
    assert abs(res.bias - exact) < tolerance, (name, exact, res.bias, res.bound)
    assert res.bias == pytest.approx(max(res.mine_bias, res.classifier_bias))
    assert res.bound == ("classifier" if res.classifier_bias > res.mine_bias else "mine")
    assert abs(res.control_bias) < 0.02
    assert np.all(np.abs(res.mine_control_biases) < 0.02) and np.all(np.abs(res.classifier_control_biases) < 0.02)
    # both are lower bounds: neither is far above the truth
    assert res.mine_bias < exact + 0.03 and res.classifier_bias < exact + 0.03
    assert ("loose" in res.flags) == (res.loose_reason is not None)
    if name in ("|r0| > 0.6745 d=4", "|r| > median radius d=6"):
        # MINE's critic underfits these quadratic boundaries (0.8 and 0.4); the quadratic classifier does not,
        # nor, on |r0| > 0.6745 (two cuts of one coordinate), the MLP, the additive classifier, the trees or the
        # MLP on a few learned directions
        assert res.bound == "classifier"
        assert res.classifier == "quadratic" or (name.startswith("|r0|") and res.classifier in (
            "mlp", "additive", "trees", "subspace"))
        assert res.mine_bias < res.classifier_bias - 0.1
        assert "loose" in res.flags and "MINE" in res.loose_reason


def test_exact_values_of_the_families_match_closed_forms():
    # Equal-variance shift in one dimension: I by 1-D quadrature of the exact densities.
    delta = 1.5
    x = np.linspace(-12, 14, 200_001)
    p0 = np.exp(-x ** 2 / 2) / math.sqrt(2 * math.pi)
    p1 = np.exp(-(x - delta) ** 2 / 2) / math.sqrt(2 * math.pi)
    m = (p0 + p1) / 2
    integrand = 0.5 * p0 * np.log(p0 / m) + 0.5 * p1 * np.log(p1 / m)
    exact = float(np.sum(integrand) * (x[1] - x[0])) / math.log(2)
    assert shift(2, delta).exact_bias() == pytest.approx(exact, abs=0.005)
    # identical classes carry no information
    same = GaussianClasses([np.zeros(3)] * 2, [np.eye(3)] * 2, (0.3, 0.7))
    assert abs(same.exact_bias()) < 1e-12
    # a mixture whose components are all the other class's Gaussian is that Gaussian
    bumps = GaussianMixtureClasses([[(np.zeros(2), np.eye(2))] * 2, [(np.zeros(2), np.eye(2))]], (0.5, 0.5))
    assert abs(bumps.exact_bias()) < 1e-12


def test_representation_bias_runs_where_tensorflow_cannot_be_imported():
    code = (
        "import sys; sys.modules['tensorflow'] = None\n"
        "import numpy as np\n"
        "from tb_bias_plugin import representation_bias\n"
        "rng = np.random.default_rng(0); z = rng.integers(0, 2, 600)\n"
        "r = z[:, None] + rng.normal(size=(600, 3))\n"
        "import warnings; warnings.simplefilter('ignore')\n"
        "res = representation_bias(r, z, steps=100, classifier_steps=100, eval_every=50)\n"
        "assert res.bias > 0.1, res.bias\n"
        "print(sys.modules['tensorflow'] is None, 'keras' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["True", "False"]


def _result(**overrides):
    values = dict(
        bias=0.6, mutual_information=0.4, mutual_information_sampled=0.3, entropy=0.69, control_bias=0.001,
        control_mutual_information=0.0007, control_biases=[0.001], control_mutual_informations=[0.0007],
        train_curve=np.linspace(0, 0.3, 50), heldout_steps=[25, 50], heldout_curve=[0.2, 0.3],
        validation_curve=[0.2, 0.31], class_counts=[3000, 3000], n=6000, n_train=4200, n_heldout=1800,
        settings={"steps": 50}, flags=("loose",), best_step=50, bound="classifier", mine_bias=0.45,
        mine_mutual_information=0.31, mine_control_biases=[-0.003], classifier="mlp", classifier_bias=0.6,
        classifier_mutual_information=0.4, classifier_control_biases=[0.001],
        loose_reason="MINE 0.450 and classifier 0.600 differ by 0.150 > noise 0.028: the smaller bound is loose")
    values.update(overrides)
    return RepresentationBiasResult(**values)


def test_both_bounds_survive_storage():
    decoded = codec.decode(codec.encode([("fc", _result())])).layer("fc").result
    for name in ("bound", "mine_bias", "mine_mutual_information", "classifier", "classifier_bias",
                 "classifier_mutual_information", "loose_reason", "flags"):
        assert getattr(decoded, name) == getattr(_result(), name), name
    np.testing.assert_array_equal(decoded.mine_control_biases, [-0.003])
    np.testing.assert_array_equal(decoded.classifier_control_biases, [0.001])
    undefined = RepresentationBiasResult.undefined([10], 10, reason="single_class", settings={})
    back = codec.decode(codec.encode([("fc", undefined)])).layer("fc").result
    assert back.bound == "" and math.isnan(back.classifier_bias) and back.loose_reason is None


def test_a_record_written_before_the_classifier_bound_reads_as_mine_alone():
    message = codec.encode([("fc", _result(flags=()))])
    layer = message.layers[0]
    for field in ("bound", "mine_bias", "mine_mutual_information", "mine_control_biases", "classifier",
                  "classifier_bias", "classifier_mutual_information", "classifier_control_biases",
                  "loose_reason"):
        layer.ClearField(field)  # the bytes an older writer produced: fields 24-32 absent
    old = type(message).FromString(message.SerializeToString())
    r = codec.decode(old).layer("fc").result
    assert r.bound == "mine" and r.mine_bias == 0.6 and r.mine_mutual_information == 0.4
    np.testing.assert_array_equal(r.mine_control_biases, [0.001])
    assert r.classifier == "" and math.isnan(r.classifier_bias) and r.classifier_control_biases.size == 0
    assert r.loose_reason is None
