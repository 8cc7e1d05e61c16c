// @vitest-environment happy-dom
// Intersectional identities shown with their parts, and tables of expected
// counts (identities given as probabilities), in the association view.
import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("@lit-labs/virtualizer", () => import("./render-all.js"));

import { render } from "lit";
import { ApiError, type Api } from "../src/shell/api.js";
import "../src/views/association/index.js";
import {
  EXPECTED_COUNTS_NOTE,
  formatExpectedCount,
  groupIdentities,
  identityLabel,
  axisTitles,
  identityLines,
  identityText,
  intersectionTitle,
  mergeParts,
  NO_PARTS,
  pairText,
  parts,
  type IdentityParts,
} from "../src/views/association/identities.js";
import { countsTag, LIMITS, resolved, row, runsFixture } from "./fixtures.js";

const FA = "sex=f & age=60+";
const MA = "sex=m & age=60+";
const IDENTITIES = ["sex=f", "sex=m", "age=60+", FA, MA];
const PARTS: IdentityParts = { [FA]: ["sex=f", "age=60+"], [MA]: ["sex=m", "age=60+"] };

afterEach(() => {
  document.body.innerHTML = "";
});

describe("identity parts", () => {
  it("gives the served parts of intersections and none for single identities", () => {
    expect(parts(FA, PARTS)).toEqual(["sex=f", "age=60+"]);
    expect(parts("sex=f", PARTS)).toBeNull();
    // a name with " & " the backend does not list is one identity, not split here
    expect(parts("Rock & Roll", PARTS)).toBeNull();
    // names that are keys of every object are no intersections
    expect(parts("constructor", PARTS)).toBeNull();
    expect(parts("__proto__", PARTS)).toBeNull();
    // a single part is no intersection
    expect(parts("a=1", { "a=1": ["a=1"] })).toBeNull();
  });

  it("writes intersections with ∩ and names their parts in a title", () => {
    expect(identityText(FA, PARTS)).toBe("sex=f \u2229 age=60+");
    expect(identityText("sex=f", PARTS)).toBe("sex=f");
    expect(intersectionTitle(FA, PARTS)).toBe("intersection of sex=f and age=60+");
    expect(intersectionTitle("a=1 & b=2 & c=3", { "a=1 & b=2 & c=3": ["a=1", "b=2", "c=3"] })).toBe(
      "intersection of a=1, b=2 and c=3",
    );
    expect(intersectionTitle("sex=f", PARTS)).toBe("");
    expect(pairText(FA, "rest", PARTS)).toBe("sex=f \u2229 age=60+ vs. the rest");
    expect(pairText("sex=f", MA, PARTS)).toBe("sex=f vs. sex=m \u2229 age=60+");
    expect(pairText("sex=f", null, PARTS)).toBe("sex=f");
  });

  it("writes a name as lines for an axis title, one part a line, cut to fit", () => {
    expect(identityLines(FA, PARTS, 20)).toEqual(["sex=f", "\u2229 age=60+"]);
    expect(identityLines("sex=f", PARTS, 20)).toEqual(["sex=f"]);
    expect(identityLines(FA, PARTS, 6)).toEqual(["sex=f", "\u2229 age\u2026"]);
    expect(identityLines("age=30-59", PARTS, 6.9)).toEqual(["age=3\u2026"]);
    // never less than one character and the ellipsis
    expect(identityLines("woman", NO_PARTS, -3)).toEqual(["w\u2026"]);
  });

  it("lays axis titles out in one row, or in two when one would be cut between its neighbours", () => {
    const names = ["sex=f", "sex=m", "age=30-59", FA, MA];
    // 100 px between axes: every title fits, one row
    const wide = axisTitles(names, PARTS, [50, 150, 250, 350, 450], 500, 8.5);
    expect(wide.rows).toBe(1);
    expect(wide.row).toEqual([0, 0, 0, 0, 0]);
    expect(wide.lines[3]).toEqual(["sex=f", "\u2229 age=60+"]);
    // 50 px: "age=30-59" would be cut; every other title moves down and gets two gaps' room
    const narrow = axisTitles(names, PARTS, [50, 100, 150, 200, 250], 270, 8.5);
    expect(narrow.rows).toBe(2);
    expect(narrow.row).toEqual([0, 1, 0, 1, 0]);
    expect(narrow.lines[2]).toEqual(["age=30-59"]);
    expect(narrow.lines[3]).toEqual(["sex=f", "\u2229 age=60+"]);
    // the last axis, 20 px from the plot's edge, keeps one gap's room, not two
    expect(narrow.lines[4]).toEqual(["sex\u2026", "\u2229 a\u2026"]);
    expect(axisTitles(names, PARTS, [50, 100, 150, 200, 250], 300, 8.5).lines[4]).toEqual(["sex=m", "\u2229 age=60+"]);
    // too narrow even for two rows: cut, still alternating
    const tight = axisTitles(names, PARTS, [40, 60, 80, 100, 120], 160, 8.5);
    expect(tight.rows).toBe(2);
    expect(tight.lines[2]).toEqual(["ag\u2026"]); // 40 px of room, where one row left 20
    // two axes never alternate: a second row would give neither more room
    expect(axisTitles(["age=30-59", "sex=f"], PARTS, [30, 60], 90, 8.5).rows).toBe(1);
  });

  it("groups single identities first, then intersections, each in its order", () => {
    expect(groupIdentities([FA, "sex=f", MA, "age=60+"], PARTS)).toEqual({
      singles: ["sex=f", "age=60+"],
      intersections: [FA, MA],
    });
    expect(groupIdentities(["man", "woman"], NO_PARTS)).toEqual({ singles: ["man", "woman"], intersections: [] });
  });

  it("merges answers and keeps the same map when an answer adds nothing", () => {
    const one = mergeParts(NO_PARTS, { [FA]: PARTS[FA]! });
    expect(one).toEqual({ [FA]: ["sex=f", "age=60+"] });
    expect(mergeParts(one, { [FA]: ["sex=f", "age=60+"] })).toBe(one);
    expect(mergeParts(one, {})).toBe(one);
    expect(mergeParts(one, undefined)).toBe(one);
    expect(mergeParts(one, PARTS)).toEqual(PARTS);
  });

  it("renders an intersection as chips of its parts, as text only", () => {
    const host = document.createElement("div");
    render(identityLabel(FA, PARTS), host);
    const chips = host.querySelector("[data-testid=identity-parts]")!;
    expect([...chips.querySelectorAll(".part")].map((p) => p.textContent)).toEqual(["sex=f", "age=60+"]);
    expect(chips.querySelector(".cap")!.textContent).toBe("\u2229");
    expect(chips.getAttribute("title")).toBe("intersection of sex=f and age=60+");
    const hostile = '<img src=x onerror="window.__pwned=1">';
    render(identityLabel(`a=${hostile} & b=1`, { [`a=${hostile} & b=1`]: [`a=${hostile}`, "b=1"] }), host);
    expect(host.querySelector("img")).toBeNull();
    expect(identityLabel("sex=f", PARTS)).toBe("sex=f");
  });

  it("formats expected counts with two decimals", () => {
    expect(formatExpectedCount(12.3749)).toBe("12.37");
    expect(formatExpectedCount(3)).toBe("3.00");
    expect(formatExpectedCount(1204.5)).toBe("1,204.50");
    expect(formatExpectedCount(0.1 + 0.2)).toBe("0.30");
    expect(formatExpectedCount(null)).toBe("\u2014");
  });
});

