import type { ReactiveController, ReactiveControllerHost } from "lit";

/** The host element's content width, kept current by a ResizeObserver; the host re-renders when it changes. */
export class WidthController implements ReactiveController {
  private observer: ResizeObserver | null = null;

  constructor(
    private readonly host: ReactiveControllerHost & Element,
    public width: number,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.observer = new ResizeObserver((entries) => {
      const w = Math.floor(entries[0]?.contentRect.width ?? 0);
      if (w > 0 && Math.abs(w - this.width) >= 1) {
        this.width = w;
        this.host.requestUpdate();
      }
    });
    this.observer.observe(this.host);
  }

  hostDisconnected(): void {
    this.observer?.disconnect();
    this.observer = null;
  }
}
