import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { debounce } from "../src/lib/debounce.js";

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
