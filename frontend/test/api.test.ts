import { describe, expect, it, vi } from "vitest";
import { ApiError, createApi, errorMessage, type FetchLike } from "../src/shell/api.js";

function respond(status: number, body: string): FetchLike {
  return vi.fn(async () => new Response(body, { status, headers: { "Content-Type": "application/json" } }));
}

describe("createApi", () => {
  it("returns parsed JSON on success", async () => {
    const api = createApi(respond(200, '{"runs":[],"metrics":{}}'));
    await expect(api.get("runs")).resolves.toEqual({ runs: [], metrics: {} });
  });

  it("surfaces the backend's error message and status", async () => {
    const api = createApi(respond(400, '{"error":"parameter \'x1\': unknown identity \'nobody\'"}'));
    const error = await api.get("table").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect(errorMessage(error)).toBe("parameter 'x1': unknown identity 'nobody'");
  });

  it("keeps the body of a 409 so the caller can rebase", async () => {
    const current = { tag: "g", flagged: ["a"], hidden: [], version: 7 };
    const api = createApi(respond(409, JSON.stringify({ error: "stale", current })));
    const error = (await api.post("flags", {}).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(409);
    expect(error.body?.current).toEqual(current);
  });

  it("explains a non-JSON error page without dumping HTML", async () => {
    const api = createApi(respond(502, "<html><body>Bad gateway</body></html>"));
    await expect(api.get("runs")).rejects.toThrow("request failed with HTTP 502");
    await expect(api.get("runs")).rejects.not.toThrow("<html>");
  });

  it("rejects a successful answer that is not JSON", async () => {
    await expect(createApi(respond(200, "not json")).get("runs")).rejects.toThrow("not JSON");
  });

  it("turns network failures into a readable error", async () => {
    const api = createApi(async () => {
      throw new TypeError("Failed to fetch");
    });
    await expect(api.get("runs")).rejects.toThrow("cannot reach TensorBoard (Failed to fetch)");
  });

  it("lets aborts through untouched", async () => {
    const abort = new AbortController();
    abort.abort();
    const api = createApi(async () => {
      throw new DOMException("aborted", "AbortError");
    });
    await expect(api.get("runs", abort.signal)).rejects.toMatchObject({ name: "AbortError" });
  });

  it("posts JSON with the right headers and passes the signal on GET", async () => {
    const fetchFn = vi.fn<FetchLike>(async () => new Response("{}", { status: 200 }));
    const api = createApi(fetchFn);
    await api.post("flags", { tag: "g", version: 1 });
    const [url, init] = fetchFn.mock.calls[0]!;
    expect(url).toBe("flags");
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body))).toEqual({ tag: "g", version: 1 });
    expect((init?.headers as Record<string, string>)["Content-Type"]).toBe("application/json");
    const signal = new AbortController().signal;
    await api.get("runs", signal);
    expect(fetchFn.mock.calls[1]![1]?.signal).toBe(signal);
  });
});

describe("routeUrl", () => {
  it("builds a route's URL once for every view, leaving out unset entries", async () => {
    const { routeUrl } = await import("../src/shell/api.js");
    expect(routeUrl("discrepancy", { run: "a b", tag: "t&u", step: 5, replicate: undefined, pairing: null })).toBe("discrepancy?run=a+b&tag=t%26u&step=5");
  });
});
