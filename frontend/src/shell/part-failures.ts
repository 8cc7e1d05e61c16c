import type { ReactiveController, ReactiveControllerHost } from "lit";

/**
 * The error of each part of a view whose latest request failed. Kept per
 * part, so one answer never clears another part's failure and one failure
 * never hides another's.
 */
export class PartFailures<Part extends string> implements ReactiveController {
  private readonly errors = new Map<Part, unknown>();

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  hostConnected(): void {}

  has(part: Part): boolean {
    return this.errors.has(part);
  }

  get(part: Part): unknown {
    return this.errors.get(part);
  }

  set(part: Part, error: unknown): void {
    this.errors.set(part, error);
    this.host.requestUpdate();
  }

  /** Forgets a part's failure, as its request is asked again. */
  clear(part: Part): void {
    if (this.errors.delete(part)) this.host.requestUpdate();
  }
}
