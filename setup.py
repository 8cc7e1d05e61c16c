"""tb-bias-plugin: a TensorBoard plugin for finding the biases a model learned."""

import os
import re

from setuptools import Extension, find_packages, setup

HERE = os.path.dirname(os.path.abspath(__file__))

with open(os.path.join(HERE, "tb_bias_plugin", "__init__.py")) as f:
    VERSION = re.search(r'^__version__ = "([^"]+)"', f.read(), re.M).group(1)

with open(os.path.join(HERE, "README.md"), encoding="utf-8") as f:
    LONG_DESCRIPTION = f.read()

setup(
    name="tb-bias-plugin",
    version=VERSION,
    description="TensorBoard plugin: find the biases a model has learned without ground-truth labels",
    long_description=LONG_DESCRIPTION,
    long_description_content_type="text/markdown",
    license="Apache-2.0",
    packages=find_packages(include=["tb_bias_plugin", "tb_bias_plugin.*"]),
    # the .proto files are the schema; the runtime loads their descriptor sets
    # py.typed: the public API's hints are for users' type checkers too (PEP 561)
    package_data={"tb_bias_plugin": ["static/*", "**/*.proto", "**/*.protoset", "demo/vocabulary.txt", "py.typed"]},
    # Counting's inner loop in C; optional: without a compiler the package
    # installs and counts with NumPy alone, only slower.
    ext_modules=[
        Extension(
            "tb_bias_plugin.measures.association._counting_kernel",
            ["tb_bias_plugin/measures/association/_counting_kernel.c"],
            extra_compile_args=["-O3"] if os.name == "posix" else [],
            optional=True,
        )
    ],
    python_requires=">=3.10",
    install_requires=[
        "numpy>=1.23",
        "protobuf>=3.20",
        # label search: RE2 over the labels in C++, with the GIL released
        "pyarrow>=12",
        # JSON answers: a page of numbers in a tenth of the standard library's time
        "orjson>=3.9",
        # 2.14.0's wheel leaves out six, which its vendored html5lib imports:
        # there the plugin's own import of tensorboard.plugin_util failed
        "tensorboard>=2.14.1",
        # representation bias trains small NumPy networks on one BLAS thread:
        # OpenBLAS's threads made each step about 7x slower on a busy machine
        "threadpoolctl>=3",
        "werkzeug>=1.0.1",
    ],
    extras_require={
        "tf": ["tensorflow>=2.14"],
        # prediction sensitivity with torch.func and the training-loop helpers (tb_bias_plugin.pytorch), no TensorFlow
        "torch": ["torch>=2.1"],
        # tb_bias_plugin.pytorch.lightning_callback in a Lightning Trainer
        "lightning": ["torch>=2.1", "lightning>=2.0"],
        # counting in Apache Beam pipelines (tb_bias_plugin.beam, tb-bias log --beam-runner)
        "beam": ["apache-beam>=2.50"],
        # the tb-bias command line: progress bars, and scipy's sparse matrices
        # for label lists read by Arrow (Parquet comes with pyarrow)
        "cli": ["scipy>=1.9", "tqdm>=4.60"],
        "test": [
            "apache-beam>=2.50",
            # an independent RE2 build: the oracle of the label-search tests
            "google-re2>=1.1",
            "grpcio-tools>=1.48",
            "hypothesis>=6.80",
            "mypy>=1.8",
            "playwright>=1.40",
            "pytest>=7",
            "pytest-timeout>=2.3",
            "pytest-xdist>=3.5",
            "ruff>=0.5",
            "scikit-learn>=1.2",
            "scipy>=1.9",
            "tqdm>=4.60",
        ],
    },
    entry_points={
        "tensorboard_plugins": ["tb_bias = tb_bias_plugin.serving.plugin:BiasPlugin"],
        "console_scripts": ["tb-bias = tb_bias_plugin.cli:main"],
    },
    classifiers=[
        "Framework :: TensorFlow",
        "Intended Audience :: Science/Research",
        "Programming Language :: Python :: 3",
        "Topic :: Scientific/Engineering :: Artificial Intelligence",
    ],
)
