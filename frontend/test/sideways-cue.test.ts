// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { html, LitElement } from "lit";
import { coverWidth, markMoreToTheRight, moreColumns, moreToTheRight, SidewaysCue } from "../src/charts/sideways-cue.js";

/** A table like the ranked and compare tables, minus their own scroll handlers. */
class CueHost extends LitElement {
  static override properties = { shown: { type: Boolean } };
  shown = true;
  readonly cue = new SidewaysCue(this);
  override render() {
    return html`<div class="table">
      ${this.shown ? html`<div class="header-viewport"></div>` : null}
      <lit-virtualizer></lit-virtualizer>
    </div>`;
  }
}
customElements.define("cue-host", CueHost);

/** Gives a happy-dom element (no layout) a scroll box. */
function scrollBox(e: Element, clientWidth: number, scrollWidth: number): Element {
  Object.defineProperty(e, "clientWidth", { configurable: true, value: clientWidth });
  Object.defineProperty(e, "scrollWidth", { configurable: true, value: scrollWidth });
  Object.defineProperty(e, "scrollLeft", { configurable: true, writable: true, value: 0 });
  return e;
}

function scrollTo(e: Element, left: number): void {
  e.scrollLeft = left;
  e.dispatchEvent(new Event("scroll"));
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("sideways-scroll cue", () => {
  it("sees columns hidden to the right until the scroller reaches its end", () => {
    expect(moreToTheRight(0, 600, 900)).toBe(true);
    expect(moreToTheRight(298, 600, 900)).toBe(true);
    expect(moreToTheRight(300, 600, 900)).toBe(false);
    expect(moreToTheRight(299.5, 600, 900)).toBe(false); // rounding of a zoomed page
    expect(moreToTheRight(0, 900, 900)).toBe(false); // everything fits
  });

  it("covers the column the visible edge cuts, whole, from its left to the frame's right", () => {
    const columns = [[0, 100], [100, 200], [200, 300]] as const;
    // the rows end at 250 (a scrollbar to 265, the frame's right): the third column, from 200, is covered
    expect(coverWidth(265, 250, columns, 1000)).toBe(65);
    expect(coverWidth(265, 200, columns, 1000)).toBe(0); // the edge between two columns cuts none
    expect(coverWidth(265, 250, columns, 40)).toBe(40); // never most of the table
  });

  it("marks the table while the header or the rows hide columns, and clears the mark", () => {
    const table = document.createElement("div");
    const header = { scrollLeft: 0, clientWidth: 600, scrollWidth: 900 };
    const rows = { scrollLeft: 0, clientWidth: 585, scrollWidth: 900 }; // less a vertical scrollbar
    markMoreToTheRight(table, [header, rows]);
    expect(table.hasAttribute("data-more-right")).toBe(true);
    header.scrollLeft = rows.scrollLeft = 300; // the header's end; the rows have 15 px more
    markMoreToTheRight(table, [header, rows]);
    expect(table.hasAttribute("data-more-right")).toBe(true);
    rows.scrollLeft = 315;
    markMoreToTheRight(table, [header, rows]);
    expect(table.hasAttribute("data-more-right")).toBe(false);
    // not laid out yet (no width): no cue
    markMoreToTheRight(table, [{ scrollLeft: 0, clientWidth: 0, scrollWidth: 0 }, null]);
    expect(table.hasAttribute("data-more-right")).toBe(false);
  });

  it("follows its scrollers' scrolls itself, including a scroller a later render made", async () => {
    const host = document.createElement("cue-host") as CueHost;
    document.body.append(host);
    await host.updateComplete;
    const root = host.renderRoot;
    const table = root.querySelector(".table")!;
    const rows = scrollBox(root.querySelector("lit-virtualizer")!, 600, 600); // rows fit: only the header counts
    const header = scrollBox(root.querySelector(".header-viewport")!, 600, 900);
    expect(table.hasAttribute("data-more-right")).toBe(false); // measured before the boxes had widths
    scrollTo(header, 10); // the host calls nothing: the cue hears the scroll
    expect(table.hasAttribute("data-more-right")).toBe(true);
    scrollTo(header, 300);
    expect(table.hasAttribute("data-more-right")).toBe(false);
    // a render that replaces the header: the new one is heard, the old one let go
    const letGo = vi.spyOn(header, "removeEventListener");
    host.shown = false;
    await host.updateComplete;
    expect(letGo).toHaveBeenCalledWith("scroll", expect.any(Function));
    host.shown = true;
    await host.updateComplete;
    const fresh = scrollBox(root.querySelector(".header-viewport")!, 600, 900);
    expect(fresh).not.toBe(header);
    scrollTo(fresh, 0);
    expect(table.hasAttribute("data-more-right")).toBe(true);
    scrollTo(rows, 0);
    expect(table.hasAttribute("data-more-right")).toBe(true);
    // once the host leaves the page, a scroll changes nothing
    host.remove();
    scrollTo(fresh, 300);
    expect(table.hasAttribute("data-more-right")).toBe(true);
    // ...and back on it, scrolls are heard again without a new render
    document.body.append(host);
    scrollTo(fresh, 300);
    expect(table.hasAttribute("data-more-right")).toBe(false);
  });
});

describe("the more-columns button", () => {
  it("names the columns past the edge (three, then how many more), says the way back once scrolled, and is absent when all fit", () => {
    expect(moreColumns(["woman", "boy", "girl"], false)).toEqual({ text: "more columns \u2192", title: "More columns to the right: woman, boy, girl" });
    expect(moreColumns(["a", "b", "c", "d", "e"], true)!.title).toBe("More columns to the right: a, b, c and 2 more");
    expect(moreColumns([], true)).toEqual({ text: "\u2190 first columns", title: "Scroll the table back to its first columns" });
    expect(moreColumns([], false)).toBeNull();
  });
});
