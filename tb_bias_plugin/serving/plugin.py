"""The tb_bias TensorBoard plugin: the shell around the measures.

It serves the frontend bundle, the ``runs`` listing (every tag with its
measure, and each present measure's limits and defaults) and label flags,
and mounts every measure's routes from the registry, each behind the same
error handling: a client's mistake is a 4xx with a JSON message, never a
500. The API is documented in docs/http_api.md.
"""

from __future__ import annotations

import json
import logging
import os
from typing import Any, Callable, Sequence

from tensorboard import errors, plugin_util
from tensorboard.backend import http_util
from tensorboard.plugins import base_plugin
from werkzeug import wrappers
from werkzeug.exceptions import ClientDisconnected

from tb_bias_plugin.core.validation import check_name, is_integer
from tb_bias_plugin.measures.base import Loaded
from tb_bias_plugin.measures.registry import REGISTRY, Registry
from tb_bias_plugin.serving.event_files import RecordScanner, rewritten_steps
from tb_bias_plugin.serving.flags import FlagStore, StaleVersion, TooLarge
from tb_bias_plugin.serving.label_search import LabelSearch
from tb_bias_plugin.serving.source import Series, Source
from tb_bias_plugin.storage import metadata
from tb_bias_plugin.storage.record import UnreadableRecord
from tb_bias_plugin.web.params import MAX_NAME, ClientError, HttpError, Params, bad_request
from tb_bias_plugin.web.responses import respond

logger = logging.getLogger(__name__)

_STATIC_DIR = os.path.join(os.path.dirname(os.path.dirname(__file__)), "static")
_STATIC = {"/index.js": "text/javascript", "/index.js.map": "application/json"}
_MAX_FLAGS_BODY = 8 << 20
#: How long a flags body may take to arrive: a client whose Content-Length promises more than it sends
#: would otherwise hold a server thread for as long as it keeps the connection open.
_BODY_SECONDS = 10


def _guarded(handler: Callable[[Any], Any], methods: tuple[str, ...] | None) -> Callable[[Any, Any], Any]:
    """A WSGI app answering every failure the client can cause as JSON (``methods`` None: any method)."""

    @wrappers.Request.application
    def serve(request: Any) -> Any:
        try:
            if methods is not None and request.method not in methods:
                raise HttpError(405, "method %s not allowed; use %s" % (request.method, " or ".join(methods)))
            return handler(request)
        except HttpError as e:
            return respond(request, dict({"error": e.message}, **e.extra), e.status)
        except ClientError as e:
            parameter = getattr(e, "parameter", None)
            return respond(request, {"error": str(e), **({"parameter": parameter} if parameter else {})}, 400)
        except errors.PublicError as e:
            return respond(request, {"error": str(e)}, e.http_code)
        except UnreadableRecord as e:
            return respond(request, {"error": "stored data cannot be read: %s" % e}, 422)
        except Exception:  # a bug: log it, never send a stack trace
            logger.exception("tb_bias: %s %s failed", request.method, request.path)
            return respond(request, {"error": "internal error; see the TensorBoard log"}, 500)

    serve.__name__ = getattr(handler, "__name__", "serve")
    return serve


def _unknown_route(names: list[str]) -> Callable[[Any], Any]:
    def unknown_route(request: Any) -> Any:
        raise HttpError(404, "no route %s; the routes of %s are: %s"
                        % (request.path[:200], metadata.PLUGIN_NAME, ", ".join(names)))

    return unknown_route


def _context(request: Any) -> tuple[Any, str]:
    return plugin_util.context(request.environ), plugin_util.experiment_id(request.environ)


class _Services:
    """What the measures' routes get from the shell (measures.base.Services)."""

    def __init__(self, source: Source, flags: FlagStore):
        self._source = source
        self._flags = flags

    def context(self, request: Any) -> tuple[Any, str]:
        return _context(request)

    def load(self, request: Any, run: str, tag: str, step: int | None, measure: str) -> Loaded:
        ctx, experiment = _context(request)
        return self._source.load(ctx, experiment, run, tag, step, measure)

    def steps(self, request: Any, run: str, tag: str, measure: str) -> list[int]:
        ctx, experiment = _context(request)
        return self._source.steps(ctx, experiment, run, tag, measure)

    def series(self, request: Any, run: str, tag: str, measure: str) -> Series:
        ctx, experiment = _context(request)
        return self._source.series(ctx, experiment, run, tag, measure)

    def load_steps(
        self, request: Any, run: str, tag: str, measure: str, steps: Sequence[int] | None = None,
        *, last: int | None = None, part: str | None = None,
    ) -> list[Loaded]:
        ctx, experiment = _context(request)
        return self._source.load_steps(ctx, experiment, run, tag, measure, steps, last=last, part=part)

    def derived(self, key: tuple, make: Callable[[], Any] | None) -> Any:
        return self._source.derived(key, make)

    def label_search(self, key: tuple, labels: Any) -> LabelSearch:
        return self._source.label_search(key, labels)

    @property
    def flags(self) -> FlagStore:
        return self._flags


