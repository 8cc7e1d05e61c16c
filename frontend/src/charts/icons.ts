import { svg } from "lit";

// Small inline icons (drawn here, no icon font), decorative: buttons carry
// aria-labels. One path each: they are repeated on every table row.
export const flagIcon = svg`<svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" data-shape="filled"
  ><path d="M2.2 1.5h1.6v13H2.2zM3.8 2.2h8.4l-2 3 2 3H3.8z" fill="currentColor"/></svg>`;

/** A flag not set: its outline, so that set and not set differ in shape, not only in colour (WCAG 1.4.1). */
export const flagOutlineIcon = svg`<svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" data-shape="outline"
  ><path d="M2.2 1.5h1.6v13H2.2zM4.5 2.9h6.4l-1.5 2.3 1.5 2.3H4.5z" fill="none" stroke="currentColor" stroke-width="1.3" stroke-linejoin="round"
  /><path d="M2.2 1.5h1.6v13H2.2z" fill="currentColor"/></svg>`;

export const eyeOffIcon = svg`<svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true"
  ><path d="M1.5 8s2.4-4.2 6.5-4.2S14.5 8 14.5 8s-2.4 4.2-6.5 4.2S1.5 8 1.5 8zM8 6.6a1.4 1.4 0 1 0 0 2.8a1.4 1.4 0 1 0 0-2.8zM2.5 13.5l11-11"
    fill="none" stroke="currentColor" stroke-width="1.4" stroke-linecap="round"/></svg>`;

export const examplesIcon = svg`<svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true"
  ><path d="M2 3h2v2H2zM6 3.4h8v1.2H6zM2 7h2v2H2zM6 7.4h8v1.2H6zM2 11h2v2H2zM6 11.4h8v1.2H6z" fill="currentColor"/></svg>`;
