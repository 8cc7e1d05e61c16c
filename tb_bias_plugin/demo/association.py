"""Deterministic demo logs: a simulated image classifier with planted biases.

``python -m tb_bias_plugin.demo --logdir demo_logs`` writes two runs
(``model_a``, ``model_b``) of three steps each (epochs 1 to 3) under the tag
``gender``, with identities ``man``, ``woman``, ``boy`` and ``girl``.

The data model
--------------
* A fixed evaluation set of N images. Each image shows nobody or a group of
  people; the group (e.g. a man alone, a woman with a girl) decides which
  identities are truly present.
* About 2,000 labels (``vocabulary.txt``), each with a target number of
  images drawn from a log-normal rank-frequency curve, so that a few labels
  are in tens of thousands of images and many in only a handful.
* Where a label appears depends on its vocabulary section (a hairstyle needs
  a person in the picture, a tree does not) and on per-identity affinities.
  Associations are planted on named labels, of two kinds, as in the paper:
  common labels moderately skewed (``Long Hair``, ``Beard``, ``Tie``...) and
  rare labels strongly skewed (``Dido Flip``: almost always with ``woman``).
  Every other label is unbiased.
* A model turns the ground truth into scores in [0, 1]: true positives get
  scores around a confidence that grows with training, false positives lower
  ones, and the model's bias pushes scores up where a label's planted skew
  agrees with the identities in the image and down where it does not.
  ``model_a`` amplifies the skews more at every epoch; ``model_b`` less.
* Counts are logged at thresholds 0.3, 0.5 and 0.7, with a sample of
  `EXAMPLES_PER_CELL` images per cell: each image has an id (``img-00042``)
  and a synthetic caption saying who is in view and a few of its true
  labels, so that the examples behind a gap can be read.

The result shows the paper's finding: the top labels by PMI gap are rare,
by demographic-parity gap common, and by nPMI_xy gap both.

Everything is drawn from ``numpy.random.default_rng`` seeded from ``--seed``,
using uniform and normal variates only, so equal arguments give equal tables.
"""

import importlib.util
import math
import os
import statistics
import time

import numpy as np

from tb_bias_plugin.core.validation import check_integer
from tb_bias_plugin.demo import DemoOption
from tb_bias_plugin.demo.runs import prepare_run_dirs
from tb_bias_plugin.measures.association.counting import CooccurrenceCounter
from tb_bias_plugin.summary import Writer

DEFAULT_SEED = 0
DEFAULT_EXAMPLES = 40_000
#: Fewer images would leave the planted labels too few to show.
MIN_EXAMPLES = 100
#: The options of ``python -m tb_bias_plugin.demo`` this demo takes.
DEMO_OPTIONS = (
    DemoOption("examples", DEFAULT_EXAMPLES, MIN_EXAMPLES, "number of simulated images of the label-association demo"),
)
TAG = "gender"
IDENTITIES = ("man", "woman", "boy", "girl")
THRESHOLDS = (0.3, 0.5, 0.7)
STEPS = (1, 2, 3)
#: Images sampled per cell, and the most the sample may take in each record.
EXAMPLES_PER_CELL = 4
EXAMPLE_BUDGET_BYTES = 2 << 20
#: True labels named in a caption, rarest first.
CAPTION_LABELS = 2

#: Event files written by the demo end with this, so ``--overwrite`` removes
#: only those.
FILE_SUFFIX = ".tb-bias-demo"

VOCABULARY_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "vocabulary.txt")

