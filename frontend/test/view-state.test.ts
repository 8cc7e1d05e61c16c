import { describe, expect, it } from "vitest";
import type { MeasureRuns } from "../src/views/association/types.js";
import {
  compareTarget,
  decodeViewState,
  droppedChoices,
  defaultViewState,
  encodeViewState,
  compareRankingWords,
  isNavigation,
  nextCompareSort,
  nextSort,
  queryKey,
  compareKind,
  resolveState,
  toggleSelected,
  type ViewState,
} from "../src/views/association/view-state.js";
import { hashFor, readEntries, viewKeys } from "../src/shell/url-state.js";
import { CONFIG, countsTag, LIMITS, resolved, runsFixture } from "./fixtures.js";

describe("URL encoding of the view state", () => {
  it("leaves every default out", () => {
    expect(encodeViewState(defaultViewState(), CONFIG.default_metric)).toEqual({});
  });

  it("round-trips a fully specified state", () => {
    const state: ViewState = {
      ...defaultViewState(),
      run: "model_a",
      tag: "gender",
      step: 2,
      threshold: 0.7,
      metric: "pmi",
      x1: "woman",
      x2: "rest",
      smoothing: 0.5,
      q: "hair|beard",
      caseSensitive: true,
      ranges: [
        { column: "gap", low: 0.1, high: null },
        { column: "count@man", low: null, high: 50 },
      ],
      sort: "npmi_xy@woman",
      order: "abs",
      minCount: 5,
      includeZero: true,
      includeUndefined: true,
      includeIdentities: true,
      flaggedOnly: true,
      showHidden: true,
      showCounts: true,
      selected: ["<script>x</script>", 'a,"b"'],
      view: "compare",
      run2: "model_b",
      tag2: "gender",
      step2: 0,
      compareSort: "gap_b",
      compareOrder: "asc",
      plot: "histogram",
      across: "steps",
      examples: 'Nurse & "co" <b>',
    };
    expect(decodeViewState(encodeViewState(state, CONFIG.default_metric), LIMITS.max_selected)).toEqual(state);
  });

  it("keeps the open Examples panel under its own key, through the hash", () => {
    const entries = encodeViewState({ ...defaultViewState(), run: "model_a", examples: "a&b=c #d" }, CONFIG.default_metric);
    expect(entries).toEqual({ run: "model_a", examples: "a&b=c #d" });
    const hash = hashFor("#tb_bias&p.tb_bias.sel=%5B%5D", viewKeys(""), entries);
    expect(decodeViewState(readEntries(hash, viewKeys("")), LIMITS.max_selected).examples).toBe("a&b=c #d");
    // a closed panel leaves nothing behind
    const closed = hashFor(hash, viewKeys(""), encodeViewState({ ...defaultViewState(), run: "model_a" }, CONFIG.default_metric));
    expect(closed).not.toContain("examples");
    expect(decodeViewState(readEntries(closed, viewKeys("")), LIMITS.max_selected).examples).toBeNull();
  });

  it("falls back to defaults for malformed values instead of failing", () => {
    const state = decodeViewState({
      step: "1.5",
      threshold: "abc",
      smoothing: "-1",
      order: "sideways",
      range: '["gap:1:", "nonsense", 3]',
      sel: "{not json",
      view: "other",
      min_count: "x",
      plot: "pie",
      across: "time",
    }, LIMITS.max_selected);
    const d = defaultViewState();
    expect(state.step).toBeNull();
    expect(state.threshold).toBeNull();
    expect(state.smoothing).toBe(0);
    expect(state.order).toBe(d.order);
    expect(state.ranges).toEqual([{ column: "gap", low: 1, high: null }]);
    expect(state.selected).toEqual([]);
    expect(state.view).toBe("table");
    expect(state.minCount).toBe(0);
    expect(state.plot).toBe("violin");
    expect(state.across).toBe("identities");
  });

  it("drops duplicate selections and caps their number", () => {
    const many = Array.from({ length: LIMITS.max_selected + 10 }, (_, i) => `l${i}`);
    expect(decodeViewState({ sel: JSON.stringify(["a", "a", "b"]) }, LIMITS.max_selected).selected).toEqual(["a", "b"]);
    expect(decodeViewState({ sel: JSON.stringify(many) }, LIMITS.max_selected).selected).toHaveLength(LIMITS.max_selected);
  });
});