async function mount<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]>,
): Promise<HTMLElementTagNameMap[K]> {
  const el = document.createElement(tag);
  Object.assign(el, props);
  document.body.appendChild(el);
  await (el as unknown as { updateComplete: Promise<unknown> }).updateComplete;
  return el;
}

describe("identity pickers", () => {
  const info = countsTag({ identities: IDENTITIES });

  it("group intersections after the single identities and write them with their parts", async () => {
    const el = await mount("tb-bias-controls", {
      runs: runsFixture(),
      state: resolved({ x1: FA, x2: "sex=m" }),
      info,
      identityParts: PARTS,
    });
    const x1 = el.shadowRoot!.querySelector("[data-testid=x1-select]") as HTMLSelectElement;
    const groups = [...x1.querySelectorAll("optgroup")];
    expect(groups.map((g) => g.label)).toEqual(["Single identities", "Intersections"]);
    expect([...groups[0]!.querySelectorAll("option")].map((o) => o.value)).toEqual(["sex=f", "sex=m", "age=60+"]);
    const inter = [...groups[1]!.querySelectorAll("option")];
    expect(inter.map((o) => o.value)).toEqual([FA, MA]);
    expect(inter.map((o) => o.textContent!.trim())).toEqual(["sex=f \u2229 age=60+", "sex=m \u2229 age=60+"]);
    expect(inter[0]!.getAttribute("title")).toBe("intersection of sex=f and age=60+");
    const x2 = el.shadowRoot!.querySelector("[data-testid=x2-select]") as HTMLSelectElement;
    // the chosen x1 is not offered; one-vs-rest comes last, outside the groups
    expect([...x2.options].map((o) => o.value)).toEqual(["sex=f", "sex=m", "age=60+", MA, "rest"]);
    expect(x2.options[x2.options.length - 1]!.parentElement).toBe(x2);
    // (which option is selected is checked in the browser test: happy-dom
    // loses the selectedness Lit sets on options before they are inserted)
  });

  it("stay flat without intersections", async () => {
    const el = await mount("tb-bias-controls", { runs: runsFixture(), state: resolved(), info: countsTag() });
    const x1 = el.shadowRoot!.querySelector("[data-testid=x1-select]") as HTMLSelectElement;
    expect(x1.querySelectorAll("optgroup")).toHaveLength(0);
    expect([...x1.options].map((o) => [o.value, o.textContent!.trim(), o.hasAttribute("title")])).toEqual([
      ["man", "man", false],
      ["woman", "woman", false],
    ]);
  });
});

