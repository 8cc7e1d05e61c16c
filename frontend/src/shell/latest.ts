import type { ReactiveController, ReactiveControllerHost } from "lit";
import { isAbort } from "./api.js";

/**
 * Only the newest answer counts: starting a request aborts the previous
 * one, and an answer (or error) of a superseded request is dropped, so an
 * older response arriving last can never overwrite a newer one.
 */
export class LatestRequest implements ReactiveController {
  private controller: AbortController | null = null;

  constructor(host?: ReactiveControllerHost) {
    host?.addController(this);
  }

  hostDisconnected(): void {
    this.abort();
  }

  /** Whether a request is under way (started and not yet settled). */
  get pending(): boolean {
    return this.controller !== null;
  }

  abort(): void {
    this.controller?.abort();
    this.controller = null;
  }

  /**
   * Runs `request`; calls `onData` or `onError` only if no newer request
   * started (or abort() was called) meanwhile. Abort errors are never reported.
   */
  run<T>(request: (signal: AbortSignal) => Promise<T>, onData: (data: T) => void, onError: (error: unknown) => void): void {
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    const current = () => this.controller === controller && !controller.signal.aborted;
    request(controller.signal).then(
      (data) => {
        if (!current()) return;
        this.controller = null;
        onData(data);
      },
      (error: unknown) => {
        if (!current() || isAbort(error)) return;
        this.controller = null;
        onError(error);
      },
    );
  }
}