describe("resolveState", () => {
  const runs = runsFixture();

  it("keeps the Examples panel's label only for a table that samples examples", () => {
    const open = { ...defaultViewState(), run: "model_a", tag: "gender", examples: "Nurse" };
    expect(resolveState(open, runs, CONFIG)!.state.examples).toBe("Nurse");
    const sampled = (perCell: number | undefined) =>
      resolveState(open, { ...runs, runs: [{ run: "model_a", tags: [countsTag({ examples_per_cell: perCell })] }] }, CONFIG)!.state.examples;
    expect(sampled(8)).toBe("Nurse");
    expect(sampled(undefined)).toBe("Nurse"); // an older server does not say: the panel asks
    expect(sampled(0)).toBeNull(); // logged without ids
    expect(resolveState({ ...open, run: "old_model", tag: "_npmi_" }, runs, CONFIG)!.state.examples).toBeNull(); // precomputed
  });

  it("returns null when nothing is logged", () => {
    expect(resolveState(defaultViewState(), { runs: [{ run: "a", tags: [] }], metrics: {} }, CONFIG)).toBeNull();
  });

  it("picks the first table and its defaults for an empty state", () => {
    const r = resolveState(defaultViewState(), runs, CONFIG)!;
    expect(r.state.run).toBe("model_a");
    expect(r.state.tag).toBe("gender");
    expect(r.state.metric).toBe("npmi_xy");
    expect(r.state.x1).toBe("man");
    expect(r.state.x2).toBe("woman");
    expect(r.info.num_labels).toBe(2000);
  });

  it("replaces what the chosen table cannot answer", () => {
    const r = resolveState(
      {
        ...defaultViewState(),
        run: "old_model",
        tag: "_npmi_",
        metric: "npmi_xy",
        threshold: 0.5,
        smoothing: 1,
        step: 9,
        x1: "female",
        x2: "female",
        sort: "npmi_xy@woman",
        ranges: [
          { column: "gap", low: 0, high: null },
          { column: "nPMI@man", low: 0, high: null },
        ],
      },
      runs, CONFIG)!;
    expect(r.state.metric).toBe("nPMI");
    expect(r.state.threshold).toBeNull();
    expect(r.state.smoothing).toBe(0);
    expect(r.state.step).toBeNull();
    expect(r.state.x1).toBe("female");
    expect(r.state.x2).toBe("male");
    expect(r.state.sort).toBe("gap");
    expect(r.state.ranges).toEqual([{ column: "gap", low: 0, high: null }]);
  });

  it("keeps valid choices, including one-vs-rest", () => {
    const r = resolveState(
      { ...defaultViewState(), run: "model_a", tag: "gender", step: 1, threshold: 0.7, metric: "dp", x1: "woman", x2: "rest" },
      runs, CONFIG)!;
    expect(r.state).toMatchObject({ step: 1, threshold: 0.7, metric: "dp", x1: "woman", x2: "rest" });
  });

  it("ranks by the identity's value when a table has a single identity (no gap)", () => {
    const single = runsFixture();
    single.runs[1]!.tags[0]!.identities = ["woman"];
    const r = resolveState({ ...defaultViewState(), metric: "dp" }, single, CONFIG)!;
    expect(r.state.x2).toBeNull();
    expect(r.state.sort).toBe("dp@woman");
    expect(resolveState({ ...defaultViewState(), sort: "count" }, single, CONFIG)!.state.sort).toBe("count");
    const ranges = [
      { column: "gap", low: 0, high: null },
      { column: "count", low: 5, high: null },
    ];
    expect(resolveState({ ...defaultViewState(), ranges }, single, CONFIG)!.state.ranges).toEqual([ranges[1]]);
  });

  it("keeps sorting by the same identity's column when the metric changes", () => {
    const r = resolveState({ ...defaultViewState(), metric: "pmi", sort: "npmi_xy@woman", order: "asc" }, runs, CONFIG)!;
    expect(r.state.sort).toBe("pmi@woman");
    expect(r.state.order).toBe("asc");
    expect(resolveState({ ...defaultViewState(), metric: "pmi", sort: "count@woman" }, runs, CONFIG)!.state.sort).toBe("count@woman");
  });

  it("keeps a range on another metric only where the table has that metric", () => {
    const ranges = [
      { column: "dp@woman", low: 0.1, high: null },
      { column: "count@woman", low: 5, high: null },
      { column: "nPMI@woman", low: 0, high: null },
    ];
    const counts = resolveState({ ...defaultViewState(), metric: "pmi", ranges }, runs, CONFIG)!;
    expect(counts.state.ranges.map((r) => r.column)).toEqual(["dp@woman", "count@woman"]);
    const legacy = resolveState(
      { ...defaultViewState(), run: "old_model", tag: "_npmi_", ranges: ranges.map((r) => ({ ...r, column: r.column.replace("woman", "female") })) },
      runs, CONFIG)!;
    expect(legacy.state.ranges.map((r) => r.column)).toEqual(["count@female", "nPMI@female"]);
  });

  it("falls back from an unknown run to one that has the tag", () => {
    const r = resolveState({ ...defaultViewState(), run: "deleted", tag: "_npmi_" }, runs, CONFIG)!;
    expect(r.state.run).toBe("old_model");
  });

  it("forgets a compare target that no longer exists", () => {
    const r = resolveState({ ...defaultViewState(), run2: "gone", step2: 3 }, runs, CONFIG)!;
    expect(r.state.run2).toBeNull();
    expect(r.state.step2).toBeNull();
    const ok = resolveState({ ...defaultViewState(), run2: "model_a", step2: 1 }, runs, CONFIG)!;
    expect(ok.state.run2).toBe("model_a");
    expect(ok.state.step2).toBe(1);
  });
});

