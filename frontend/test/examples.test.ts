// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { render } from "lit";
import { copyText, exampleTextView, hasExampleText, linkTarget } from "../src/charts/example-text.js";
import type { Api } from "../src/shell/api.js";
import { ApiError } from "../src/shell/api.js";
import { cutNotice, exampleSides, examplesUrl, idsText, sampleCount, type ExamplesAnswer } from "../src/views/association/examples.js";
import { COPIED_MS } from "../src/views/association/examples-panel.js";

const HOSTILE = '<img src=x onerror="window.__pwned=1">';

afterEach(() => {
  document.body.innerHTML = "";
  vi.restoreAllMocks();
});

describe("which URIs become links", () => {
  it("links absolute http and https URLs only", () => {
    expect(linkTarget("https://data.example/a.jpg")).toBe("https://data.example/a.jpg");
    expect(linkTarget("  http://x.org/?q=1 ")).toBe("http://x.org/?q=1");
    expect(linkTarget("HTTPS://X.ORG/")).toBe("HTTPS://X.ORG/");
  });

  it("shows every other URI as text", () => {
    for (const uri of ["javascript:alert(1)", "JaVaScRiPt:alert(1)", "data:text/html,<b>x</b>", "file:///etc/passwd",
      "/relative/path.jpg", "relative.jpg", "gs://bucket/a.jpg", "ftp://x.org/a", "", "   ", "http//missing-colon"]) {
      expect(linkTarget(uri), uri).toBeNull();
    }
    expect(linkTarget(null)).toBeNull();
    expect(linkTarget(undefined)).toBeNull();
  });
});

describe("an example's logged text", () => {
  function shown(example: { text?: string; uri?: string }): HTMLElement {
    const host = document.createElement("div");
    render(exampleTextView(example), host);
    document.body.appendChild(host);
    return host;
  }

  it("escapes the text and makes a safe link of an http(s) URI", () => {
    const host = shown({ text: HOSTILE, uri: "https://data.example/1.jpg" });
    expect(host.querySelector("img")).toBeNull();
    expect(host.querySelector(".ex-text")!.textContent).toBe(HOSTILE);
    const a = host.querySelector("a")!;
    expect(a.getAttribute("href")).toBe("https://data.example/1.jpg");
    expect(a.getAttribute("target")).toBe("_blank");
    expect(a.getAttribute("rel")).toBe("noopener noreferrer");
  });

  it("shows a javascript: URI as text, never as a link", () => {
    const host = shown({ text: "", uri: "javascript:window.__pwned=1" });
    expect(host.querySelector("a")).toBeNull();
    expect(host.querySelector("span.ex-uri")!.textContent).toBe("javascript:window.__pwned=1");
  });

  it("shows nothing when neither was logged", () => {
    expect(shown({ text: "", uri: "" }).querySelector("[data-testid=example-text]")).toBeNull();
    expect(hasExampleText([{ text: "" }, {}])).toBe(false);
    expect(hasExampleText([{ text: "" }, { uri: "u" }])).toBe(true);
  });
});

describe("copying ids", () => {
  it("uses the Clipboard API when it is there", async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(window.navigator, "clipboard", { value: { writeText }, configurable: true });
    expect(await copyText("a\nb")).toBe(true);
    expect(writeText).toHaveBeenCalledWith("a\nb");
  });

  it("falls back to a selected textarea when the Clipboard API refuses", async () => {
    Object.defineProperty(window.navigator, "clipboard", {
      value: { writeText: async () => Promise.reject(new Error("denied")) },
      configurable: true,
    });
    let copied = "";
    const exec = vi.fn(() => {
      copied = (document.activeElement as HTMLTextAreaElement | null)?.value ?? document.querySelector("textarea")!.value;
      return true;
    });
    (document as unknown as { execCommand: unknown }).execCommand = exec;
    expect(await copyText("x1")).toBe(true);
    expect(exec).toHaveBeenCalledWith("copy");
    expect(copied).toBe("x1");
    expect(document.querySelector("textarea")).toBeNull();
  });
});

describe("the cells of the Examples panel", () => {
  const q = { run: "r", tag: "t&x", step: 3, threshold: 0.5, x1: "man", x2: "woman" };

  it("asks for y with x1 and with x2 (the rest: any identity but x1), or y alone with one identity", () => {
    expect(exampleSides(q)).toEqual(["man", "woman"]);
    // the rest was y with any identity, x1's own examples among them
    expect(exampleSides({ x1: "man", x2: "rest" })).toEqual(["man", "rest"]);
    expect(examplesUrl({ ...q, x2: "rest" }, "nurse", "rest")).toMatch(/identity=rest&x1=man$/);
    expect(exampleSides({ x1: "man", x2: null })).toEqual(["man", null]);
  });

  it("builds the route's URL, escaping every value", () => {
    expect(examplesUrl(q, "a&b=c", "woman")).toBe("examples?run=r&tag=t%26x&step=3&threshold=0.5&label=a%26b%3Dc&identity=woman");
    expect(examplesUrl({ ...q, step: null, threshold: null }, "y", null)).toBe("examples?run=r&tag=t%26x&label=y");
  });

  it("words counts, cuts and ids", () => {
    expect(sampleCount({ sampled: 8, cooccurrence: 1204 })).toBe("8 of 1,204 examples");
    expect(sampleCount({ sampled: 2, cooccurrence: 2.25 })).toMatch(/^2 of 2\.2\d* examples$/);
    expect(sampleCount({ sampled: 8, cooccurrence: null })).toBe("8 of at least 8 examples"); // a rest the samples cannot count
    expect(sampleCount({ sampled: 4, cooccurrence: null, cooccurrence_range: [27, 60] })).toBe("4 of 27\u201360 examples");
    expect(sampleCount({ sampled: 4, cooccurrence: null, cooccurrence_range: [4797, 8328] })).toBe("4 of 4,797\u20138,328 examples");
    expect(sampleCount({ sampled: 4, cooccurrence: null, cooccurrence_range: [9, 9] })).toBe("4 of 9 examples");
    expect(cutNotice({ sampled: 3, per_cell: 8, cooccurrence: 50 })).toContain("3 of the 8");
    expect(cutNotice({ sampled: 3, per_cell: 8, cooccurrence: null })).toContain("3 of the 8");
    expect(idsText([{ id: "a", text: "", uri: "" }, { id: "b", text: "", uri: "" }])).toBe("a\nb");
  });
});