#: Per vocabulary section: (affinity with no person in the image, affinity
#: with an adult, affinity with a child, crowd factor). Affinities are
#: relative rates; the crowd factor multiplies the rate once per extra person
#: (a hairstyle is seen less in a group photo, a tree no less).
SECTIONS = {
    "people": (0.02, 1.0, 1.0, 0.9),
    "body": (0.02, 1.0, 1.0, 0.9),
    "hair": (0.02, 1.0, 1.0, 0.7),
    "beauty": (0.08, 1.0, 0.3, 0.7),
    "clothing": (0.12, 1.0, 1.0, 0.9),
    "accessories": (0.15, 1.0, 0.7, 0.9),
    "activities": (0.05, 1.0, 1.0, 1.0),
    "sports": (0.5, 1.0, 0.8, 1.0),
    "events": (0.4, 1.0, 0.8, 1.2),
    "toys": (0.3, 0.3, 3.0, 1.0),
    "attributes": (0.7, 1.0, 1.0, 1.0),
    "music_art": (0.8, 1.0, 0.6, 1.0),
    "animals": (1.0, 0.5, 0.7, 1.0),
    "nature": (1.0, 0.6, 0.6, 1.0),
    "sky": (1.0, 0.7, 0.7, 1.0),
    "food": (1.0, 0.8, 0.8, 1.0),
    "vehicles": (1.0, 0.6, 0.5, 1.0),
    "places": (1.0, 0.8, 0.8, 1.0),
    "household": (1.0, 0.8, 0.8, 1.0),
    "tools": (1.0, 0.7, 0.5, 1.0),
    "materials": (1.0, 0.8, 0.8, 1.0),
}

#: Who is in an image, and how often (fractions of N). Shares are in the
#: range of people-centric photo collections; about half the images show
#: nobody.
COMPOSITIONS = (
    ((), 0.48),
    (("man",), 0.15),
    (("woman",), 0.14),
    (("man", "woman"), 0.05),
    (("boy",), 0.03),
    (("girl",), 0.03),
    (("woman", "girl"), 0.025),
    (("man", "boy"), 0.02),
    (("woman", "boy"), 0.015),
    (("man", "girl"), 0.015),
    (("boy", "girl"), 0.015),
    (("man", "woman", "boy"), 0.01),
    (("man", "woman", "girl"), 0.01),
    (("man", "woman", "boy", "girl"), 0.01),
)

#: The most common labels, most common first; they are unbiased.
HEAD = (
    "Person", "Sky", "Human Face", "Smile", "Tree", "Clothing", "Hair", "Building",
    "Plant", "Cloud", "Hand", "Eye", "Outdoor", "Skin", "Grass", "Water", "Fun",
    "Leisure", "Street", "Car", "Table", "Window", "City", "Food", "Happy",
    "Nature", "Photography", "Architecture", "T-Shirt", "Standing",
)

#: Planted common labels that come right after HEAD, in this order (the
#: paper's demographic-parity examples are this popular).
POPULAR = (
    "Fashion", "Beauty", "Hairstyle", "Short Hair", "Long Hair", "Jacket", "Happiness",
    "Dress", "Beard", "Sunglasses", "Suit", "Makeup", "Tie", "Jewellery", "Facial Hair",
    "Blond", "Baseball Cap", "Lipstick", "Handbag", "Earrings", "Moustache", "Necklace",
    "Skirt", "Blazer", "High Heels", "Muscle", "Sports Uniform", "Football",
)