class BiasPlugin(base_plugin.TBPlugin):
    """Serves every tb-bias measure to the Bias tab."""

    plugin_name = metadata.PLUGIN_NAME

    def __init__(self, context: Any, registry: Registry = REGISTRY):
        self._registry = registry
        hint = (context.sampling_hints or {}).get(self.plugin_name)
        # One scan of the event files: the steps written twice, and where each record is.
        self._records = RecordScanner(context.logdir or "")
        self._source = Source(context.data_provider, registry, downsample=hint or None,
                              local=self._records if self._records.is_local else None)
        logdir = context.logdir
        if not logdir and context.flags is not None:
            logdir = getattr(context.flags, "logdir_spec", "")
        self._flags = FlagStore.for_logdir(logdir or "")
        self._services = _Services(self._source, self._flags)

    def get_plugin_apps(self) -> dict[str, Any]:
        apps = {path: _guarded(self._static(path), ("GET", "HEAD")) for path in _STATIC}
        apps["/runs"] = _guarded(self._serve_runs, ("GET", "HEAD"))
        apps["/flags"] = _guarded(self._serve_flags, ("GET", "HEAD", "POST"))
        for path, (measure, handler) in self._registry.routes().items():
            if path in apps:
                raise ValueError("route %s of measure %r is the shell's" % (path, measure.id))
            apps[path] = _guarded(self._bind(handler), ("GET", "HEAD"))
        # Last in TensorBoard's lookup: a mistyped route is a JSON 404 naming ours, not its text/plain page.
        apps["/*"] = _guarded(_unknown_route(sorted(path.lstrip("/") for path in apps)), None)
        return apps

    def is_active(self) -> bool:
        # TensorBoard core decides from `data_plugin_names` and its data.
        return False

    def data_plugin_names(self) -> tuple[str, ...]:
        foreign = [f.plugin_name for m in self._registry for f in m.foreign]
        return (metadata.PLUGIN_NAME, *foreign)

    def frontend_metadata(self) -> Any:
        return base_plugin.FrontendMetadata(es_module_path="/index.js", tab_name="Bias")

    # Routes -------------------------------------------------------------

    def _bind(self, handler: Callable[[Any, Any], Any]) -> Callable[[Any], Any]:
        def serve(request: Any) -> Any:
            return handler(request, self._services)

        serve.__name__ = handler.__name__
        return serve

    def _static(self, path: str) -> Callable[[Any], Any]:
        def serve(request: Any) -> Any:
            try:
                with open(os.path.join(_STATIC_DIR, path.lstrip("/")), "rb") as f:
                    contents = f.read()
            except FileNotFoundError:
                raise HttpError(404, "the frontend file %s is missing; reinstall tb-bias-plugin" % path)
            return http_util.Respond(request, contents, _STATIC[path])

        return serve

    def _serve_runs(self, request: Any) -> Any:
        ctx, experiment = _context(request)
        Params(request.args, request.query_string)
        listing, unreadable = self._source.list_tags(ctx, experiment)
        rewrites, gone = self._records.rewritten(), self._records.gone()
        unreadable = unreadable + self._records.corrupt() + [
            {"run": run, "tag": tag, "error": "written in a form TensorBoard's data server does not serve, "
             "so it is not listed: %s; log it with tb_bias_plugin's writers" % why}
            for (run, tag), why in sorted(self._records.unserved().items()) if tag not in listing.get(run, {})
            and not any(u["run"] == run and u["tag"] == tag for u in unreadable)]
        present = set()
        runs = []
        for run in sorted(listing):
            tags = []
            for tag in sorted(listing[run]):
                measure_id, info, steps = listing[run][tag]
                present.add(measure_id)
                rewritten = []
                if (run, tag) in rewrites or (run, tag) in gone:  # rare: ask which write TensorBoard kept
                    kept = self._source.wall_times(ctx, experiment, run, tag, measure_id)
                    lost = gone.get((run, tag), {})
                    rewritten = rewritten_steps(rewrites.get((run, tag), {}), kept, lost)
                    self._records.drop_gone(run, tag, [s for s, (old, _) in lost.items() if kept.get(s) not in old])
                hidden = self._records.hidden_steps(run, tag, steps)
                tags.append(dict(info, tag=tag, measure=measure_id, steps=steps, rewritten_steps=rewritten,
                                 hidden_steps=hidden))
            runs.append({"run": run, "tags": tags})
        if gone:
            self._records.keep_gone({(run, tag) for run in listing for tag in listing[run]})
        measures = [
            {"measure": m.id, "title": m.title, "config": m.config()} for m in self._registry if m.id in present
        ]
        return respond(request, {"runs": runs, "measures": measures, "unreadable": unreadable})

    def _serve_flags(self, request: Any) -> Any:
        if request.method == "POST":
            return self._write_flags(request)
        params = Params(request.args, request.query_string)
        tag = params.string("tag", required=True, max_length=MAX_NAME)
        self._check_tag(request, tag)
        return respond(request, self._flags.get(tag))

    def _check_tag(self, request: Any, tag: str) -> None:
        """A 404 for a tag no run of the logdir has: flags are kept only for tags in the logdir."""
        ctx, experiment = _context(request)
        if not any(tag in tags for tags in self._source.list_tags(ctx, experiment)[0].values()):
            raise HttpError(404, "no run has a tag %r; flags are kept only for tags in the logdir" % tag)

    def _write_flags(self, request: Any) -> Any:
        if request.content_length is not None and request.content_length > _MAX_FLAGS_BODY:
            raise HttpError(413, "flags body is larger than %d bytes" % _MAX_FLAGS_BODY)
        raw = _read_body(request)
        if len(raw) > _MAX_FLAGS_BODY:
            raise HttpError(413, "flags body is larger than %d bytes" % _MAX_FLAGS_BODY)
        try:
            body = json.loads(raw.decode("utf-8"))
        except UnicodeDecodeError as e:
            raise bad_request("flags body is not UTF-8 (byte %d)" % e.start)
        except RecursionError:
            raise bad_request("flags body is nested too deeply to be a flags object")
        except ValueError as e:  # json's message names the line and column
            raise bad_request("flags body is not JSON: %s" % e)
        if not isinstance(body, dict):
            raise bad_request("flags body must be a JSON object")
        try:
            tag = check_name(body.get("tag"), "flags body's 'tag'", max_length=MAX_NAME)
        except ValueError as e:
            raise bad_request(str(e))
        version = body.get("version")
        if not is_integer(version) or version < 0:
            raise bad_request("flags body needs 'version', a non-negative integer")
        lists = {}
        for name in ("flagged", "hidden"):
            value = body.get(name, [])
            if not isinstance(value, list) or not all(_is_name(v) for v in value):
                raise bad_request("'%s' must be a list of label names" % name)
            lists[name] = value
        if not _is_name(tag):
            raise bad_request("flags body has a 'tag' that is not valid text")
        self._check_tag(request, tag)
        try:
            state = self._flags.put(tag, lists["flagged"], lists["hidden"], version)
        except TooLarge as e:
            raise HttpError(413, str(e))
        except StaleVersion as e:
            raise HttpError(
                409,
                "flags of %r were changed elsewhere (now version %d); reload and try again"
                % (tag, e.current["version"]),
                current=e.current,
            )
        except OSError as e:
            logger.warning("tb_bias: cannot save flags: %s", e)
            raise HttpError(503, "cannot save flags: %s" % e.strerror)
        return respond(request, state)


