import { html, type TemplateResult } from "lit";

/** A labelled checkbox that reports its new state. */
export function checkbox(testid: string, checked: boolean, onChange: (checked: boolean) => void, label: unknown, className = ""): TemplateResult {
  return html`<label class=${className}>
    <input type="checkbox" data-testid=${testid} .checked=${checked} @change=${(e: Event) => onChange((e.target as HTMLInputElement).checked)} />${label}
  </label>`;
}

/** A Page key's jump: a tenth of the steps, at least one. */
const pageOf = (n: number) => Math.max(1, Math.round(n / 10));

const STEP_KEYS: Record<string, (i: number, n: number) => number> = {
  ArrowLeft: (i) => i - 1,
  ArrowDown: (i) => i - 1,
  ArrowRight: (i) => i + 1,
  ArrowUp: (i) => i + 1,
  PageDown: (i, n) => Math.max(0, i - pageOf(n)),
  PageUp: (i, n) => Math.min(n - 1, i + pageOf(n)),
  Home: () => 0,
  End: (_, n) => n - 1,
};

/**
 * The step a key moves a chart's selection to (arrows: the one before or after, Page keys: a tenth of the
 * steps, Home and End: the first and last), or null for a key that does not move it or a move past either end. With no step selected
 * the moves start from the last step, the one shown by default.
 */
export function stepAfterKey(steps: readonly number[], current: number | null, key: string): number | null {
  const move = STEP_KEYS[key];
  if (!move || steps.length === 0) return null;
  const at = current === null ? -1 : steps.indexOf(current);
  const next = move(at === -1 ? steps.length - 1 : at, steps.length);
  return next >= 0 && next < steps.length && next !== at ? steps[next]! : null;
}

/**
 * What a chart whose points select a step takes from the keyboard (its points are a mouse's only): one tab
 * stop, the arrows move the step. Spread as `role="slider" tabindex="0"` with these aria values; `text`
 * (aria-valuetext) is `describe` of the step: the values there, which a slider's drawing does not say.
 */
export function stepSlider(steps: readonly number[], current: number | null, choose: (step: number) => void, describe: (step: number) => string) {
  const now = current ?? steps[steps.length - 1] ?? 0;
  return {
    min: steps[0] ?? 0,
    max: steps[steps.length - 1] ?? 0,
    now,
    text: describe(now),
    keydown: (event: KeyboardEvent) => {
      const step = stepAfterKey(steps, current, event.key);
      if (!STEP_KEYS[event.key]) return;
      event.preventDefault(); // the page does not scroll under the chart
      if (step !== null) choose(step);
    },
  };
}