# Planted associations. "common" labels get a frequency rank in COMMON_RANKS
# and a moderate skew, "rare" ones a rank in RARE_RANKS and a strong skew
# towards the named identity. Names must be in the vocabulary.
WOMAN_COMMON = """
Long Hair|Dress|Skirt|Blouse|Makeup|Lipstick|Handbag|Earrings|Necklace|High Heels|Fashion|
Beauty|Hairstyle|Eye Liner|Fashion Model|Model|Photo Shoot|Bracelet|Leggings|Tights|Cardigan|
Nail Polish|Eyelash|Blond|Curly Hair|Wavy Hair|Ponytail|Bun|Braid|Jewellery|Bra|Bikini|Sundress|
Purse|Scarf|Happiness|Elegance|Glamour|Style|Pretty|Beautiful|Cute|Pink|Floral|Lace|Silk|Flower|
Bouquet|Wedding Dress|Bride|Dancing|Yoga|Shopping|Shopping Bag|Posing|Selfie|Cosmetics|Perfume|
Eye Shadow|Mascara|Hair Accessory|Headband|Crop Top|Mini Dress|Sandal|Nurse|Ballet|Dancer|Hug|
Carrying a Baby|Motherhood|Stroller|Cupcake|Spa|Beauty Salon|Manicure|Hair Salon|Gymnastics|
Figure Skating|Fashion Accessory|Lingerie|Sexy|Slim|Graceful|Romance|Tank Top|Flower Crown
"""
MAN_COMMON = """
Beard|Moustache|Facial Hair|Stubble|Short Hair|Tie|Suit|Dress Shirt|Blazer|Jacket|Baseball Cap|
Bald Head|Muscle|Tuxedo|Military Uniform|Soldier|Military|Police Officer|Police|
Construction Worker|Construction|Hard Hat|Helmet|Workwear|Businessperson|Business|Football|
Soccer|Basketball|American Football|Rugby|Basketball Player|Football Player|Soccer Player|
Athlete|Beer|Barbecue|Grilling|Motorcycle|Truck|Tool|Guitar|Electric Guitar|Drum Kit|
Playing Guitar|Fishing|Boxing|Golf|Golfer|Stadium|Sports Uniform|Jersey|Watch|Engineer|Farmer|
Tractor|Firefighter|Mechanic|Sports Car|Cycling|Weight Training|Gym|Handsome|Tough|Strong|
Muscular|Serious|Technology|Hoodie|Sunglasses|Biceps|Tattoo|Skateboarding
"""
GIRL_COMMON = "Doll|Hair Bow|Pigtails|Tutu|Princess|Princess Costume|Teddy Bear|Stuffed Toy"
BOY_COMMON = """
Toy Car|Action Figure|Superhero|Superhero Costume|Toy Dinosaur|Dinosaur|Video Game|Skateboard|
Toy Train|Water Gun
"""
WOMAN_RARE = """
Dido Flip|Treggings|Jeggings|Lace Wig|Boho-chic|Bohemian Style|Eyelash Extension|
False Eyelashes|Gravure Idol|Webcam Model|Pixie Cut|French Braid|Fishtail Braid|Dutch Braid|
Victory Rolls|Finger Wave|Pin Curls|Ringlets|Beehive|Chignon|Bouffant|Updo|Messy Bun|
High Ponytail|Side-swept Bangs|Curtain Bangs|Blunt Bangs|Balayage|Ombre Hair|Highlights|
Hair Extension|Tiara|Bridal Veil|Bridal Shower|Bachelorette Party|Baby Shower|Bridesmaid|
Bridesmaid Dress|Contouring|Highlighter Makeup|Lip Gloss|Lip Liner|Concealer|Bronzer|Blush|
Beauty Blender|Makeup Brush|Compact Mirror|Nail Art|Acrylic Nails|Gel Nails|Pedicure|
Eyelash Curler|Brow Shaping|Eyebrow Threading|Waxing|Sheet Mask|Camisole|Maxi Dress|Midi Dress|
Cocktail Dress|Evening Gown|Ball Gown|Little Black Dress|Wrap Dress|Slip Dress|Pencil Skirt|
Pleated Skirt|Maxi Skirt|Petticoat|Tube Top|Halter Top|Corset|Bodysuit|Pantsuit|Palazzo Pants|
Culottes|Hot Pants|Fishnet Stockings|Pantyhose|Stockings|Nightgown|Ballet Flat|Stiletto Heel|
Kitten Heel|Wedge Heel|Pumps|Mary Jane Shoes|Platform Shoe|Espadrille|Knee-high Boot|
Clutch Bag|Crossbody Bag|Choker|Anklet|Brooch|Pearl Necklace|Charm Bracelet|Hoop Earrings|
Hair Clip|Scrunchie|Fascinator|Corsage|Garter|Sun Hat|Parasol|Hand Fan|Pole Dance|Belly Dance|
Beauty Pageant|Beauty Queen|Supermodel|Majorette|Rhythmic Gymnastics|Synchronized Swimming|
Cheerleader|Ballerina|Pointe Shoe|Leotard|Midwife|Nanny|Seamstress|Makeup Artist|Waitress|
Receptionist|Applying Makeup|Painting Nails|Brushing Hair|Braiding Hair|Breastfeeding|
Embroidery|Sports Bra|One-piece Swimsuit|Yoga Pants|Vanity Table|Fashion Magazine
"""
MAN_RARE = """
Goatee|Full Beard|Handlebar Moustache|Pencil Moustache|Mutton Chops|Five O'Clock Shadow|
Soul Patch|Sideburns|Chest Hair|Receding Hairline|Crew Cut|Buzz Cut|Flattop|Fade Haircut|
High and Tight|Faux Hawk|Pompadour|Quiff|Slicked Back Hair|Side Part|Comb Over|Man Bun|Mullet|
Cufflinks|Pocket Square|Tie Clip|Bow Tie|Ascot|Suspenders|Three-piece Suit|Waistcoat|Fedora|
Bowler Hat|Panama Hat|Shaving Cream|Aftershave|Beard Oil|Beard Trimmer|Shaving Brush|
Electric Razor|Shaving Beard|Cologne|Bachelor Party|Sumo|Sumo Wrestler|Bodybuilder|
Bodybuilding|Weightlifter|Wrestler|Boxer|Mixed Martial Arts|Kickboxing|Lumberjack|
Chopping Wood|Welder|Welding|Hammering|Electrician|Plumber|Carpenter|Truck Driver|
Factory Worker|Monk|Priest|Referee|Boxer Shorts|Swim Trunks|Board Shorts|Hawaiian Shirt|
Flannel Shirt|Signet Ring|Cigar|Whisky|Chainsaw|Toolbox|Wrench|Motocross|Ice Hockey
"""
GIRL_RARE = """
Baby Doll|Fashion Doll|Rag Doll|Dollhouse|Doll Stroller|Toy Tea Set|Toy Kitchen|Play Makeup|
Dress-up Clothes|Unicorn Plush|Playing with Dolls
"""
BOY_RARE = "Toy Soldier|Toy Robot|Toy Gun|Toy Truck"

