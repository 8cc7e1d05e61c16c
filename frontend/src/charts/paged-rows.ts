import { html, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from "lit";
import "@lit-labs/virtualizer";
import type { RangeChangedEvent } from "@lit-labs/virtualizer/events.js";
import { throttle } from "./debounce.js";
import { PageCache, type PageFetcher } from "./page-cache.js";

const EMPTY: number[] = [];

/**
 * Feeds a virtualised list from a paged route: one PageCache per query key,
 * page fetches throttled while the user scrolls, and the host re-rendered as
 * pages arrive.
 */
export class PagedRows<R> implements ReactiveController {
  cache: PageCache<R>;
  /** positions 0..total-1, the virtualizer's items */
  items: number[] = EMPTY;
  key: string | null = null;
  private fetcher: PageFetcher<R> | null = null;
  private window: [number, number] = [0, 0];
  /** While the user scrolls: fetch the rows in view at once, then at most every 40 ms. */
  private readonly loadWindow = throttle(() => this.loadNow(), 40);

  constructor(
    private readonly host: ReactiveControllerHost,
    /** rows per page, and the route's largest `limit` (adjacent pages are fetched together up to it); read per query */
    private readonly sizes: () => { pageSize: number; maxRequest: number },
    private readonly initialRows = 60,
  ) {
    this.cache = new PageCache<R>(1); // empty until the first query
    host.addController(this);
  }

  hostDisconnected(): void {
    this.loadWindow.cancel();
    this.cache.dispose();
  }

  /**
   * Switches to a query. With `keepRows`, the old rows stay on screen
   * (marked stale) until fresh pages replace them; otherwise the list
   * empties at once. With `fromTop`, pages are fetched for the top of the
   * list (the caller scrolls there), else for the rows in view.
   * Returns true when the key changed.
   */
  setQuery(key: string, fetcher: PageFetcher<R>, options: { keepRows: boolean; fromTop: boolean }): boolean {
    if (key === this.key) return false;
    this.key = key;
    this.fetcher = fetcher;
    const previous = this.cache;
    previous.dispose();
    const { pageSize, maxRequest } = this.sizes();
    this.cache = new PageCache<R>(pageSize, 200, options.keepRows ? previous : undefined, maxRequest);
    if (!options.keepRows) this.items = EMPTY;
    if (options.fromTop || !options.keepRows) this.window = [0, this.initialRows];
    this.loadNow();
    return true;
  }

  /** The virtualizer's rendered range changed. */
  onRange(first: number, last: number): void {
    this.window = [first, last];
    if (this.cache.missing(first, last).length > 0) this.loadWindow();
  }

  /** Rows that pass the filters; null until known (or when the query failed before any page). */
  get total(): number | null {
    return this.failedEmpty ? null : this.cache.total;
  }

  /** The query failed before any of its pages arrived: show none of the previous query's rows. */
  private get failedEmpty(): boolean {
    return this.cache.error !== null && this.cache.loadedPages.length === 0;
  }

  retry(): void {
    this.cache.retry();
    this.loadNow();
  }

  get loading(): boolean {
    return this.cache.busy;
  }

  private loadNow(): void {
    const fetcher = this.fetcher;
    if (!fetcher) return;
    const cache = this.cache;
    void cache.load(this.window[0], this.window[1], fetcher, () => {
      if (cache !== this.cache) return;
      const total = this.failedEmpty ? 0 : (cache.total ?? 0);
      if (this.items.length !== total) this.items = Array.from({ length: total }, (_, i) => i);
      this.host.requestUpdate();
    });
    this.host.requestUpdate();
  }
}

/**
 * Gives `target` the sideways scroll of `source`: a header strip and its
 * rows are kept together both ways, as focus (Tab to a sort button out of
 * view) scrolls the header, not the rows.
 */
export function syncScrollLeft(source: Element, target: Element | null): void {
  if (target && target.scrollLeft !== source.scrollLeft) target.scrollLeft = source.scrollLeft;
}

/** The virtualised, keyboard-scrollable row group of a PagedRows list. */
export function virtualRows<R>(
  rows: PagedRows<R>,
  layout: unknown,
  renderItem: (index: number) => TemplateResult,
  onScroll?: (event: Event) => void,
  onRange?: (first: number, last: number) => void,
): TemplateResult {
  return html`<lit-virtualizer
    scroller
    role="rowgroup"
    tabindex="0"
    aria-label="Rows; scroll with the arrow keys"
    .layout=${layout}
    .items=${rows.items}
    .renderItem=${renderItem}
    @rangeChanged=${(e: RangeChangedEvent) => {
      rows.onRange(e.first, e.last);
      onRange?.(e.first, e.last);
    }}
    @scroll=${onScroll ?? null}
  ></lit-virtualizer>`;
}
