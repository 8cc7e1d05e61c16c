// Stands in for @lit-labs/virtualizer in tests: the real virtualizer needs
// layout, which happy-dom lacks, so this element renders every item and the
// rows' own markup can be tested. Use: vi.mock("@lit-labs/virtualizer", () => import("./render-all.js")).
import { LitElement, html } from "lit";

class RenderAll extends LitElement {
  static override properties = { items: { attribute: false }, renderItem: { attribute: false } };
  declare items: number[];
  declare renderItem: (item: number) => unknown;
  protected override createRenderRoot() {
    return this;
  }
  override render() {
    return html`${(this.items ?? []).map((i) => this.renderItem(i))}`;
  }
}

if (!customElements.get("lit-virtualizer")) customElements.define("lit-virtualizer", RenderAll);
