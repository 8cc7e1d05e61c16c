/** The focused element, inside shadow roots too (document.activeElement stops at a shadow host); null when
 * nothing has the focus (the page's body: a removed element had it). */
export function deepActiveElement(): HTMLElement | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}
