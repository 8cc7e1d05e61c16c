import { css, html, type LitElement, type TemplateResult } from "lit";

export const tabStyles = css`
  .tabs {
    display: flex;
    gap: 2px;
    border-bottom: 1px solid var(--border);
  }
  .tabs button {
    border: none;
    border-bottom: 2px solid transparent;
    border-radius: 0;
    background: transparent;
    padding: 6px 12px;
    font-weight: 600;
    color: var(--muted);
  }
  .tabs button[aria-selected="true"] {
    color: var(--accent);
    border-bottom-color: var(--accent);
  }
  /* a small switch at the end of a heading line (the selected labels' identities / steps) */
  .tabs.small {
    margin-left: auto;
    border-bottom: none;
  }
  .tabs.small button {
    padding: 2px 8px;
    font-size: 12px;
  }
`;

export interface TabsOptions {
  /** the element whose render root holds the tabs (to move focus) */
  host: LitElement;
  label: string;
  /** tab `id` gets data-testid `${testidPrefix}${id}` */
  testidPrefix: string;
  tabs: ReadonlyArray<{ id: string; title: string }>;
  selected: string;
  onSelect: (id: string) => void;
  /** extra attributes of the tab list */
  testid?: string;
  className?: string;
}

/** A tab list with roving focus: the arrow keys move to the next or previous tab and select it. */
export function tabList(o: TabsOptions): TemplateResult {
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    const at = o.tabs.findIndex((t) => t.id === o.selected);
    const next = o.tabs[(at + (event.key === "ArrowRight" ? 1 : -1) + o.tabs.length) % o.tabs.length];
    if (!next) return;
    o.onSelect(next.id);
    // the tabs may be drawn by a child of the host, which the switch replaces (the selected labels' plot):
    // look for the new tab once the host and its children have rendered
    const selector = `[data-testid="${o.testidPrefix}${next.id}"]`;
    void o.host.updateComplete.then(() => requestAnimationFrame(() => findDeep(o.host.renderRoot, selector)?.focus()));
  };
  return html`<div class="tabs ${o.className ?? ""}" role="tablist" aria-label=${o.label} data-testid=${o.testid ?? ""} @keydown=${onKey}>
    ${o.tabs.map(
      (t) => html`<button
        type="button"
        role="tab"
        data-testid=${`${o.testidPrefix}${t.id}`}
        aria-selected=${t.id === o.selected}
        tabindex=${t.id === o.selected ? 0 : -1}
        @click=${() => o.onSelect(t.id)}
      >
        ${t.title}
      </button>`,
    )}
  </div>`;
}

/** The first element matching `selector` in `root` or in the shadow roots below it. */
function findDeep(root: ParentNode, selector: string): HTMLElement | null {
  const hit = root.querySelector<HTMLElement>(selector);
  if (hit) return hit;
  for (const element of root.querySelectorAll("*")) {
    const found = element.shadowRoot ? findDeep(element.shadowRoot, selector) : null;
    if (found) return found;
  }
  return null;
}
