// Entry point: TensorBoard's plugin iframe imports this module and calls render().
import "./shell/app.js";

const PAGE_CSS = `
html, body { margin: 0; height: 100%; background: #f5f6f7; }
tb-bias-app { height: 100%; }
`;

export function render(): void {
  if (document.querySelector("tb-bias-app")) return; // rendered already
  const style = document.createElement("style");
  style.textContent = PAGE_CSS;
  document.head.appendChild(style);
  document.body.appendChild(document.createElement("tb-bias-app"));
}