describe("compare target (table B)", () => {
  const twoRuns = (): MeasureRuns => {
    const r = runsFixture();
    r.runs.push({ run: "model_b", tags: [countsTag()] });
    return r;
  };

  it("defaults to the same table in the next run that has it", () => {
    expect(compareTarget(resolved(), twoRuns())).toEqual({ run: "model_b", tag: "gender", step: null });
    expect(compareTarget(resolved({ run: "model_b" }), twoRuns())).toEqual({ run: "model_a", tag: "gender", step: null });
  });

  it("defaults to the step before A's when no other run has the table", () => {
    expect(compareTarget(resolved(), runsFixture())).toEqual({ run: "model_a", tag: "gender", step: 1 });
    expect(compareTarget(resolved({ step: 1 }), runsFixture())).toEqual({ run: "model_a", tag: "gender", step: 0 });
    // nothing before step 0: the latest step
    expect(compareTarget(resolved({ step: 0 }), runsFixture())).toEqual({ run: "model_a", tag: "gender", step: null });
  });

  it("follows what the user chose", () => {
    const s = resolved({ run2: "model_a", step2: 2 });
    expect(compareTarget(s, twoRuns())).toEqual({ run: "model_a", tag: "gender", step: 2 });
  });
});

describe("sorting by header clicks", () => {
  it("starts a new numeric column descending and a label column ascending", () => {
    expect(nextSort({ sort: "gap", order: "desc" }, "count")).toEqual({ sort: "count", order: "desc" });
    expect(nextSort({ sort: "gap", order: "desc" }, "label")).toEqual({ sort: "label", order: "asc" });
  });

  it("starts the q column ascending: the most significant labels first", () => {
    expect(nextSort({ sort: "gap", order: "desc" }, "q_value")).toEqual({ sort: "q_value", order: "asc" });
    expect(nextSort({ sort: "q_value", order: "asc" }, "q_value")).toEqual({ sort: "q_value", order: "desc" });
    expect(nextSort({ sort: "q_value", order: "desc" }, "q_value")).toEqual({ sort: "q_value", order: "asc" });
  });

  it("cycles signed columns through desc, asc, abs", () => {
    let s = { sort: "gap", order: "desc" as const } as { sort: string; order: "desc" | "asc" | "abs" };
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      s = nextSort(s, "gap");
      seen.push(s.order);
    }
    expect(seen).toEqual(["asc", "abs", "desc"]);
    expect(nextSort({ sort: "npmi_xy@man", order: "asc" }, "npmi_xy@man").order).toBe("abs");
  });

  it("toggles counts and labels between two orders only", () => {
    expect(nextSort({ sort: "count@man", order: "asc" }, "count@man").order).toBe("desc");
    expect(nextSort({ sort: "label", order: "desc" }, "label").order).toBe("asc");
  });

  it("starts the compare delta column by absolute value", () => {
    expect(nextCompareSort({ compareSort: "label", compareOrder: "asc" }, "delta")).toEqual({
      compareSort: "delta",
      compareOrder: "abs",
    });
    expect(nextCompareSort({ compareSort: "delta", compareOrder: "abs" }, "delta").compareOrder).toBe("desc");
  });
});

