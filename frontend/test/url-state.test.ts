import { describe, expect, it } from "vitest";
import { hashFor, hashWindow, isOwnTab, readEntries, shellKeys, viewKeys, writeEntries, type HashWindow } from "../src/shell/url-state.js";
import { decodeViewState, defaultViewState, encodeViewState, type ViewState } from "../src/views/association/view-state.js";
import { CONFIG, LIMITS } from "./fixtures.js";

// The association view's keys: plain, as before the switcher (old links).
const association = viewKeys("");
const readViewState = (win: HashWindow) => decodeViewState(readEntries(win.location.hash, association), LIMITS.max_selected);
const writeViewState = (win: HashWindow, state: ViewState, makeEvent: () => Event) =>
  writeEntries(win, association, encodeViewState(state, CONFIG.default_metric), makeEvent);

class FakeWindow implements HashWindow {
  location = { hash: "", pathname: "/", search: "?x=1" };
  history = {
    state: { tb: "state" } as unknown,
    replaced: [] as Array<{ data: unknown; url: string | undefined }>,
    pushed: [] as Array<{ data: unknown; url: string | undefined }>,
    replaceState(data: unknown, _unused: string, url?: string) {
      this.replaced.push({ data, url });
    },
    pushState(data: unknown, _unused: string, url?: string) {
      this.pushed.push({ data, url });
    },
  };
  events: string[] = [];
  addEventListener() {}
  removeEventListener() {}
  dispatchEvent(event: Event) {
    this.events.push(event.type);
    return true;
  }
}

describe("url-state", () => {
  it("reads our state from TensorBoard's hash", () => {
    const win = new FakeWindow();
    win.location.hash = "#tb_bias&regexInput=x&p.tb_bias.metric=pmi&p.tb_bias.sel=%5B%22a%22%5D";
    expect(readViewState(win)).toMatchObject({ metric: "pmi", selected: ["a"] });
  });

  it("writes with replaceState, keeping TensorBoard's history state, tab and keys, then notifies", () => {
    const win = new FakeWindow();
    win.location.hash = "#tb_bias&regexInput=x&p.tb_bias.metric=pmi";
    const state = { ...defaultViewState(), metric: "dp", q: "a&b" };
    expect(writeViewState(win, state, () => new Event("hashchange"))).toBe(true);
    const [{ data, url }] = win.history.replaced as [{ data: unknown; url: string }];
    expect(data).toEqual({ tb: "state" });
    expect(url).toBe("/?x=1#tb_bias&regexInput=x&p.tb_bias.metric=dp&p.tb_bias.q=a%26b");
    expect(win.events).toEqual(["hashchange"]);
  });

  it("adds a history entry for a deliberate move, so that Back returns to the state before", () => {
    const win = new FakeWindow();
    win.location.hash = "#tb_bias&p.tb_bias.metric=pmi";
    expect(writeEntries(win, association, { view: "compare" }, () => new Event("hashchange"), "", "push")).toBe(true);
    expect(win.history.pushed).toEqual([{ data: { tb: "state" }, url: "/?x=1#tb_bias&p.tb_bias.view=compare" }]);
    expect(win.history.replaced).toHaveLength(0);
    expect(win.events).toEqual(["hashchange"]);
  });

  it("does nothing when the hash already holds the state", () => {
    const win = new FakeWindow();
    const state = { ...defaultViewState(), metric: "dp" };
    win.location.hash = hashFor("#tb_bias", association, encodeViewState(state, CONFIG.default_metric));
    expect(writeViewState(win, state, () => new Event("hashchange"))).toBe(false);
    expect(win.history.replaced).toHaveLength(0);
    expect(win.events).toHaveLength(0);
  });

  it("keeps the shell's and other views' keys apart from the association view's", () => {
    const hash = "#tb_bias&p.tb_bias.measure=discrepancy&p.tb_bias.discrepancy.run=b&p.tb_bias.metric=pmi";
    expect(readEntries(hash, association)).toEqual({ metric: "pmi" });
    expect(readEntries(hash, shellKeys)).toEqual({ measure: "discrepancy" });
    expect(readEntries(hash, viewKeys("discrepancy."), "discrepancy.")).toEqual({ run: "b" });
    expect(hashFor(hash, association, { metric: "dp" })).toBe(
      "#tb_bias&p.tb_bias.measure=discrepancy&p.tb_bias.discrepancy.run=b&p.tb_bias.metric=dp",
    );
    expect(hashFor(hash, viewKeys("discrepancy."), {}, "discrepancy.")).toBe("#tb_bias&p.tb_bias.measure=discrepancy&p.tb_bias.metric=pmi");
  });

  it("tells our tab from another plugin's", () => {
    expect(isOwnTab("#tb_bias&x=1")).toBe(true);
    expect(isOwnTab("")).toBe(true);
    expect(isOwnTab("#scalars&p.tb_bias.metric=dp")).toBe(false);
  });

  it("uses the parent window when reachable, else its own", () => {
    const parent = { location: { hash: "#tb_bias" } };
    const framed = { parent } as unknown as Window;
    expect(hashWindow(framed)).toBe(parent);
    const top = {} as Window & { parent: Window };
    (top as { parent: Window }).parent = top;
    expect(hashWindow(top)).toBe(top);
    const crossOrigin = {
      parent: {
        get location(): Location {
          throw new DOMException("blocked", "SecurityError");
        },
      },
    } as unknown as Window;
    expect(hashWindow(crossOrigin)).toBe(crossOrigin);
  });
});
