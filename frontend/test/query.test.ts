import { describe, expect, it } from "vitest";
import {
  commonParams,
  compareUrl,
  csvUrl,
  distributionUrl,
  flaggedCsvUrl,
  flagsUrl,
  labelRowsUrls,
  looksLikeCompletePattern,
  tableUrl,
} from "../src/views/association/query.js";
import { LIMITS, resolved } from "./fixtures.js";

function params(url: string): URLSearchParams {
  return new URLSearchParams(url.slice(url.indexOf("?") + 1));
}

describe("table parameters", () => {
  it("sends only what differs from the server's defaults", () => {
    expect(commonParams(resolved({ x2: null }))).toEqual([
      ["run", "model_a"],
      ["tag", "gender"],
      ["metric", "npmi_xy"],
      ["x1", "woman"],
    ]);
  });

  it("sends every filter, with ranges repeated", () => {
    const p = params(
      tableUrl(
        resolved({
          step: 3,
          threshold: 0.7,
          smoothing: 1,
          q: "hair",
          caseSensitive: true,
          ranges: [
            { column: "gap", low: 0.1, high: null },
            { column: "count", low: 50, high: 100 },
          ],
          minCount: 5,
          includeZero: true,
          includeUndefined: true,
          includeIdentities: false,
          flaggedOnly: true,
          showHidden: true,
          sort: "count",
          order: "asc",
        }),
        200,
        100,
      ),
    );
    expect(Object.fromEntries([...p].filter(([k]) => k !== "range"))).toEqual({
      run: "model_a",
      tag: "gender",
      step: "3",
      threshold: "0.7",
      metric: "npmi_xy",
      x1: "woman",
      x2: "man",
      smoothing: "1",
      q: "hair",
      case_sensitive: "1",
      min_count: "5",
      zero_cooccurrence: "include",
      undefined: "include",
      flagged_only: "1",
      show_hidden: "1",
      sort: "count",
      order: "asc",
      offset: "200",
      limit: "100",
    });
    expect(p.getAll("range")).toEqual(["gap:0.1:", "count:50:100"]);
  });

  it("does not send case_sensitive without a search", () => {
    expect(params(tableUrl(resolved({ caseSensitive: true }), 0, 10)).has("case_sensitive")).toBe(false);
  });

  it("encodes hostile text so it stays one parameter", () => {
    const q = "a&x2=rest#<script>";
    const url = tableUrl(resolved({ q }), 0, 10);
    expect(url.startsWith("table?")).toBe(true);
    expect(url).not.toContain("<");
    expect(params(url).get("q")).toBe(q);
    expect(params(url).get("x2")).toBe("man");
  });

  it("leaves paging out of distribution and uses compare's own sort", () => {
    const s = resolved({ sort: "count", run2: "model_b", step2: 1, compareSort: "gap_b", compareOrder: "desc" });
    const d = params(distributionUrl(s));
    expect(d.has("offset") || d.has("sort")).toBe(false);
    const c = params(compareUrl(s, { run: "model_b", tag: "gender", step: 1 }, 0, 50));
    expect(c.get("run2")).toBe("model_b");
    expect(c.get("tag2")).toBe("gender");
    expect(c.get("step2")).toBe("1");
    expect(c.get("sort")).toBe("gap_b");
    expect(c.get("order")).toBe("desc");
    expect(params(compareUrl(s, { run: "model_b", tag: "gender", step: null }, 0, 50)).has("step2")).toBe(false);
  });

  it("sends a sort column's order, whose default the server picks by column", () => {
    // labels Z to A: the server's default for sort=label is A to Z, so "desc" must be sent
    const z = params(tableUrl(resolved({ sort: "label", order: "desc" }), 0, 10));
    expect([z.get("sort"), z.get("order")]).toEqual(["label", "desc"]);
    const a = params(tableUrl(resolved({ sort: "label", order: "asc" }), 0, 10));
    expect([a.get("sort"), a.get("order")]).toEqual(["label", "asc"]);
    const gap = params(tableUrl(resolved({ sort: "gap", order: "desc" }), 0, 10));
    expect(gap.has("sort") || gap.has("order")).toBe(false);
  });

  it("sends compare's sort column with its order (the server's default for labels is A to Z)", () => {
    const target = { run: "model_b", tag: "gender", step: 1 };
    const label = params(compareUrl(resolved({ compareSort: "label", compareOrder: "abs" }), target, 0, 50));
    expect([label.get("sort"), label.get("order")]).toEqual(["label", "abs"]);
    const bound = params(compareUrl(resolved({ compareSort: "bound", compareOrder: "abs" }), target, 0, 50));
    expect(bound.has("sort") || bound.has("order")).toBe(false);
  });

  it("builds the flags URL", () => {
    expect(flagsUrl("a b&c")).toBe("flags?tag=a+b%26c");
  });
});