#: Frequency ranks (0 = most common) given to common and rare planted labels.
COMMON_RANKS = (8, 300)
RARE_RANKS = (400, 1100)
#: Ranges of the planted skew: the log of the ratio of a label's rate with
#: the favoured identity to its rate with the others.
COMMON_SKEW = (0.8, 2.3)
RARE_SKEW = (2.3, 3.8)

#: How a skew towards one identity carries over to the others: a
#: woman-leaning label leans towards girl too, more weakly.
_SPILL = {"woman": ("girl", 0.6), "man": ("boy", 0.6), "girl": ("woman", 0.3), "boy": ("man", 0.3)}

#: Log-normal rank-frequency curve: counts exp(MU + SIGMA z) of N = DEFAULT_EXAMPLES (tuned there),
#: scaled with N, capped at half the images.
_LOG_COUNT_MU, _LOG_COUNT_SIGMA = 3.9, 1.95

#: Per run: a description and, per step, (bias amplification beta, score
#: logit of a typical true positive, false positive rate factor).
RUNS = {
    "model_a": (
        "amplifies the planted gender skews, more at every epoch",
        {1: (0.4, 0.6, 0.45), 2: (0.7, 1.1, 0.35), 3: (1.0, 1.5, 0.3)},
    ),
    "model_b": (
        "was trained to reduce the skews: they fade from epoch to epoch",
        {1: (0.4, 0.6, 0.45), 2: (0.2, 1.1, 0.35), 3: (0.0, 1.5, 0.3)},
    ),
}

_SCORE_SPREAD = 1.3  # std of true-positive logits
_FP_LOGIT = -1.3  # typical false-positive logit (score 0.21)
_IDENTITY_LOGIT = 2.4  # typical logit of a truly present identity
_RATE_CAP = 0.9


def _names(block):
    return [name.strip() for name in block.replace("\n", "").split("|") if name.strip()]


