export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  cancel(): void;
  flush(): void;
}

/** Calls fn once calls stop for `wait` ms, with the last arguments. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, wait: number): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: A | null = null;
  const run = () => {
    timer = null;
    const args = pending;
    pending = null;
    if (args) fn(...args);
  };
  const debounced = (...args: A) => {
    pending = args;
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(run, wait);
  };
  debounced.cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    pending = null;
  };
  debounced.flush = () => {
    if (timer !== null) clearTimeout(timer);
    run();
  };
  return debounced;
}

/**
 * Calls fn at once, then at most once per `wait` ms while calls keep
 * coming (the last call is never dropped: it runs when the interval ends).
 */
export function throttle(fn: () => void, wait: number): Debounced<[]> {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending = false;
  const tick = () => {
    if (pending) {
      pending = false;
      fn();
      timer = setTimeout(tick, wait);
    } else {
      timer = null;
    }
  };
  const throttled = () => {
    if (timer === null) {
      fn();
      timer = setTimeout(tick, wait);
    } else {
      pending = true;
    }
  };
  throttled.cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    pending = false;
  };
  throttled.flush = () => {
    if (pending) {
      pending = false;
      fn();
    }
  };
  return throttled;
}
