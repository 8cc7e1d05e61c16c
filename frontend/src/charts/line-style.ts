import { html } from "lit";

/** How a chart draws one line; its legend swatch is drawn from the same value, so the two cannot drift apart. */
export interface LineStyle {
  color: string;
  width: number;
  /** an SVG stroke-dasharray; none: solid */
  dash?: string;
  /** stroke opacity; none: 1 */
  opacity?: number;
}

/** A legend's swatch: a short stretch of the line as the chart draws it (colour, width, dashes, opacity). */
export function lineSwatch(style: LineStyle) {
  return html`<svg class="line-swatch" width="24" height="10" aria-hidden="true" data-testid="line-swatch"
    ><line x1="1" x2="23" y1="5" y2="5" stroke=${style.color} stroke-width=${style.width}
      stroke-dasharray=${style.dash ?? "none"} stroke-opacity=${style.opacity ?? 1}></line
  ></svg>`;
}