def load_vocabulary(path=VOCABULARY_FILE):
    """Read the demo vocabulary.

    Returns
    -------
    list of (str, str)
        ``(label, section)`` in file order; the identities come first.

    Examples
    --------
    >>> vocabulary = load_vocabulary()
    >>> [name for name, _ in vocabulary[:4]]
    ['man', 'woman', 'boy', 'girl']
    >>> len(vocabulary) > 1900
    True
    """
    vocabulary, section, seen = [], None, set()
    with open(path, encoding="utf-8") as f:
        for line_no, line in enumerate(f, 1):
            text = line.strip()
            if not text or text.startswith("#"):
                continue
            if text.startswith("[") and text.endswith("]"):
                section = text[1:-1]
                if section != "identity" and section not in SECTIONS:
                    raise ValueError("%s:%d: unknown section %r" % (path, line_no, section))
                continue
            if section is None:
                raise ValueError("%s:%d: label before any [section]" % (path, line_no))
            if text in seen:
                raise ValueError("%s:%d: duplicate label %r" % (path, line_no, text))
            seen.add(text)
            vocabulary.append((text, section))
    identities = [name for name, section in vocabulary if section == "identity"]
    if tuple(identities) != IDENTITIES or [n for n, _ in vocabulary[:4]] != list(IDENTITIES):
        raise ValueError("the vocabulary must start with the identities %s" % (IDENTITIES,))
    return vocabulary


def _planted():
    """``{label: (identity, kind)}`` for every planted association."""
    planted = {}
    for block, identity, kind in (
        (WOMAN_COMMON, "woman", "common"),
        (MAN_COMMON, "man", "common"),
        (GIRL_COMMON, "girl", "common"),
        (BOY_COMMON, "boy", "common"),
        (WOMAN_RARE, "woman", "rare"),
        (MAN_RARE, "man", "rare"),
        (GIRL_RARE, "girl", "rare"),
        (BOY_RARE, "boy", "rare"),
    ):
        for name in _names(block):
            if name in planted:
                raise ValueError("label %r is planted twice" % name)
            planted[name] = (identity, kind)
    return planted


def _target_counts(num_labels, num_examples):
    """Image counts by frequency rank (rank 0 first), log-normal in shape."""
    normal = statistics.NormalDist()
    z = np.array([normal.inv_cdf(1.0 - (r + 0.5) / num_labels) for r in range(num_labels)])
    counts = np.exp(_LOG_COUNT_MU + _LOG_COUNT_SIGMA * z) * (num_examples / DEFAULT_EXAMPLES)
    return np.minimum(counts, 0.5 * num_examples)


def _assign_ranks(names, planted, rng):
    """Frequency rank of every ordinary label: head first, planted labels in
    their bands, the rest at random."""
    num = len(names)
    rank = np.full(num, -1, dtype=np.int64)
    index = {name: i for i, name in enumerate(names)}
    free = np.ones(num, dtype=bool)
    for r, name in enumerate(HEAD + POPULAR):
        rank[index[name]] = r
        free[r] = False
    for kind, (lo, hi) in (("common", COMMON_RANKS), ("rare", RARE_RANKS)):
        members = [
            index[name]
            for name, (_, k) in planted.items()
            if k == kind and rank[index[name]] < 0  # POPULAR ones are placed already
        ]
        slots = np.flatnonzero(free[lo:hi]) + lo
        if len(slots) < len(members):
            raise ValueError("not enough ranks for the %s planted labels" % kind)
        chosen = slots[np.argsort(rng.random(len(slots)), kind="stable")[: len(members)]]
        rank[members] = chosen
        free[chosen] = False
    rest = np.flatnonzero(rank < 0)
    slots = np.flatnonzero(free)
    rank[rest] = slots[np.argsort(rng.random(len(slots)), kind="stable")]
    return rank