describe("moves in the history", () => {
  it("takes a tab, a table, a step or the Examples panel for a move, and typing or filtering for an edit", () => {
    const s = { ...defaultViewState(), run: "model_a", tag: "gender" };
    expect(isNavigation(s, { view: "compare" })).toBe(true);
    expect(isNavigation(s, { step: 2 })).toBe(true);
    expect(isNavigation(s, { run2: "model_b", step2: null })).toBe(true);
    expect(isNavigation(s, { examples: "Beard" })).toBe(true);
    expect(isNavigation(s, { run: "model_a", q: "hair" })).toBe(false); // the run did not change
    expect(isNavigation(s, { ranges: [], minCount: 3, sort: "count" })).toBe(false);
  });
});

describe("compare's ranking in words", () => {
  it("says the sort the rows have, the default's interval bound included", () => {
    expect(compareRankingWords("bound", "abs", 0.95)).toBe("ranked by the end of \u0394's 95% interval nearest 0, largest absolute value first");
    expect(compareRankingWords("delta", "abs", 0.95)).toBe("ranked by |\u0394|, largest first");
    expect(compareRankingWords("delta", "asc", 0.95)).toBe("ranked by \u0394, lowest first");
    expect(compareRankingWords("gap_b", "desc", 0.95)).toBe("ranked by Gap B, highest first");
    expect(compareRankingWords("label", "desc", 0.95)).toBe("ranked by label, Z to A");
  });
});

describe("selection", () => {
  it("adds without duplicates, keeps order and removes", () => {
    const a = toggleSelected(["x"], ["y", "x", "z"], true, LIMITS.max_selected);
    expect(a).toEqual(["x", "y", "z"]);
    expect(toggleSelected(a, ["x", "z"], false, LIMITS.max_selected)).toEqual(["y"]);
  });

  it("stops at the cap", () => {
    const labels = Array.from({ length: LIMITS.max_selected + 1 }, (_, i) => String(i));
    expect(toggleSelected([], labels, true, LIMITS.max_selected)).toHaveLength(LIMITS.max_selected);
  });
});

describe("queryKey", () => {
  it("changes with filters but not with selection, view or counts toggle", () => {
    const base = resolved();
    expect(queryKey({ ...base, selected: ["a"], view: "compare", showCounts: true, plot: "histogram", across: "steps" })).toBe(queryKey(base));
    expect(queryKey({ ...base, q: "hair" })).not.toBe(queryKey(base));
    expect(queryKey({ ...base, ranges: [{ column: "gap", low: 0, high: null }] })).not.toBe(queryKey(base));
    expect(queryKey({ ...base, showHidden: true })).not.toBe(queryKey(base));
  });
});

