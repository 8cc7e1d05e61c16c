import { LitElement, html, css } from "lit";
import { customElement } from "lit/decorators.js";
import { baseStyles } from "../charts/theme.js";

const DEMO_SNIPPET = `python -m tb_bias_plugin.demo --logdir demo_logs
tensorboard --logdir demo_logs`;

/**
 * Shown when the logdir holds no record of any measure. It names none: the
 * shell knows the measures only from what is logged, and each measure's
 * guide (docs/guides/) says how to log it, so adding a measure edits nothing here.
 */
@customElement("tb-bias-empty-state")
export class EmptyState extends LitElement {
  static override styles = [
    baseStyles,
    css`
      :host {
        display: block;
        max-width: 46rem;
        margin: 32px auto;
        padding: 0 16px;
      }
      h1 {
        font-size: 18px;
        margin: 0 0 8px;
      }
      pre {
        background: #f1f3f4;
        border: 1px solid var(--border);
        border-radius: 4px;
        padding: 10px 12px;
        overflow-x: auto;
        font: 12px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
      }
      code {
        font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
      }
    `,
  ];

  override render() {
    return html`
      <section data-testid="empty-state" aria-labelledby="empty-title">
        <h1 id="empty-title">No tb-bias data logged yet</h1>
        <p>
          This tab shows what tb-bias measured of your models, one view per measure it finds in the log directory; this one
          holds none yet.
        </p>
        <p>
          Log a first record from your training or evaluation job, with <code>tb_bias_plugin.summary</code> (with or without
          TensorFlow), a Keras or PyTorch callback, or <code>tb-bias log</code> on a file of predictions. Each measure has a guide
          in <code>docs/guides/</code> of the tb-bias source, with the lines to write and how to read its view.
        </p>
        <p>To see every view first, on simulated models with planted biases:</p>
        <pre><code>${DEMO_SNIPPET}</code></pre>
        <p>Then point TensorBoard at your log directory (<code>tensorboard --logdir logs</code>) and reload.</p>
      </section>
    `;
  }
}