function tableApi(expected: boolean, loaded: unknown[]): Api {
  return {
    get: async <T>(url: string) => {
      if (!url.startsWith("table?")) throw new ApiError(404, url);
      const answer = {
        total: 2,
        num_examples: 100,
        identity_parts: PARTS,
        expected_counts: expected,
        description: "",
        rows: [
          row("bike", { cooccurrence: { "sex=f": 12.3749, "sex=m": 3, "age=60+": 0.5, [FA]: 7.25, [MA]: 1 }, values: {} }),
          row("tie", { cooccurrence: { "sex=f": 2, "sex=m": 1, "age=60+": 0, [FA]: 0, [MA]: 1 }, values: {} }),
        ],
      };
      loaded.push(answer);
      return answer as T;
    },
    post: async () => {
      throw new ApiError(405, "read only");
    },
  };
}

async function mountTable(expected: boolean) {
  const events: unknown[] = [];
  const answers: unknown[] = [];
  const el = document.createElement("tb-bias-table");
  el.addEventListener("rows-loaded", (e) => events.push((e as CustomEvent).detail));
  Object.assign(el, {
    api: tableApi(expected, answers),
    limits: LIMITS,
    state: resolved({ x1: FA, x2: "rest", showCounts: true }),
    info: countsTag({ identities: IDENTITIES }),
    identityParts: PARTS,
  });
  document.body.appendChild(el);
  await vi.waitFor(() => expect(el.shadowRoot!.querySelectorAll("[data-testid=table-row]")).toHaveLength(2));
  await el.updateComplete;
  return { el, root: el.shadowRoot!, events };
}

describe("ranked table", () => {
  it("heads intersections' columns with their parts and passes the parts up", async () => {
    const { root, events } = await mountTable(false);
    const header = root.querySelector(`[data-testid='sort-header-npmi_xy@${FA}']`)!;
    const chips = header.querySelector("[data-testid=identity-parts]")!;
    expect([...chips.querySelectorAll(".part")].map((p) => p.textContent)).toEqual(["sex=f", "age=60+"]);
    expect(header.closest("[role=columnheader]")!.getAttribute("title")).toContain("intersection of sex=f and age=60+");
    const count = root.querySelector(`[data-testid='sort-header-count@${MA}']`)!;
    expect(count.textContent!.replace(/\s+/g, "")).toBe("C(sex=m\u2229age=60+,y)");
    // single identities keep their plain names
    expect(root.querySelector("[data-testid='sort-header-npmi_xy@sex=f'] [data-testid=identity-parts]")).toBeNull();
    expect(root.querySelector("[data-testid=table-total]")!.textContent).toContain("gap = sex=f \u2229 age=60+ \u2212 mean of the rest");
    expect(events).toContainEqual({ description: "", identityParts: PARTS, leftOut: {} });
  });

  it("shows counts as they are and no note for tables of whole counts", async () => {
    const { root } = await mountTable(false);
    expect(root.querySelector("[data-testid=expected-counts-note]")).toBeNull();
    const cells = [...root.querySelectorAll("[data-testid=table-row]")][0]!.querySelectorAll("[data-testid=cell-count]");
    // whole counts without decimals; one that is not whole (the old nPMI plugin's may be divided by N) keeps
    // them: rounded, 0.5 read as 1
    expect([...cells].map((c) => c.textContent!.trim())).toEqual(["10", "12.37", "3", "0.5", "7.25", "1"]);
  });

  it("says when counts are expected counts and shows their decimals", async () => {
    const { root } = await mountTable(true);
    expect(root.querySelector("[data-testid=expected-counts-note]")!.textContent).toContain(EXPECTED_COUNTS_NOTE);
    const cells = [...root.querySelectorAll("[data-testid=table-row]")][0]!.querySelectorAll("[data-testid=cell-count]");
    // C(y) counts examples: whole; C(x, y) sums probabilities
    expect([...cells].map((c) => c.textContent!.trim())).toEqual(["10", "12.37", "3.00", "0.50", "7.25", "1.00"]);
  });
});
