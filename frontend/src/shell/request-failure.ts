// The one way a view says a request failed, where its answer would show:
// the server's message, which request (when a view makes several), and a
// Retry unless the request itself was refused.

import { html, nothing, type TemplateResult } from "lit";
import { ApiError, errorMessage, isInputError } from "./api.js";

export interface RequestFailure {
  /** the failed error, as the request rejected */
  error: unknown;
  /** asks again; omitted where nothing can be retried */
  retry?: () => void;
  /** which request failed, e.g. the route's name; omitted where only one can */
  request?: string;
  testid?: string;
}

/** "discrepancy_examples failed (HTTP 500): boom"; the bare message without a request name. */
export function failureText(error: unknown, request?: string): string {
  const message = errorMessage(error);
  if (!request) return message;
  // a JSON error body names no status; a bare HTTP failure's message already does
  const status = error instanceof ApiError && error.body !== null && error.status > 0 ? ` (HTTP ${error.status})` : "";
  return `${request} failed${status}: ${message}`;
}

/** A 4xx refused the request itself (a bad pattern, an unreadable record): asking again cannot help, so no Retry. */
export function requestFailure({ error, retry, request, testid = "error-message" }: RequestFailure): TemplateResult {
  return html`<div class="error" role="alert" data-testid=${testid} data-request=${request ?? ""}>
    ${failureText(error, request)}
    ${retry && !isInputError(error) ? html`<button type="button" data-testid="retry" @click=${retry}>Retry</button>` : nothing}
  </div>`;
}
