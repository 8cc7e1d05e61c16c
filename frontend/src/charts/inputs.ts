import { html, type TemplateResult } from "lit";

/** A labelled checkbox that reports its new state. */
export function checkbox(testid: string, checked: boolean, onChange: (checked: boolean) => void, label: unknown, className = ""): TemplateResult {
  return html`<label class=${className}>
    <input type="checkbox" data-testid=${testid} .checked=${checked} @change=${(e: Event) => onChange((e.target as HTMLInputElement).checked)} />${label}
  </label>`;
}
