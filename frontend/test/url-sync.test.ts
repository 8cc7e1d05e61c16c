import { describe, expect, it } from "vitest";
import { hashFor, hashWindow, isOwnTab, readViewState, writeViewState, type HashWindow } from "../src/lib/url-sync.js";
import { defaultViewState } from "../src/lib/view-state.js";

class FakeWindow implements HashWindow {
  location = { hash: "", pathname: "/", search: "?x=1" };
  history = {
    state: { tb: "state" } as unknown,
    replaced: [] as Array<{ data: unknown; url: string | undefined }>,
    replaceState(data: unknown, _unused: string, url?: string) {
      this.replaced.push({ data, url });
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

describe("url-sync", () => {
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

  it("does nothing when the hash already holds the state", () => {
    const win = new FakeWindow();
    const state = { ...defaultViewState(), metric: "dp" };
    win.location.hash = hashFor("#tb_bias", state);
    expect(writeViewState(win, state, () => new Event("hashchange"))).toBe(false);
    expect(win.history.replaced).toHaveLength(0);
    expect(win.events).toHaveLength(0);
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