class _World:
    """The ground truth of the evaluation set: who is in each image and
    which labels truly apply. Shared by every run and step."""

    def __init__(self, seed, num_examples):
        if num_examples < MIN_EXAMPLES:
            raise ValueError("examples must be at least %d, got %d" % (MIN_EXAMPLES, num_examples))
        rng = np.random.default_rng([seed, 0])
        vocabulary = load_vocabulary()
        planted = _planted()
        self.label_names = [name for name, _ in vocabulary]
        sections = [section for _, section in vocabulary]
        missing = sorted((set(planted) | set(HEAD)) - set(self.label_names))
        if missing:
            raise ValueError("labels missing from the vocabulary: %s" % missing)
        if set(HEAD) & set(planted) or any(planted.get(x, (0, 0))[1] != "common" for x in POPULAR):
            raise ValueError("HEAD labels must be unbiased and POPULAR ones planted common")
        self.num_examples = n = num_examples
        k = len(COMPOSITIONS)

        # Who is in each image.
        shares = np.array([share for _, share in COMPOSITIONS])
        cumulative = np.cumsum(shares / shares.sum())
        cumulative[-1] = 1.0
        self.composition = np.searchsorted(cumulative, rng.random(n), side="right")
        present = np.array(
            [[x in members for x in IDENTITIES] for members, _ in COMPOSITIONS], dtype=bool
        )  # (compositions, identities)
        self.present = present
        group_size = present.sum(axis=1)
        comp_sizes = np.bincount(self.composition, minlength=k).astype(np.float64)

        # Per-label affinities with each identity, and the rate of the label
        # in each composition.
        ordinary = [i for i, s in enumerate(sections) if s != "identity"]
        names = [self.label_names[i] for i in ordinary]
        rank = _assign_ranks(names, planted, rng)
        target = _target_counts(len(names), n)[rank]
        skew_draw = rng.random(len(names))
        num_l = len(self.label_names)
        self.rate = np.zeros((num_l, k))
        self.direction = np.zeros((num_l, k))  # log affinity relative to the label's average
        self.planted = {}
        for j, (i, name) in enumerate(zip(ordinary, names)):
            none, adult, child, crowd = SECTIONS[sections[i]]
            affinity = {"man": adult, "woman": adult, "boy": child, "girl": child}
            if name in planted:
                who, kind = planted[name]
                lo, hi = COMMON_SKEW if kind == "common" else RARE_SKEW
                draw = skew_draw[j]
                if name in POPULAR:
                    draw = 0.5 + 0.5 * draw  # the headline examples lean clearly
                skew = lo + (hi - lo) * draw
                other, spill = _SPILL[who]
                affinity[who] *= math.exp(skew)
                affinity[other] *= math.exp(spill * skew)
                if kind == "rare":
                    crowd = min(crowd, 0.3)  # portrait-like: one person in view
                self.planted[name] = (who, kind, skew)
            a = np.array([affinity[x] for x in IDENTITIES])
            mean_aff = (present @ a) / np.maximum(group_size, 1)  # 0 with nobody in view
            crowding = crowd ** np.maximum(group_size - 1, 0)
            relative = np.where(group_size > 0, mean_aff * crowding, none)
            base = target[j] / float(comp_sizes @ relative)
            self.rate[i] = np.minimum(base * relative, _RATE_CAP)
            geo = math.exp(np.log(a).mean())
            self.direction[i] = np.where(
                group_size > 0, np.clip(np.log(np.maximum(mean_aff, 1e-12) / geo), -2.5, 2.5), 0.0
            )

        # The true positives of every ordinary label.
        self.ordinary = np.array(ordinary)
        self.truth = {}
        for i in ordinary:
            u = rng.random(n)
            self.truth[i] = np.flatnonzero(u < self.rate[i][self.composition])
        self.ids = ["img-%05d" % r for r in range(n)]
        self.captions = self._captions()

    def _captions(self):
        """Who is in view, then up to CAPTION_LABELS true labels of the image, rarest first."""
        rows = np.concatenate([self.truth[i] for i in self.ordinary])
        cols = np.concatenate([np.full(self.truth[i].size, i) for i in self.ordinary])
        sizes = np.zeros(len(self.label_names), np.int64)
        sizes[self.ordinary] = [self.truth[i].size for i in self.ordinary]
        order = np.lexsort((cols, sizes[cols], rows))
        rows, cols = rows[order], cols[order]
        starts = np.searchsorted(rows, np.arange(self.num_examples + 1))
        people = [" and ".join("a " + x for x in members) if members else "no one" for members, _ in COMPOSITIONS]
        captions = []
        for r in range(self.num_examples):
            named = cols[starts[r] : min(starts[r + 1], starts[r] + CAPTION_LABELS)]
            things = ", ".join(self.label_names[c].lower() for c in named.tolist())
            # said to be true labels: the label inspected in the tab is a prediction, often not among them
            captions.append("%s%s" % (people[self.composition[r]], " (true labels: %s)" % things if things else ""))
        return captions


def _sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))


