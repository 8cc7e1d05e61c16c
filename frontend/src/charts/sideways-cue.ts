// A cue that a table scrolls sideways: headless and overlay scrollbars (macOS,
// touch) show no bar, and a column cut between two cells shows nothing either.
import { css, type ReactiveController, type ReactiveControllerHost } from "lit";

/** Whether a scroller hides content to its right (a pixel of rounding aside). */
export function moreToTheRight(scrollLeft: number, clientWidth: number, scrollWidth: number): boolean {
  return scrollWidth - clientWidth - scrollLeft > 1;
}

type Scroller = Pick<Element, "scrollLeft" | "clientWidth" | "scrollWidth">;

/** Marks `table` with data-more-right while any of `scrollers` hides columns to its right. */
export function markMoreToTheRight(table: Element | null, scrollers: readonly (Scroller | null)[]): void {
  if (!table) return;
  const more = scrollers.some((s) => s !== null && s.clientWidth > 0 && moreToTheRight(s.scrollLeft, s.clientWidth, s.scrollWidth));
  table.toggleAttribute("data-more-right", more);
}

/**
 * Keeps the `.table` of a host's render root marked while its header strip or
 * rows (lit-virtualizer) hide columns to the right: after each render, on a
 * resize, and on a scroll of either, listening to them itself (the host only
 * creates the controller). Scroll listeners go on the scrollers the last render
 * made, after the host's own template listeners, so the cue sees the header and
 * rows after the host has synced them.
 */
export class SidewaysCue implements ReactiveController {
  private observer: ResizeObserver | null = null;
  /** the scrollers whose scroll events update the cue */
  private watched: Element[] = [];
  private readonly onScroll = () => this.update();

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement & { renderRoot: ParentNode },
    private readonly scrollers: readonly string[] = [".header-viewport", "lit-virtualizer"],
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
    markMoreToTheRight(this.host.renderRoot.querySelector(".table"), this.scrollerElements());
  }

  private scrollerElements(): (Element | null)[] {
    return this.scrollers.map((selector) => this.host.renderRoot.querySelector(selector));
  }

  /** Listens to exactly `elements` (those a render replaced or removed are let go). */
  private watch(elements: readonly (Element | null)[]): void {
    const next = elements.filter((e): e is Element => e !== null);
    for (const e of this.watched) if (!next.includes(e)) e.removeEventListener("scroll", this.onScroll);
    for (const e of next) if (!this.watched.includes(e)) e.addEventListener("scroll", this.onScroll, { passive: true });
    this.watched = next;
  }
}

/** A light shade at the right edge of a `.table` marked data-more-right. */
export const sidewaysCueStyles = css`
  .table {
    position: relative;
  }
  .table[data-more-right]::after {
    content: "";
    position: absolute;
    top: 0;
    right: 0;
    bottom: 0;
    width: 28px;
    pointer-events: none;
    z-index: 2;
    border-radius: 0 6px 6px 0;
    background: linear-gradient(to right, rgba(60, 64, 67, 0), rgba(60, 64, 67, 0.24));
  }
`;
