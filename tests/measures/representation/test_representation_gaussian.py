"""The Gaussian-classes candidate of the classifier bound (gaussian.py): quadratic discriminant analysis with
each class's covariance shrunk toward the pooled one by a share chosen on validation rows."""

import math

import numpy as np
import pytest
from known_answers import GaussianClasses, _log_gauss, four_unbalanced_classes_random_covariances

from tb_bias_plugin.measures.representation import gaussian


def _exact_log_posterior(family, r):
    logs = np.stack([np.log(p) + _log_gauss(r, m, c) for p, m, c in zip(family.probs, family.means, family.covs)])
    return (logs - np.logaddexp.reduce(logs, axis=0)).T


def test_the_fit_approaches_the_exact_posterior_of_gaussian_classes_with_their_own_covariances():
    family = four_unbalanced_classes_random_covariances(16)
    r, z = family.sample(20000, np.random.default_rng(1))
    judged, tested = gaussian.gaussian_classes(r[:12000], z[:12000], r[12000:15000], z[12000:15000], 4, np.full(4, -5.0))
    rows = np.arange(5000)
    exact = _exact_log_posterior(family, r[15000:])[rows, z[15000:]].mean()
    # on rows neither fit saw: within 0.03 nats a row of the true posterior (the MLP and the 3-direction
    # quadratic classifier were 0.09 of B, about 0.1 nats, short on this family at n = 6,000)
    assert exact - 0.03 < tested(r[15000:])[rows, z[15000:]].mean() <= exact + 0.01
    assert judged(r[15000:])[rows, z[15000:]].mean() > exact - 0.03
    np.testing.assert_allclose(np.exp(tested(r[:10])).sum(axis=1), 1.0, rtol=1e-12)


def test_classes_that_share_a_covariance_get_it_pooled():
    """Two classes, one covariance, 200 fitting rows in 20 dimensions: each class's own covariance is noise
    (100 rows for 210 entries), and the validation rows choose the pooled one or close to it."""
    family = GaussianClasses([np.zeros(20), np.r_[1.5, np.zeros(19)]], [np.eye(20)] * 2, (0.5, 0.5))
    r, z = family.sample(2200, np.random.default_rng(2))
    judged, _ = gaussian.gaussian_classes(r[:200], z[:200], r[200:], z[200:], 2, np.full(2, -5.0))
    assert judged.shrinkage >= 0.7


def test_a_class_absent_from_the_fitting_rows_keeps_a_small_probability_and_one_row_the_pooled_covariance():
    rng = np.random.default_rng(3)
    x = rng.normal(size=(300, 3))
    x[:, 2] = 1.0  # a constant coordinate (a dead unit): the jitter keeps every covariance invertible
    z = np.r_[np.zeros(150, int), np.full(149, 1), [3]]  # class 2 never appears, class 3 once
    judged, tested = gaussian.gaussian_classes(x[:200], z[:200], x[200:], z[200:], 4, np.full(4, -5.0))
    # class 3 has one row, in the validation part: the refit gives it the pooled covariance (its own is
    # undefined: NaN without the pooled one), the fit never saw it
    for q, absent in ((judged, [2, 3]), (tested, [2])):
        out = q(x[:5])
        assert np.all(np.isfinite(out)), out
        np.testing.assert_allclose(np.exp(out).sum(axis=1), 1.0, rtol=1e-12)
        # the share of half a row among 200 or 300: spread like every row, it stays near that share
        assert np.all(out[:, absent] < math.log(0.01))


@pytest.mark.training
def test_a_class_with_one_row_in_the_whole_sample_leaves_the_bound_finite():
    """Found by a review: one row of a fourth class (intersection codes make such classes). On the fold that
    tests that row no fitting row has its class; q gave it 0 and the bound was -inf. An absent class is now
    spread like every fitting row, with the share of half a row."""
    from classifier_settings import settings

    from tb_bias_plugin.measures.representation import classifier

    family = GaussianClasses([np.zeros(4)] * 2, [np.eye(4), 4 * np.eye(4)], (0.5, 0.5))  # Gaussian classes lead
    r, z = family.sample(2000, np.random.default_rng(4))
    z[17] = 2
    out = classifier.classifier_bound(r, z, settings())
    assert "gaussian" in out["kept"]
    assert math.isfinite(out["mi"]) and out["mi"] > 0.2  # nats; exact I 0.304


def test_a_class_with_fewer_rows_than_dimensions_takes_the_pooled_covariance():
    """A 30-row class independent of x at d = 32: its own covariance is singular and fits noise (the rows
    it never saw scored -103 nats a row; the review's shuffled controls fell to -0.64); with the pooled one
    they score within 0.1 nats of the class shares alone."""
    rng = np.random.default_rng(5)
    x = rng.normal(size=(3000, 32))
    z = np.zeros(3000, np.int64)
    z[rng.choice(3000, 30, replace=False)] = 1  # independent of x
    judged, tested = gaussian.gaussian_classes(x[:2000], z[:2000], x[2000:2500], z[2000:2500], 2, np.full(2, -5.0))
    p = z[:2500].mean()
    shares_alone = p * math.log(p) + (1 - p) * math.log(1 - p)
    assert tested(x[2500:])[np.arange(500), z[2500:]].mean() > shares_alone - 0.1


def test_each_class_is_shrunk_at_least_d_over_its_rows():
    assert gaussian.least_shrinkages([10, 32, 64, 0], 32).tolist() == [1.0, 1.0, 0.5, 1.0]


def test_the_refit_keeps_the_shrinkage_the_fitting_rows_allowed():
    """A class of 32 fitting rows at d = 32 (pooled when judged) and 8 validation rows, independent of x: the
    refit on its 40 rows took its own covariance at the shrinkage the validation rows chose for the pooled
    model (0), and the class's unseen rows scored -76 nats a row here. The refit now keeps the fitting rows'
    least shrinkage (all of it), so they score within 1 nat a row of the class's share (-4.7)."""
    rng = np.random.default_rng(1)
    x = rng.normal(size=(6000, 32))
    z = np.zeros(6000, np.int64)
    z[rng.choice(6000, 60, replace=False)] = 1  # independent of x
    fit, val, test = np.arange(0, 3200), np.arange(3200, 4000), np.arange(4000, 6000)
    z[fit] = 0
    z[fit[:32]], z[val] = 1, 0
    z[val[:8]] = 1
    judged, tested = gaussian.gaussian_classes(x[fit], z[fit], x[val], z[val], 2, np.log([0.99, 0.01]) - np.log(75))
    rare = test[z[test] == 1]
    share = 40 / 4000
    assert tested(x[rare])[:, 1].mean() > math.log(share) - 1.0