def _predict(world, seed, run_index, step, params):
    """Scores of one model at one step, as (rows, cols, scores) of every
    simulated cell; all other cells score 0."""
    beta, tp_logit, fp_factor = params
    rng = np.random.default_rng([seed, 1 + run_index, step])
    n, comp = world.num_examples, world.composition
    rows, cols, scores = [], [], []

    # Identity labels: the people in the image, plus confusions between
    # related identities (a boy taken for a man) and a few false alarms.
    confusion = {
        "man": {"boy": 0.12, "woman": 0.02, "girl": 0.01},
        "woman": {"girl": 0.12, "man": 0.02, "boy": 0.01},
        "boy": {"man": 0.04, "girl": 0.05},
        "girl": {"woman": 0.04, "boy": 0.05},
    }
    for col, x in enumerate(IDENTITIES):
        truly = world.present[:, col][comp]
        false_rate = np.full(len(COMPOSITIONS), 0.008)
        for c in range(len(COMPOSITIONS)):
            for y, p in confusion[x].items():
                if world.present[c, IDENTITIES.index(y)]:
                    false_rate[c] = max(false_rate[c], p)
        u = rng.random(n)
        hit = np.flatnonzero(truly)
        false = np.flatnonzero(~truly & (u < false_rate[comp]))
        logits = np.concatenate(
            [
                _IDENTITY_LOGIT + _SCORE_SPREAD * rng.standard_normal(hit.size),
                _FP_LOGIT + 0.8 + _SCORE_SPREAD * rng.standard_normal(false.size),
            ]
        )
        rows += [hit, false]
        cols.append(np.full(hit.size + false.size, col))
        scores.append(_sigmoid(logits))

    for i in world.ordinary:
        truth = world.truth[i]
        shift = beta * world.direction[i]  # (compositions,)
        tp_scores = _sigmoid(
            tp_logit + _SCORE_SPREAD * rng.standard_normal(truth.size) + shift[comp[truth]]
        )
        # False positives follow the label's own rates, and the model's bias
        # makes them likelier where the skew agrees with who is in view.
        fp_rate = fp_factor * world.rate[i] * np.exp(0.5 * shift) + 0.002 * world.rate[i].max()
        u = rng.random(n)
        mask = u < fp_rate[comp]
        mask[truth] = False
        false = np.flatnonzero(mask)
        fp_scores = _sigmoid(
            _FP_LOGIT + _SCORE_SPREAD * rng.standard_normal(false.size) + shift[comp[false]]
        )
        rows += [truth, false]
        cols.append(np.full(truth.size + false.size, i))
        scores += [tp_scores, fp_scores]
    return np.concatenate(rows), np.concatenate(cols), np.concatenate(scores)


def _count(world, rows, cols, scores, batch_rows=4096, use_scipy=None):
    """Count the scores with `CooccurrenceCounter`.

    With scipy installed the scores go in as one sparse matrix; otherwise as
    dense float64 batches (slower, but scipy is not a dependency of the
    package). Both give the same counts.
    """
    counter = CooccurrenceCounter(world.label_names, IDENTITIES, THRESHOLDS, examples_per_cell=EXAMPLES_PER_CELL,
                                  example_budget_bytes=EXAMPLE_BUDGET_BYTES)
    n, width = world.num_examples, len(world.label_names)
    if use_scipy is None:
        use_scipy = importlib.util.find_spec("scipy") is not None
    if use_scipy:
        import scipy.sparse

        counter.update(scipy.sparse.csr_matrix((scores, (rows, cols)), shape=(n, width)),
                       example_ids=world.ids, example_text=world.captions)
        return counter.table()
    order = np.argsort(rows, kind="stable")
    rows, cols, scores = rows[order], cols[order], scores[order]
    bounds = np.searchsorted(rows, np.arange(0, n + batch_rows, batch_rows))
    dense = np.zeros((batch_rows, width))
    for b, lo in enumerate(range(0, n, batch_rows)):
        size = min(batch_rows, n - lo)
        cells = slice(bounds[b], bounds[b + 1])
        dense[:size].fill(0.0)
        dense[rows[cells] - lo, cols[cells]] = scores[cells]
        counter.update(dense[:size], example_ids=world.ids[lo : lo + size], example_text=world.captions[lo : lo + size])
    return counter.table()


