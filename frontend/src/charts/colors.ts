// Okabe-Ito: distinguishable for the common forms of colour blindness.
export const OKABE_ITO = [
  "#0072B2", // blue
  "#D55E00", // vermillion
  "#009E73", // bluish green
  "#CC79A7", // reddish purple
  "#E69F00", // orange
  "#56B4E9", // sky blue
  "#F0E442", // yellow
  "#000000",
] as const;

export const NEUTRAL = "#767676";

/**
 * Colours of individual labels (lines of selected labels): none is an
 * Okabe-Ito hue, so a label never looks like an identity ("man" blue).
 * Paul Tol's "muted" scheme, also safe for colour blindness.
 */
export const LABEL_COLORS = [
  "#332288", // indigo
  "#882255", // wine
  "#117733", // green
  "#AA4499", // purple
  "#44AA99", // teal
  "#999933", // olive
  "#CC6677", // rose
  "#DDCC77", // sand
] as const;

export function labelColor(index: number): string {
  return LABEL_COLORS[index % LABEL_COLORS.length]!;
}

export function identityColor(identities: readonly string[], identity: string | null): string {
  if (identity === null || identity === "rest") return NEUTRAL;
  const index = identities.indexOf(identity);
  return index < 0 ? NEUTRAL : OKABE_ITO[index % OKABE_ITO.length]!;
}

/** WCAG relative luminance of a `#rrggbb` colour. */
export function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG contrast ratio of a `#rrggbb` colour against white. */
export function contrastOnWhite(hex: string): number {
  return 1.05 / (luminance(hex) + 0.05);
}

/**
 * The colour darkened just enough (towards black, keeping its hue) for
 * text on white to reach WCAG AA contrast (4.5:1). Okabe-Ito's orange,
 * sky blue and yellow are too light for text as they are.
 */
export function textColor(hex: string): string {
  const rgb = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  for (let scale = 1; scale > 0; scale -= 0.02) {
    const out = "#" + rgb.map((c) => Math.round(c * scale).toString(16).padStart(2, "0")).join("");
    if (contrastOnWhite(out) >= 4.5) return out;
  }
  return "#000000";
}

/** An identity's colour for text (headers, axis titles): see `textColor`. */
export function identityTextColor(identities: readonly string[], identity: string | null): string {
  return textColor(identityColor(identities, identity));
}

/** A positive gap leans towards x1, a negative one towards x2: use their colours. */
export function gapColor(identities: readonly string[], x1: string | null, x2: string | null, gap: number | null): string {
  if (gap === null || gap === 0) return NEUTRAL;
  return gap > 0 ? identityColor(identities, x1) : identityColor(identities, x2);
}
