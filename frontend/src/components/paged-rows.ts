import type { ReactiveController, ReactiveControllerHost } from "lit";
import { debounce } from "../lib/debounce.js";
import { PageCache, type PageFetcher } from "../lib/page-cache.js";

const EMPTY: number[] = [];

/**
 * Feeds a virtualised list from a paged route: one PageCache per query key,
 * page fetches debounced while the user scrolls, and the host re-rendered as
 * pages arrive.
 */
export class PagedRows<R> implements ReactiveController {
  cache: PageCache<R>;
  /** positions 0..total-1, the virtualizer's items */
  items: number[] = EMPTY;
  key: string | null = null;
  private fetcher: PageFetcher<R> | null = null;
  private window: [number, number] = [0, 0];
  private readonly loadWindow = debounce(() => this.loadNow(), 40);

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly pageSize = 100,
    private readonly initialRows = 60,
  ) {
    this.cache = new PageCache<R>(pageSize);
    host.addController(this);
  }

  hostDisconnected(): void {
    this.loadWindow.cancel();
    this.cache.dispose();
  }

  /**
   * Switches to a query. With `keepRows` (same rows, e.g. after flagging),
   * the old rows stay on screen until fresh pages replace them.
   * Returns true when the key changed.
   */
  setQuery(key: string, fetcher: PageFetcher<R>, keepRows: boolean): boolean {
    if (key === this.key) return false;
    this.key = key;
    this.fetcher = fetcher;
    const previous = this.cache;
    previous.dispose();
    this.cache = new PageCache<R>(this.pageSize, 200, keepRows ? previous : undefined);
    if (!keepRows) {
      this.items = EMPTY;
      this.window = [0, this.initialRows];
    }
    this.loadNow();
    return true;
  }

  /** The virtualizer's rendered range changed. */
  onRange(first: number, last: number): void {
    this.window = [first, last];
    if (this.cache.missing(first, last).length > 0) this.loadWindow();
  }

  retry(): void {
    this.cache.error = null;
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
      const total = cache.total ?? 0;
      if (this.items.length !== total) this.items = Array.from({ length: total }, (_, i) => i);
      this.host.requestUpdate();
    });
    this.host.requestUpdate();
  }
}
