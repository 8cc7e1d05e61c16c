import { svg } from "lit";

// Small inline icons (drawn here, no icon font), decorative: buttons carry aria-labels.
export const flagIcon = svg`<svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
  <path d="M3 1.5v13" stroke="currentColor" stroke-width="1.6" fill="none" stroke-linecap="round"/>
  <path d="M3.8 2.2h8.4l-2 3 2 3H3.8z" fill="currentColor"/></svg>`;

export const eyeOffIcon = svg`<svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
  <path d="M1.5 8s2.4-4.2 6.5-4.2S14.5 8 14.5 8s-2.4 4.2-6.5 4.2S1.5 8 1.5 8z" fill="none" stroke="currentColor" stroke-width="1.4"/>
  <circle cx="8" cy="8" r="2" fill="currentColor"/>
  <path d="M2.5 13.5l11-11" stroke="currentColor" stroke-width="1.6" stroke-linecap="round"/></svg>`;
