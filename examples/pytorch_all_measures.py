"""Train a small PyTorch classifier and log all four tb-bias measures beside its SummaryWriter scalars.

No TensorFlow is needed for the PyTorch parts (``pip install ".[torch]"`` in a clone of tb-bias);
representation bias uses whichever estimator ``tb_bias_plugin.representation_bias`` has.

    python examples/pytorch_all_measures.py --logdir logs/pytorch
    tensorboard --logdir logs/pytorch          # Scalars tab, and the Bias tab

The data are synthetic hiring records: feature 0 is gender, feature 1 a proxy of it,
the others skills; the occupation the model predicts leans on gender because the
labels do. Each epoch logs loss and accuracy (SummaryWriter), the association of
predicted occupations with gender, the prediction sensitivity P to the gender
feature, and the representation bias of the hidden layer. At the end, DIPDI
compares models trained with and without the gender feature.
"""

from __future__ import annotations

import argparse

import numpy as np
import torch
from torch.utils.tensorboard import SummaryWriter

import tb_bias_plugin
from tb_bias_plugin import pytorch as tbp
from tb_bias_plugin.summary import Writer

OCCUPATIONS = ["doctor", "nurse", "engineer"]
GENDERS = np.array(["man", "woman"])
FEATURES = ["gender", "hobby", "skill 1", "skill 2", "skill 3"]


def hiring_data(n: int, seed: int):
    """(x [n, 5] float32, occupation [n], gender code [n])."""
    rng = np.random.default_rng(seed)
    gender = rng.integers(0, 2, size=n)
    hobby = gender + rng.normal(scale=0.7, size=n)  # a proxy of gender
    skills = rng.normal(size=(n, 3))
    logits = skills * 1.5 + np.outer(gender, [-1.0, 1.5, -0.5])
    occupation = np.argmax(logits + rng.gumbel(size=logits.shape), axis=1)
    x = np.column_stack([gender, hobby, skills]).astype(np.float32)
    return x, occupation, gender


def classifier(seed: int, hidden: int) -> torch.nn.Sequential:
    torch.manual_seed(seed)
    return torch.nn.Sequential(torch.nn.Linear(len(FEATURES), hidden), torch.nn.Tanh(),
                               torch.nn.Linear(hidden, len(OCCUPATIONS)), torch.nn.Softmax(dim=1))


def train(model, x, y, epochs: int, on_epoch=None, blind=False, lr=0.05):
    """Full-batch Adam on the negative log-likelihood; ``blind`` zeroes the gender feature."""
    xs, ys = torch.as_tensor(x), torch.as_tensor(y)
    if blind:
        xs = xs.clone()
        xs[:, 0] = 0
    opt = torch.optim.Adam(model.parameters(), lr=lr)
    for epoch in range(epochs):
        model.train()
        opt.zero_grad()
        loss = torch.nn.functional.nll_loss(torch.log(model(xs) + 1e-9), ys)
        loss.backward()
        opt.step()
        if on_epoch is not None:
            on_epoch(epoch, loss.item())
    return model


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--logdir", default="logs/pytorch")
    parser.add_argument("--n", type=int, default=4000, help="training examples (as many again for validation)")
    parser.add_argument("--epochs", type=int, default=60)
    parser.add_argument("--every", type=int, default=20, help="log the bias measures every this many epochs")
    parser.add_argument("--hidden", type=int, default=16)
    parser.add_argument("--ensemble", type=int, default=2, help="models per DIPDI pool (even)")
    parser.add_argument("--estimator-steps", type=int, default=None,
                        help="training steps of the representation estimator (default: its own)")
    args = parser.parse_args(argv)

    x, y, gender = hiring_data(args.n, seed=0)
    x_val, y_val, g_val = hiring_data(args.n, seed=1)
    names = GENDERS[g_val]
    estimator = {} if args.estimator_steps is None else {"steps": args.estimator_steps}
    model = classifier(seed=0, hidden=args.hidden)
    writer = SummaryWriter(args.logdir)

    def on_epoch(epoch: int, loss: float) -> None:
        writer.add_scalar("loss", loss, epoch)
        with torch.no_grad():
            model.eval()
            accuracy = float((model(torch.as_tensor(x_val)).argmax(1).numpy() == y_val).mean())
        writer.add_scalar("accuracy", accuracy, epoch)
        if (epoch + 1) % args.every and epoch + 1 != args.epochs:
            return
        # The Bias tab: the same logdir, so the same run as the scalars.
        tbp.log_association_table(writer, model, x_val, step=epoch, label_names=OCCUPATIONS,
                                  identity_labels=list(GENDERS), identities=names, thresholds=0.4)
        tbp.log_prediction_sensitivity(writer, model, x_val, step=epoch,
                                       v={"gender": tb_bias_plugin.VChoice.mask([0]), "all features": "uniform"},
                                       groups=names, class_names=OCCUPATIONS, feature_names=FEATURES)
        tbp.log_representation_bias(writer, model, x_val, {"gender": g_val}, step=epoch, layers=["1"],
                                    class_names=list(GENDERS), **estimator)

    train(model, x, y, args.epochs, on_epoch)

    # DIPDI: do models that see gender disagree with models that do not, more than among themselves?
    pools = []
    for blind in (False, True):
        preds = []
        for seed in range(args.ensemble):
            member = train(classifier(seed=10 + seed, hidden=args.hidden), x, y, args.epochs, blind=blind)
            xs = torch.as_tensor(x_val).clone()
            if blind:
                xs[:, 0] = 0
            with torch.no_grad():
                preds.append(member.eval()(xs).numpy())
        pools.append(np.stack(preds))
    with Writer(args.logdir) as bias_writer:
        # class probabilities: the Jensen-Shannon divergence between two models' distributions (abs is for one score)
        bias_writer.prediction_discrepancy("gender-aware vs blind", pools[0], pools[1], step=args.epochs - 1,
                                           discrepancy="jsd", pool_names=("sees gender", "blind"),
                                           groups=names)
    writer.close()
    tbp.close_writers()
    print("logged to", args.logdir)


if __name__ == "__main__":
    main()
