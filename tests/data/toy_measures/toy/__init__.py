"""A toy measure that lives outside the package: a count, a route and a ``tb-bias log --measure``.

tests/test_registry.py discovers it as the registry discovers real ones,
to show that a measure needs no edit outside its own folder.
"""

import os

from tb_bias_plugin.measures.base import Measure, Summary
from tb_bias_plugin.storage import schema
from tb_bias_plugin.web.params import Params, bad_request
from tb_bias_plugin.web.responses import respond

# Named relative to the folder that holds the toy, as the package's are.
FILE = "toy/toy.proto"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ToyCount = schema.messages(FILE, root=ROOT)["ToyCount"]


def toy_count(count):
    """Log a count."""
    if not isinstance(count, int) or count < 0:
        raise ValueError("count must be a non-negative integer, got %r" % (count,))
    return ToyCount(count=count)


def serve_toy(request, services):
    params = Params(request.args, request.query_string)
    run, tag, step = params.run_tag_step()
    loaded = services.load(request, run, tag, step, "toy")
    if params.flag("fail"):
        raise bad_request("asked to fail")
    return respond(request, {"step": loaded.step, "count": loaded.value})


class ToyMeasure(Measure):
    id = "toy"
    title = "Toy"
    order = 999
    payload_number = schema.payload_number(FILE, root=ROOT)
    payload_message = "ToyCount"
    proto_file = FILE
    summaries = (Summary("toy_count", toy_count),)
    command_line = "toy.cli"

    def describe(self, payload):
        return {"kind": "toy"}

    def decode(self, payload):
        return int(payload.count)

    def config(self):
        return {"limit": 7}

    def routes(self):
        return {"/toy": serve_toy}


MEASURE = ToyMeasure()