def _is_name(value: Any) -> bool:
    """A label or tag name as stored: a string of valid Unicode text."""
    if not isinstance(value, str) or len(value) > 10_000:
        return False
    try:
        value.encode("utf-8")  # rejects lone surrogates, which JSON allows
    except UnicodeEncodeError:
        return False
    return True


def _read_body(request: Any) -> bytes:
    """At most ``_MAX_FLAGS_BODY + 1`` bytes of a POST's body, waited for at most ``_BODY_SECONDS``.

    The server's socket is read without a timeout, so the wait is bounded on the connection itself
    (werkzeug's server exposes it, and closes every connection after its answer); a body that ends
    before its Content-Length, or is late, is a 400 or 408 and nothing is written.
    """
    connection = request.environ.get("werkzeug.socket")
    before = connection.gettimeout() if connection is not None else None
    if connection is not None:
        connection.settimeout(_BODY_SECONDS)
    late = False
    try:
        raw = request.stream.read(_MAX_FLAGS_BODY + 1)
    except (OSError, ClientDisconnected) as e:  # werkzeug raises the latter while handling the former
        late, raw = isinstance(e, TimeoutError) or isinstance(e.__context__, TimeoutError), None
    finally:
        if connection is not None:
            connection.settimeout(before)
    if raw is None or (request.content_length is not None and len(raw) < request.content_length):
        raise HttpError(408 if late else 400, "the flags body %s: its Content-Length is more than was sent"
                        % ("did not arrive within %d s" % _BODY_SECONDS if late else "ended early"))
    return raw
