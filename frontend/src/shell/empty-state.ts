import { LitElement, html, css } from "lit";
import { customElement } from "lit/decorators.js";
import { baseStyles } from "../charts/theme.js";

const WRITER_SNIPPET = `from tb_bias_plugin import summary

# predictions: per example, the predicted label names (or a 0/1 or
# score matrix of shape [examples, labels] with label_names in order)
writer = summary.Writer("logs/my_model")
writer.association_table(
    "gender", predictions,
    label_names=names, identity_labels=["man", "woman"], step=epoch,
)
writer.close()`;

const TF_SNIPPET = `import tensorflow as tf
from tb_bias_plugin import summary

with tf.summary.create_file_writer("logs/my_model").as_default():
    summary.association_table(
        "gender", predictions,
        label_names=names, identity_labels=["man", "woman"], step=epoch,
    )`;

/** Shown when the logdir holds no association table yet. */
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
        <h1 id="empty-title">No association tables logged yet</h1>
        <p>
          This tab ranks labels by how differently a model associates them with identity labels such as
          <code>man</code> and <code>woman</code>. Log a table of your model's predictions, with or without
          TensorFlow:
        </p>
        <pre><code>${WRITER_SNIPPET}</code></pre>
        <p>Or with TensorFlow's summary writer:</p>
        <pre><code>${TF_SNIPPET}</code></pre>
        <p>Then point TensorBoard at the log directory: <code>tensorboard --logdir logs</code>, and reload.</p>
      </section>
    `;
  }
}