describe("CSV links", () => {
  const s = resolved({ q: "hair", ranges: [{ column: "gap", low: 0, high: null }], sort: "label", order: "asc" });

  it("downloads the current filtered, sorted result through the csv route", () => {
    const link = csvUrl(s);
    expect(link.startsWith("csv?")).toBe(true);
    const p = params(link);
    expect(p.get("q")).toBe("hair");
    expect(p.getAll("range")).toEqual(["gap:0:"]);
    expect(p.get("sort")).toBe("label");
    expect(p.has("limit") || p.has("offset")).toBe(false);
  });

  it("downloads every flagged label whatever the filters", () => {
    const p = params(flaggedCsvUrl(s));
    expect(p.get("flagged_only")).toBe("1");
    expect(p.get("show_hidden")).toBe("1");
    expect(p.get("zero_cooccurrence")).toBe("include");
    expect(p.has("q") || p.has("range")).toBe(false);
  });
});

describe("labelRowsUrls", () => {
  it("asks for the exact labels whatever the filters", () => {
    const [url, ...rest] = labelRowsUrls(resolved({ q: "x", flaggedOnly: true, ranges: [{ column: "gap", low: 1, high: null }] }), [
      "a",
      "b&c",
    ], LIMITS.max_labels);
    expect(rest).toEqual([]);
    const p = params(url!);
    expect(p.getAll("label")).toEqual(["a", "b&c"]);
    expect(p.get("limit")).toBe("2");
    expect(p.get("show_hidden")).toBe("1");
    expect(p.has("q") || p.has("range") || p.has("flagged_only")).toBe(false);
  });

  it("splits long selections so every URL stays under the limit and no label is lost", () => {
    const labels = Array.from({ length: 300 }, (_, i) => `label ${i} ${"é".repeat(i % 7)} <&>`);
    const urls = labelRowsUrls(resolved(), labels, LIMITS.max_labels, 1500);
    expect(urls.length).toBeGreaterThan(1);
    for (const url of urls) {
      expect(url.length).toBeLessThanOrEqual(1500);
      expect(params(url).get("limit")).toBe(String(params(url).getAll("label").length));
    }
    expect(urls.flatMap((u) => params(u).getAll("label"))).toEqual(labels);
  });

  it("never sends more than 1000 labels in one request", () => {
    const labels = Array.from({ length: 2500 }, (_, i) => `${i}`);
    const urls = labelRowsUrls(resolved(), labels, LIMITS.max_labels, 1e9);
    expect(urls.map((u) => params(u).getAll("label").length)).toEqual([1000, 1000, 500]);
  });

  it("still sends a label longer than the limit, alone", () => {
    const urls = labelRowsUrls(resolved(), ["x".repeat(3000), "y"], LIMITS.max_labels, 1000);
    expect(urls).toHaveLength(2);
    expect(params(urls[0]!).getAll("label")).toEqual(["x".repeat(3000)]);
  });
});

describe("looksLikeCompletePattern", () => {
  it("accepts finished patterns and rejects half-typed ones", () => {
    for (const ok of ["", "hair", "^Long", "beard|lipstick", "dress \\d{3}$", "<img src=x>"]) {
      expect(looksLikeCompletePattern(ok)).toBe(true);
    }
    for (const open of ["hai(", "[ab", "a|(b", "\\"]) expect(looksLikeCompletePattern(open)).toBe(false);
    // RE2's syntax that JavaScript lacks is complete too, so it goes out at once
    for (const re2 of ["(?i)nurse", "(?i)^long (?s:hair)$", "(?P<first>a)b", "(?-i:Nurse)", "(?i-s)a.b", "(?-i)Nurse"]) expect(looksLikeCompletePattern(re2)).toBe(true);
    for (const open of ["(?i)hai(", "(?P<first>a"]) expect(looksLikeCompletePattern(open)).toBe(false);
  });
});