describe("a link's sort the table cannot take", () => {
  const runs = runsFixture();
  it("falls back to the default and names what it dropped", () => {
    const r = resolveState({ ...defaultViewState(), sort: "zzz" }, runs, CONFIG)!;
    expect(r.state.sort).toBe("gap");
    expect(r.droppedSort).toBe("zzz");
    // counts and intervals exist only in tables of counts
    const old = resolveState({ ...defaultViewState(), run: "old_model", tag: "_npmi_", sort: "q_value" }, runs, CONFIG)!;
    expect([old.state.sort, old.droppedSort]).toEqual(["gap", "q_value"]);
    // but a precomputed table sorts by its counts, C(y) and C(x, y), when it logged them (review)
    for (const sort of ["count"]) {
      const kept = resolveState({ ...defaultViewState(), run: "old_model", tag: "_npmi_", sort }, runs, CONFIG)!;
      expect([kept.state.sort, kept.droppedSort]).toEqual([sort, null]);
    }
    for (const sort of ["label", "gap", "q_value", "bound", "count", "count@woman", "npmi_xy@woman", "change_bound"]) {
      expect(resolveState({ ...defaultViewState(), sort }, runs, CONFIG)!.droppedSort).toBeNull();
    }
    expect(resolveState({ ...defaultViewState(), sort: "@" }, runs, CONFIG)!.droppedSort).toBe("@");
  });
});

describe("what a comparison compares", () => {
  it("tells one table twice from two steps and from two tables", () => {
    const a = { run: "model_a", tag: "gender", step: 3 };
    expect(compareKind(a, { ...a })).toBe("same");
    expect(compareKind(a, { ...a, step: 1 })).toBe("steps");
    expect(compareKind(a, { ...a, run: "model_b" })).toBe("tables");
    expect(compareKind(a, { ...a, tag: "age", step: 3 })).toBe("tables");
  });
});

describe("what a link asked for that is not logged", () => {
  const shown = resolved({ step: null });
  it("names a run, table or step replaced without a word before", () => {
    expect(droppedChoices({ ...defaultViewState(), run: "nope", tag: "gender" }, shown)).toEqual([
      "Run \u201cnope\u201d has no table here; showing model_a.",
    ]);
    expect(droppedChoices({ ...defaultViewState(), run: "model_a", tag: "age" }, shown)).toEqual([
      "Run model_a has no table \u201cage\u201d; showing gender.",
    ]);
    expect(droppedChoices({ ...defaultViewState(), run: "model_a", tag: "gender", step: 99 }, shown)[0]).toMatch(
      /^Step 99 of model_a\/gender is not among the steps TensorBoard kept; showing the latest\.$/,
    );
  });
  it("names a threshold, metric or identity the table does not have (walk-through: replaced silently)", () => {
    const asked = { ...defaultViewState(), run: "model_a", tag: "gender" };
    expect(droppedChoices({ ...asked, threshold: 0.42 }, resolved({ threshold: null }))).toEqual([
      "Threshold 0.42 is not one of this table's; showing the first logged.",
    ]);
    expect(droppedChoices({ ...asked, metric: "bogus" }, resolved({ metric: "npmi_xy" }))).toEqual([
      "Metric \u201cbogus\u201d is not one of this table's; showing npmi_xy.",
    ]);
    expect(droppedChoices({ ...asked, x1: "martian" }, resolved({ x1: "man", x2: "woman" }))).toEqual([
      "Identity \u201cmartian\u201d is not in this table; showing man.",
    ]);
    expect(droppedChoices({ ...asked, x1: "man", x2: "man" }, resolved({ x1: "man", x2: "woman" }))).toEqual([
      "\u201cman\u201d cannot be compared with man here; comparing with woman.",
    ]);
    // another table was shown: that is what is said, not each of its choices
    expect(droppedChoices({ ...asked, tag: "age", metric: "bogus" }, resolved({ metric: "npmi_xy" }))).toHaveLength(1);
  });

  it("says nothing when every choice was kept or none was asked for", () => {
    expect(droppedChoices(defaultViewState(), shown)).toEqual([]);
    expect(droppedChoices({ ...defaultViewState(), run: "model_a", tag: "gender", step: 2 }, resolved({ step: 2 }))).toEqual([]);
  });
});