def describe(run, step, seed, num_examples, num_labels):
    """Markdown shown with each demo table."""
    return (
        "**Synthetic demo data** from `python -m tb_bias_plugin.demo` (seed %d): scores of "
        "`%s` after epoch %d on %s simulated images, over %s labels, counted at thresholds "
        "%s. `%s` %s. Associations with man, woman, boy and girl are planted on named "
        "labels, both common (e.g. Long Hair, Beard) and rare (e.g. Dido Flip); the other "
        "labels are unbiased."
        % (
            seed,
            run,
            step,
            format(num_examples, ","),
            format(num_labels, ","),
            ", ".join(str(t) for t in THRESHOLDS),
            run,
            RUNS[run][0],
        )
    )


def simulate(seed=DEFAULT_SEED, examples=DEFAULT_EXAMPLES):
    """Build every demo table in memory.

    Parameters
    ----------
    seed : int
        Seed of every random draw.
    examples : int
        N, the number of simulated images.

    Returns
    -------
    list of (str, int, AssociationTable)
        ``(run, step, table)`` for every run and step, in writing order.

    Examples
    --------
    >>> tables = simulate(seed=1, examples=2000)
    >>> [(run, step) for run, step, _ in tables][:2]
    [('model_a', 1), ('model_a', 2)]
    >>> tables[0][2].num_examples, tables[0][2].identity_names
    (2000, ('man', 'woman', 'boy', 'girl'))
    """
    world = _World(check_integer(seed, "seed", low=0), int(examples))
    out = []
    for run_index, (run, (_, steps)) in enumerate(RUNS.items()):
        for step in STEPS:
            rows, cols, scores = _predict(world, int(seed), run_index, step, steps[step])
            out.append((run, step, _count(world, rows, cols, scores)))
    return out


def write_demo_logs(logdir, *, seed=DEFAULT_SEED, examples=DEFAULT_EXAMPLES, overwrite=False):
    """Simulate and write the demo logs.

    Parameters
    ----------
    logdir : str
        Root log directory; runs go to ``logdir/model_a`` and ``logdir/model_b``.
    seed, examples : int
        See :func:`simulate`.
    overwrite : bool
        Remove event files this generator wrote earlier in those run
        directories first. Without it, a run directory that already holds
        event files is an error (SystemExit), checked before any work.

    Returns
    -------
    dict
        ``runs``, ``steps``, ``labels``, ``examples``, ``files``, ``bytes``
        and ``seconds``.
    """
    start = time.perf_counter()
    logdir = os.fspath(logdir)
    prepare_run_dirs(logdir, RUNS, FILE_SUFFIX, overwrite)
    tables = simulate(seed, examples)
    # Only now, with every table built, is anything removed or written.
    for path in prepare_run_dirs(logdir, RUNS, FILE_SUFFIX, overwrite):
        os.remove(path)
    files = []
    for run in RUNS:
        with Writer(os.path.join(logdir, run), filename_suffix=FILE_SUFFIX) as writer:
            for table_run, step, table in tables:
                if table_run == run:
                    description = describe(run, step, seed, examples, len(table.label_names))
                    writer.association_table(TAG, table, step=step, description=description)
            files.append(writer.path)
    return {
        "runs": list(RUNS),
        "steps": list(STEPS),
        "labels": len(tables[0][2].label_names),
        "examples": examples,
        "files": files,
        "bytes": sum(os.path.getsize(p) for p in files),
        "seconds": time.perf_counter() - start,
    }


def summarize(info):
    """One line saying what `write_demo_logs` wrote."""
    return "%d runs (%s) x %d steps (%s), tag %r, %s labels, identities %s, %s examples, thresholds %s" % (
        len(info["runs"]),
        ", ".join(info["runs"]),
        len(info["steps"]),
        ", ".join(str(s) for s in info["steps"]),
        TAG,
        format(info["labels"], ","),
        "/".join(IDENTITIES),
        format(info["examples"], ","),
        "/".join(str(t) for t in THRESHOLDS),
    )
