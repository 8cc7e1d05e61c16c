import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { debounce, throttle } from "../src/charts/debounce.js";

describe("debounce", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("calls once with the last arguments after the pause", () => {
    const fn = vi.fn();
    const d = debounce(fn, 300);
    d("h");
    vi.advanceTimersByTime(200);
    d("ha");
    vi.advanceTimersByTime(200);
    d("hai");
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(300);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith("hai");
  });

  it("flushes now and cancels", () => {
    const fn = vi.fn();
    const d = debounce(fn, 300);
    d("a");
    d.flush();
    expect(fn).toHaveBeenCalledWith("a");
    d("b");
    d.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(1);
    d.flush(); // nothing pending
    expect(fn).toHaveBeenCalledTimes(1);
  });
});

describe("throttle", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("runs the first call at once, then at most once per interval, keeping the last", () => {
    const fn = vi.fn();
    const t = throttle(fn, 40);
    t();
    expect(fn).toHaveBeenCalledTimes(1); // no wait after a quiet period
    t();
    t();
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(40);
    expect(fn).toHaveBeenCalledTimes(2); // the calls during the interval, once
    vi.advanceTimersByTime(40);
    expect(fn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(100);
    t();
    expect(fn).toHaveBeenCalledTimes(3); // quiet again: at once
  });

  it("flushes a pending call and cancels", () => {
    const fn = vi.fn();
    const t = throttle(fn, 40);
    t();
    t();
    t.flush();
    expect(fn).toHaveBeenCalledTimes(2);
    t();
    t.cancel();
    vi.advanceTimersByTime(100);
    expect(fn).toHaveBeenCalledTimes(2);
  });
});
