// Rows of a long result, fetched page by page (offset/limit) as the
// virtualised table scrolls. One cache per query: a new query gets a new
// cache, optionally showing the old rows until its own pages arrive.

export interface Page<R> {
  rows: R[];
  total: number;
}

export type PageFetcher<R> = (offset: number, limit: number, signal: AbortSignal) => Promise<Page<R>>;

/** Sorted page numbers split into runs of consecutive pages, each at most `maxRun` long. */
export function runsOf(pages: readonly number[], maxRun: number): number[][] {
  const runs: number[][] = [];
  for (const page of pages) {
    const run = runs[runs.length - 1];
    if (run && page === run[run.length - 1]! + 1 && run.length < maxRun) run.push(page);
    else runs.push([page]);
  }
  return runs;
}

export class PageCache<R> {
  readonly pageSize: number;
  readonly maxPages: number;
  /** most rows one request may ask for (the route's largest `limit`) */
  readonly maxRequest: number;
  /** rows that pass the filters; null until the first page arrives */
  total: number | null = null;
  error: unknown = null;
  private readonly pages = new Map<number, R[]>();
  private readonly loading = new Set<number>();
  /** pages whose request failed: asked again only on retry (a refused request, a 400, fails every time) */
  private readonly failed = new Set<number>();
  private readonly fallback: ReadonlyMap<number, R[]>;
  private readonly abort = new AbortController();

  constructor(pageSize: number, maxPages = 200, previous?: PageCache<R>, maxRequest = pageSize) {
    if (!(pageSize >= 1) || !(maxPages >= 1)) throw new RangeError("pageSize and maxPages must be positive");
    this.pageSize = pageSize;
    this.maxPages = maxPages;
    this.maxRequest = maxRequest;
    this.fallback = previous ? new Map(previous.pages) : new Map();
    if (previous) this.total = previous.total;
  }

  pageOf(index: number): number {
    return Math.floor(index / this.pageSize);
  }

  /** The row at a position, or undefined if its page is not loaded. */
  get(index: number): R | undefined {
    const page = this.pageOf(index);
    const rows = this.pages.get(page) ?? this.fallback.get(page);
    return rows?.[index - page * this.pageSize];
  }

  /** Whether the row shown at a position comes from the previous query. */
  isStale(index: number): boolean {
    const page = this.pageOf(index);
    return !this.pages.has(page) && this.fallback.has(page);
  }

  has(page: number): boolean {
    return this.pages.has(page);
  }

  get busy(): boolean {
    return this.loading.size > 0;
  }

  /** Pages covering positions first..last (inclusive) that still need fetching. */
  missing(first: number, last: number): number[] {
    const end = this.total === null ? last : Math.min(last, this.total - 1);
    const out: number[] = [];
    for (let page = this.pageOf(Math.max(0, first)); page <= this.pageOf(Math.max(0, end)); page++) {
      if (!this.pages.has(page) && !this.loading.has(page) && !this.failed.has(page)) out.push(page);
    }
    return out;
  }

  /**
   * Fetches the missing pages of a window, adjacent pages in one request
   * (each request filters and sorts the whole table on the server, so two
   * pages in one cost about as much as one); calls onChange after each
   * request.
   */
  async load(first: number, last: number, fetchPage: PageFetcher<R>, onChange: () => void): Promise<void> {
    const wanted = this.missing(first, last);
    this.touch(first, last);
    await Promise.all(
      runsOf(wanted, Math.max(1, Math.floor(this.maxRequest / this.pageSize))).map(async (run) => {
        for (const page of run) this.loading.add(page);
        const start = run[0]!;
        try {
          const result = await fetchPage(start * this.pageSize, run.length * this.pageSize, this.abort.signal);
          if (this.abort.signal.aborted) return;
          run.forEach((page, i) =>
            this.store(page, result.rows.slice(i * this.pageSize, (i + 1) * this.pageSize), result.total, first, last),
          );
          // a page that failed keeps its error (and its Retry) shown until asked again
          if (this.failed.size === 0) this.error = null;
        } catch (error) {
          if (this.abort.signal.aborted) return;
          this.error = error;
          for (const page of run) this.failed.add(page);
        } finally {
          for (const page of run) this.loading.delete(page);
        }
        onChange();
      }),
    );
  }

  /** Forgets the failures: their pages are missing again, for the next load to ask. */
  retry(): void {
    this.error = null;
    this.failed.clear();
  }

  store(page: number, rows: R[], total: number, first = 0, last = 0): void {
    this.pages.set(page, rows);
    this.total = total;
    this.evict(first, last);
  }

  /** Stops in-flight requests; the cache is being replaced. */
  dispose(): void {
    this.abort.abort();
  }

  get loadedPages(): number[] {
    return [...this.pages.keys()];
  }

  // Map order doubles as recency: re-insert the pages the user looks at.
  private touch(first: number, last: number): void {
    for (let page = this.pageOf(Math.max(0, first)); page <= this.pageOf(Math.max(0, last)); page++) {
      const rows = this.pages.get(page);
      if (rows) {
        this.pages.delete(page);
        this.pages.set(page, rows);
      }
    }
  }

  private evict(first: number, last: number): void {
    const keepFrom = this.pageOf(Math.max(0, first));
    const keepTo = this.pageOf(Math.max(0, last));
    for (const page of this.pages.keys()) {
      if (this.pages.size <= this.maxPages) break;
      if (page < keepFrom || page > keepTo) this.pages.delete(page);
    }
  }
}