function answer(identity: string | null, ids: string[], extra: Partial<ExamplesAnswer> = {}): ExamplesAnswer {
  return {
    run: "r", tag: "t", step: 0, threshold: 0.5, label: "nurse", identity,
    examples: ids.map((id) => ({ id, text: `caption of ${id}`, uri: id === "e1" ? "https://x.org/e1" : "" })),
    cooccurrence: 40, sampled: ids.length, per_cell: 8, cut: false, ...extra,
  };
}

async function panel(get: (url: string) => Promise<unknown>) {
  const el = document.createElement("tb-bias-examples-panel");
  Object.assign(el, {
    api: { get, post: async () => ({}) } as unknown as Api,
    query: { run: "r", tag: "t", step: 0, threshold: 0.5, x1: "man", x2: "woman" },
    label: "nurse",
    identities: ["man", "woman"],
  });
  document.body.appendChild(el);
  await el.updateComplete;
  await new Promise((r) => setTimeout(r, 0));
  await el.updateComplete;
  return el;
}

describe("the Examples panel", () => {
  it("shows each identity's sample side by side with counts, cut notices and escaped text", async () => {
    const urls: string[] = [];
    const el = await panel(async (url) => {
      urls.push(url);
      return url.includes("identity=man") ? answer("man", ["e1", "e2"]) : answer("woman", [HOSTILE], { cut: true, sampled: 1 });
    });
    expect(urls).toEqual([
      "examples?run=r&tag=t&step=0&threshold=0.5&label=nurse&identity=man",
      "examples?run=r&tag=t&step=0&threshold=0.5&label=nurse&identity=woman",
    ]);
    const root = el.shadowRoot!;
    const sides = [...root.querySelectorAll("[data-testid=examples-side]")];
    expect(sides.map((s) => s.getAttribute("data-identity"))).toEqual(["man", "woman"]);
    expect(sides[0]!.querySelector("[data-testid=examples-count]")!.textContent).toBe("2 of 40 examples");
    expect(sides[0]!.querySelector("[data-testid=examples-cut]")).toBeNull();
    expect(sides[1]!.querySelector("[data-testid=examples-cut]")).not.toBeNull();
    expect([...sides[0]!.querySelectorAll("[data-testid=example]")].map((e) => e.getAttribute("data-id"))).toEqual(["e1", "e2"]);
    expect(sides[0]!.querySelector("a")!.getAttribute("href")).toBe("https://x.org/e1");
    expect(root.querySelector("img")).toBeNull();
    expect(sides[1]!.querySelector("code.id")!.textContent).toBe(HOSTILE);
  });

  it("says plainly, without Retry, why a table has no examples", async () => {
    const el = await panel(async () => {
      throw new ApiError(400, "this table was logged without example ids, so it holds no examples");
    });
    const error = el.shadowRoot!.querySelector("[data-testid=examples-error]")!;
    expect(error.textContent).toContain("logged without example ids");
    expect(error.querySelector("button")).toBeNull();
  });

  it("offers Retry when the server could not answer", async () => {
    const el = await panel(async () => {
      throw new ApiError(0, "cannot reach TensorBoard");
    });
    expect(el.shadowRoot!.querySelector("[data-testid=examples-error] button")!.textContent).toContain("Retry");
  });

  it("copies one side's ids and sends a close event", async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(window.navigator, "clipboard", { value: { writeText }, configurable: true });
    const el = await panel(async (url) => (url.includes("identity=man") ? answer("man", ["e1", "e2"]) : answer("woman", [])));
    const buttons = [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>("[data-testid=copy-ids]")];
    expect(buttons[1]!.disabled).toBe(true);
    // review: both read "Copy ids"; each names its side's identity after its visible words (WCAG 2.5.3)
    expect(buttons.map((b) => b.getAttribute("aria-label") ?? b.textContent!.trim())).toEqual(["Copy ids of man", "Copy ids of woman"]);
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    try {
      buttons[0]!.click();
      await vi.advanceTimersByTimeAsync(0);
      await el.updateComplete;
      expect(writeText).toHaveBeenCalledWith("e1\ne2");
      expect(el.shadowRoot!.querySelector("[data-testid=copy-status]")!.textContent).toBe("Copied 2 ids");
      // it goes after a few seconds (it stayed for good)
      await vi.advanceTimersByTimeAsync(COPIED_MS);
      await el.updateComplete;
      expect(el.shadowRoot!.querySelector("[data-testid=copy-status]")!.textContent).toBe("");
    } finally {
      vi.useRealTimers();
    }
    let closed = false;
    el.addEventListener("examples-close", () => (closed = true));
    el.shadowRoot!.querySelector<HTMLButtonElement>("[data-testid=examples-close]")!.click();
    expect(closed).toBe(true);
  });
});
