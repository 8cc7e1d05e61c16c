// @vitest-environment happy-dom
import { html } from "lit";
import { describe, expect, it } from "vitest";
import type { HashScope } from "../src/shell/url-state.js";
import { MeasureViewBase } from "../src/shell/view-base.js";

class CountingView extends MeasureViewBase {
  heard = 0;
  protected override onExternalHashChange(): void {
    this.heard++;
  }
  override render() {
    return html``;
  }
}
customElements.define("tb-bias-counting-view", CountingView);

/** A scope whose external change the test fires; `listeners` counts who listens. */
function fakeHash() {
  const listeners = new Set<() => void>();
  const scope: HashScope = {
    read: () => ({}),
    write: () => true,
    onExternalChange: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
  return { scope, listeners, fire: () => listeners.forEach((l) => l()) };
}

describe("MeasureViewBase's hash subscription", () => {
  it("listens while connected, once, and stops when disconnected", async () => {
    const hash = fakeHash();
    const el = new CountingView();
    el.hash = hash.scope;
    expect(hash.listeners.size).toBe(0); // not connected yet
    document.body.appendChild(el);
    await el.updateComplete;
    el.runs = [];
    await el.updateComplete;
    expect(hash.listeners.size).toBe(1);
    hash.fire();
    expect(el.heard).toBe(1);
    el.remove();
    expect(hash.listeners.size).toBe(0);
    hash.fire();
    expect(el.heard).toBe(1);
    document.body.appendChild(el); // a view shown again (the shell's switcher, or Back to its measure)
    await el.updateComplete;
    expect(hash.listeners.size).toBe(1);
    expect(el.heard).toBe(2); // it reads the hash again: it may hold another state than the one the view kept
    el.remove();
  });

  it("listens to a hash given after the element was connected, and to a new scope instead of the old", async () => {
    const first = fakeHash();
    const el = new CountingView();
    document.body.appendChild(el);
    await el.updateComplete;
    el.hash = first.scope;
    await el.updateComplete;
    expect(first.listeners.size).toBe(1);
    const second = fakeHash();
    el.hash = second.scope;
    await el.updateComplete;
    expect([first.listeners.size, second.listeners.size]).toEqual([0, 1]);
    second.fire();
    expect(el.heard).toBe(1);
    el.remove();
  });
});
