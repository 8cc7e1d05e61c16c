import { describe, expect, it, vi } from "vitest";
import { PageCache, runsOf, type PageFetcher } from "../src/charts/page-cache.js";
import { LIMITS } from "./fixtures.js";

const MAX_LIMIT = LIMITS.max_limit;

/** A fake `table` route over `total` rows named r0, r1, ... */
function fetcher(total: number, calls: Array<[number, number]> = []): PageFetcher<string> {
  return async (offset, limit) => {
    calls.push([offset, limit]);
    const rows = [];
    for (let i = offset; i < Math.min(total, offset + limit); i++) rows.push(`r${i}`);
    return { rows, total };
  };
}

describe("PageCache", () => {
  it("fetches only the pages covering the window and serves rows by position", async () => {
    const calls: Array<[number, number]> = [];
    const cache = new PageCache<string>(10, 200, undefined, MAX_LIMIT);
    const onChange = vi.fn();
    await cache.load(15, 32, fetcher(100_000, calls), onChange);
    expect(calls).toEqual([[10, 30]]); // three adjacent pages, one request
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(cache.total).toBe(100_000);
    expect(cache.get(15)).toBe("r15");
    expect(cache.get(39)).toBe("r39");
    expect(cache.get(9)).toBeUndefined();
    expect(cache.get(40)).toBeUndefined();
  });

  it("does not refetch loaded or in-flight pages", async () => {
    const calls: Array<[number, number]> = [];
    const cache = new PageCache<string>(10, 200, undefined, MAX_LIMIT);
    const f = fetcher(1000, calls);
    const first = cache.load(0, 19, f, () => {});
    expect(cache.missing(0, 29)).toEqual([2]); // 0 and 1 are in flight
    await Promise.all([first, cache.load(0, 29, f, () => {})]);
    await cache.load(5, 25, f, () => {});
    expect(calls).toEqual([
      [0, 20],
      [20, 10],
    ]);
  });

  it("stops at the end of the result once the total is known", async () => {
    const calls: Array<[number, number]> = [];
    const cache = new PageCache<string>(10, 200, undefined, MAX_LIMIT);
    await cache.load(0, 5, fetcher(25, calls), () => {});
    expect(cache.missing(0, 1000)).toEqual([1, 2]);
  });

  it("jumps straight to the end of a long result (scrolling to the bottom)", async () => {
    const calls: Array<[number, number]> = [];
    const cache = new PageCache<string>(100, 200, undefined, MAX_LIMIT);
    await cache.load(99_950, 99_999, fetcher(100_000, calls), () => {});
    expect(calls).toEqual([[99_900, 100]]);
    expect(cache.get(99_999)).toBe("r99999");
  });

  it("evicts the least recently viewed pages beyond its capacity, never the visible ones", async () => {
    const cache = new PageCache<string>(10, 3, undefined, MAX_LIMIT);
    const f = fetcher(1000);
    await cache.load(0, 9, f, () => {});
    await cache.load(10, 19, f, () => {});
    await cache.load(20, 29, f, () => {});
    await cache.load(0, 9, f, () => {}); // page 0 viewed again: now most recent
    await cache.load(30, 49, f, () => {});
    expect(cache.loadedPages.sort((a, b) => a - b)).toEqual([0, 3, 4]);
  });

  it("shows a previous query's rows, marked stale, until its own arrive", async () => {
    const old = new PageCache<string>(10, 200, undefined, MAX_LIMIT);
    await old.load(0, 9, fetcher(50), () => {});
    const next = new PageCache<string>(10, 200, old, MAX_LIMIT);
    expect(next.total).toBe(50);
    expect(next.get(3)).toBe("r3");
    expect(next.isStale(3)).toBe(true);
    await next.load(0, 9, async () => ({ rows: ["n0", "n1"], total: 2 }), () => {});
    expect(next.get(0)).toBe("n0");
    expect(next.isStale(0)).toBe(false);
    expect(next.total).toBe(2);
  });

  it("records errors, keeps going, and can retry", async () => {
    const cache = new PageCache<string>(10, 200, undefined, MAX_LIMIT);
    const failing: PageFetcher<string> = async () => {
      throw new Error("HTTP 400: bad regex");
    };
    await cache.load(0, 5, failing, () => {});
    expect((cache.error as Error).message).toContain("bad regex");
    expect(cache.busy).toBe(false);
    expect(cache.missing(0, 5)).toEqual([]); // not asked again by itself: a 400 would fail every time
    cache.retry();
    expect(cache.missing(0, 5)).toEqual([0]);
    await cache.load(0, 5, fetcher(5), () => {});
    expect(cache.error).toBeNull();
    expect(cache.get(4)).toBe("r4");
  });

  it("drops answers that arrive after it was disposed", async () => {
    const cache = new PageCache<string>(10, 200, undefined, MAX_LIMIT);
    let release!: () => void;
    let signalSeen: AbortSignal | null = null;
    const slow: PageFetcher<string> = (_offset, _limit, signal) =>
      new Promise((resolve) => {
        signalSeen = signal;
        release = () => resolve({ rows: ["late"], total: 1 });
      });
    const onChange = vi.fn();
    const done = cache.load(0, 5, slow, onChange);
    expect(signalSeen!.aborted).toBe(false);
    cache.dispose();
    expect(signalSeen!.aborted).toBe(true); // the request itself is cancelled
    release();
    await done;
    expect(cache.get(0)).toBeUndefined();
    expect(onChange).not.toHaveBeenCalled();
  });

  it("rejects nonsense sizes", () => {
    expect(() => new PageCache<string>(0, 200, undefined, MAX_LIMIT)).toThrow(RangeError);
  });
});

describe("runsOf", () => {
  it("groups consecutive pages, capped in length", () => {
    expect(runsOf([], 10)).toEqual([]);
    expect(runsOf([3, 4, 5, 9, 10, 12], 10)).toEqual([[3, 4, 5], [9, 10], [12]]);
    expect(runsOf([0, 1, 2, 3, 4], 2)).toEqual([[0, 1], [2, 3], [4]]);
  });

  it("keeps one request within the routes' limit", async () => {
    const calls: Array<[number, number]> = [];
    const cache = new PageCache<string>(100, 200, undefined, MAX_LIMIT);
    await cache.load(0, 1499, fetcher(100_000, calls), () => {});
    expect(calls).toEqual([
      [0, 1000],
      [1000, 500],
    ]);
    expect(cache.get(1499)).toBe("r1499");
  });
});

describe("PageCache after a refused request", () => {
  it("asks for a failed page once, not at every scroll or render, until retry", async () => {
    const calls: Array<[number, number]> = [];
    const cache = new PageCache<string>(10, 200, undefined, MAX_LIMIT);
    const refused: PageFetcher<string> = async (offset, limit) => {
      calls.push([offset, limit]);
      throw new Error("HTTP 400: unknown column 'zzz'");
    };
    for (let i = 0; i < 10; i++) await cache.load(0, 29, refused, () => {});
    expect(calls).toEqual([[0, 30]]);
    expect(cache.missing(0, 29)).toEqual([]);
    expect(cache.error).toBeInstanceOf(Error);
    // other pages are still fetched; the failure stays said until retried
    await cache.load(40, 49, fetcher(100), () => {});
    expect(cache.get(40)).toBe("r40");
    expect(cache.error).toBeInstanceOf(Error);
    cache.retry();
    expect(cache.error).toBeNull();
    expect(cache.missing(0, 29)).toEqual([0, 1, 2]);
    await cache.load(0, 29, fetcher(100), () => {});
    expect(cache.get(0)).toBe("r0");
  });
});
