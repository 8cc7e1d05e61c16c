// A cue that a table scrolls sideways: headless and overlay scrollbars (macOS,
// touch) show no bar, and a column cut between two cells shows nothing either.
// The column the right edge cuts is covered whole, so no number shows cut
// mid-value ("0.4" of 0.443): the table ends at a column's edge, in a shade.
import { css, html, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from "lit";

/** Whether a scroller hides content to its right (a pixel of rounding aside). */
export function moreToTheRight(scrollLeft: number, clientWidth: number, scrollWidth: number): boolean {
  return scrollWidth - clientWidth - scrollLeft > 1;
}

type Scroller = Pick<Element, "scrollLeft" | "clientWidth" | "scrollWidth">;

/** Marks `table` with data-more-right while any of `scrollers` hides columns to its right. */
export function markMoreToTheRight(table: Element | null, scrollers: readonly (Scroller | null)[]): boolean {
  if (!table) return false;
  const more = scrollers.some((s) => s !== null && s.clientWidth > 0 && moreToTheRight(s.scrollLeft, s.clientWidth, s.scrollWidth));
  table.toggleAttribute("data-more-right", more);
  return more;
}

/**
 * How much of a frame's right side to cover so that the column its visible edge cuts is hidden whole:
 * from that column's left to the frame's right (0 when the edge falls between columns). `columns` are
 * the header cells' [left, right]; at most `most` (a cut wider than that would hide most of the table).
 */
export function coverWidth(frameRight: number, visibleRight: number, columns: readonly (readonly [number, number])[], most: number): number {
  const cut = columns.find(([left, right]) => left < visibleRight - 1 && right > visibleRight + 1);
  return cut ? Math.min(most, Math.max(0, frameRight - cut[0])) : 0;
}

/**
 * A button that scrolls a table sideways: its words (short, to sit beside the table's other actions
 * without a line of its own) and its tooltip and accessible name, which name the columns past the right
 * edge (three at most, then how many more); with none there and the table scrolled, the way back; null
 * when the whole table is in view. A faint shade alone was missed (review at 1000 px: only "man" of four
 * identities showed).
 */
export function moreColumns(past: readonly string[], scrolled: boolean): { text: string; title: string } | null {
  if (past.length === 0) return scrolled ? { text: "\u2190 first columns", title: "Scroll the table back to its first columns" } : null;
  const named = past.length > 3 ? `${past.slice(0, 3).join(", ")} and ${past.length - 3} more` : past.join(", ");
  return { text: "more columns \u2192", title: `More columns to the right: ${named}` };
}

/** Where a frame's scrollers and header cells are found. */
export interface CueParts {
  /** the element that is shaded, each one the render root holds (a table's box, not its scroller) */
  frame: string;
  /** inside a frame: the elements that scroll sideways together */
  scrollers: readonly string[];
}

/** The ranked and compare tables: a header strip and rows (lit-virtualizer) in a `.table`. */
const VIRTUAL_TABLE: CueParts = { frame: ".table", scrollers: [".header-viewport", "lit-virtualizer"] };
/** A plain `<table>` in a `.sideways-scroll` inside a `.sideways` box (the "as numbers" tables). */
export const PLAIN_TABLE: CueParts = { frame: ".sideways", scrollers: [".sideways-scroll"] };

/**
 * A plain table in its own sideways scroller (PLAIN_TABLE; its host keeps a SidewaysCue): a wide table
 * scrolls by itself, not the whole view with it (WCAG 1.4.10 reflow at 200% zoom).
 */
export function sidewaysTable(table: TemplateResult, scrollerClass = ""): TemplateResult {
  return html`<div class="sideways"><div class="sideways-scroll ${scrollerClass}">${table}</div></div>`;
}

/**
 * Keeps each frame of a host's render root marked while its scrollers hide
 * columns to the right, with the cut column covered: after each render, on a
 * resize of the host or a scroller (a `<details>` opened), and on a scroll,
 * listening to them itself (the host only creates the controller). Scroll
 * listeners go on the scrollers the last render made, after the host's own
 * template listeners, so the cue sees the header and rows after the host
 * has synced them.
 */
export class SidewaysCue implements ReactiveController {
  private observer: ResizeObserver | null = null;
  /** the scrollers whose scroll events update the cue */
  private watched: Element[] = [];
  private readonly onScroll = () => this.update();

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement & { renderRoot: ParentNode },
    private readonly parts: CueParts = VIRTUAL_TABLE,
    /** called after each update of the cue (a render, a resize, a scroll): the host measures what it shows of it */
    private readonly after?: () => void,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.observer = new ResizeObserver(() => this.update());
    this.observer.observe(this.host);
    this.watch(this.scrollerElements()); // back on the page: a reconnection renders nothing anew
  }

  hostDisconnected(): void {
    this.observer?.disconnect();
    this.observer = null;
    this.watch([]);
  }

  hostUpdated(): void {
    this.watch(this.scrollerElements());
    this.update();
  }

  update(): void {
    for (const frame of this.frames()) {
      const scrollers = this.scrollersOf(frame);
      const more = markMoreToTheRight(frame, scrollers);
      (frame as HTMLElement).style?.setProperty("--cover", `${more ? this.cover(frame, scrollers) : 0}px`);
    }
    this.after?.();
  }

  /** The cover of the cut column: measured against the narrowest visible edge (rows lose a scrollbar's width). */
  private cover(frame: Element, scrollers: readonly (Element | null)[]): number {
    const box = frame.getBoundingClientRect();
    const edges = scrollers.filter((s): s is Element => s !== null && s.clientWidth > 0).map((s) => s.getBoundingClientRect().left + s.clientWidth);
    if (!edges.length || !(box.width > 0)) return 0;
    const cells = [...frame.querySelectorAll('[role="columnheader"], thead th')].map((c) => {
      const r = c.getBoundingClientRect();
      return [r.left, r.right] as const;
    });
    return coverWidth(box.right, Math.min(...edges), cells, box.width * 0.6);
  }

  private frames(): Element[] {
    return [...this.host.renderRoot.querySelectorAll(this.parts.frame)];
  }

  private scrollersOf(frame: Element): (Element | null)[] {
    return this.parts.scrollers.map((selector) => frame.querySelector(selector));
  }

  private scrollerElements(): (Element | null)[] {
    return this.frames().flatMap((frame) => this.scrollersOf(frame));
  }

  /** Listens to exactly `elements` (those a render replaced or removed are let go), and to their resizes. */
  private watch(elements: readonly (Element | null)[]): void {
    const next = elements.filter((e): e is Element => e !== null);
    for (const e of this.watched) {
      if (next.includes(e)) continue;
      e.removeEventListener("scroll", this.onScroll);
      this.observer?.unobserve(e);
    }
    for (const e of next) {
      if (this.watched.includes(e)) continue;
      e.addEventListener("scroll", this.onScroll, { passive: true });
      this.observer?.observe(e);
    }
    this.watched = next;
  }
}

/**
 * At the right edge of a frame marked data-more-right: the panel's colour over the cut column
 * (`--cover` wide), and over it a shade that says more columns lie that way.
 */
export const sidewaysCueStyles = css`
  .table,
  .sideways {
    position: relative;
  }
  .sideways-scroll {
    overflow-x: auto;
  }
  .table[data-more-right]::after,
  .sideways[data-more-right]::after {
    content: "";
    position: absolute;
    top: 0;
    right: 0;
    bottom: 0;
    width: max(28px, var(--cover, 0px));
    pointer-events: none;
    z-index: 2;
    border-radius: 0 6px 6px 0;
    background:
      linear-gradient(to right, rgba(60, 64, 67, 0), rgba(60, 64, 67, 0.24)) right / 28px 100% no-repeat,
      linear-gradient(var(--panel, #fff), var(--panel, #fff)) right / var(--cover, 0px) 100% no-repeat;
  }
`;
