"""Small, fast settings of the classifier bound, shared by its tests."""


def settings(**changes):
    """The estimator's settings dict for `classifier.classifier_bound` at a test's size, with ``changes``."""
    s = dict(seed=0, batch_size=256, pca_dims=None, validation_fraction=0.2, classifier_width=16,
             classifier_steps=400, classifier_eval_every=50, classifier_learning_rate=3e-3, patience=5,
             classifier_folds=3)
    s.update(changes)
    return s
