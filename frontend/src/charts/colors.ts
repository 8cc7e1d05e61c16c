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

/** A label's line colour: its colour in `LABEL_COLORS`, as `lineColor` darkens it (sand and teal are light). */
export function labelColor(index: number): string {
  return lineColor(LABEL_COLORS[index % LABEL_COLORS.length]!);
}

export function identityColor(identities: readonly string[], identity: string | null): string {
  if (identity === null || identity === "rest") return NEUTRAL;
  const index = identities.indexOf(identity);
  return index < 0 ? NEUTRAL : OKABE_ITO[index % OKABE_ITO.length]!;
}

/** A colour as red, green and blue channels, 0 to 255. */
export type Rgb = readonly [number, number, number];

/** WCAG relative luminance of a colour. */
export function rgbLuminance(rgb: Rgb): number {
  const channel = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(rgb[0]) + 0.7152 * channel(rgb[1]) + 0.0722 * channel(rgb[2]);
}

/** WCAG relative luminance of a `#rrggbb` colour. */
export function luminance(hex: string): number {
  return rgbLuminance([1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as unknown as Rgb);
}

/** WCAG contrast ratio of two colours (1 to 21, whichever is lighter). */
export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [rgbLuminance(a), rgbLuminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** A colour drawn at `alpha` over white (the panels' background), as the eye sees it. */
export function overWhite(rgb: Rgb, alpha: number): Rgb {
  const a = Math.min(1, Math.max(0, alpha));
  return rgb.map((c) => 255 + (c - 255) * a) as unknown as Rgb;
}

const DARK_TEXT: Rgb = [0x1f, 0x1f, 0x1f]; // the theme's --fg
const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

/**
 * The text colour for a background: the theme's dark text where it reaches
 * WCAG AA (4.5:1), else white where that does, else black. On any colour one
 * of white and black reaches at least 4.58:1; the theme's #1f1f1f does not on
 * mid tones (3.18:1 on Okabe-Ito blue, 4.26:1 on vermillion).
 */
export function readableTextOn(background: Rgb): string {
  if (contrast(DARK_TEXT, background) >= 4.5) return "#1f1f1f";
  return contrast(WHITE, background) >= contrast(BLACK, background) ? "#ffffff" : "#000000";
}

/** WCAG contrast ratio of a `#rrggbb` colour against white. */
export function contrastOnWhite(hex: string): number {
  return 1.05 / (luminance(hex) + 0.05);
}

/**
 * The colour darkened just enough (towards black, keeping its hue) for
 * text on `background` (white unless given) to reach WCAG AA contrast
 * (4.5:1). Okabe-Ito's orange, sky blue and yellow are too light for text
 * as they are.
 */
export function textColor(hex: string, ratio = 4.5, background: Rgb = WHITE): string {
  const rgb = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  for (let scale = 1; scale > 0; scale -= 0.02) {
    const scaled = rgb.map((c) => Math.round(c * scale)) as unknown as Rgb;
    if (contrast(scaled, background) >= ratio) return "#" + scaled.map((c) => c.toString(16).padStart(2, "0")).join("");
  }
  return "#000000";
}

/** The theme's tint of a selected row (`--selected`), which text in a layer's or identity's colour may sit on. */
export const SELECTED_BACKGROUND: Rgb = [0xe8, 0xf1, 0xf8];

/**
 * The colour darkened just enough for a thin line on white to reach the 3:1
 * of WCAG's non-text contrast: a line in Okabe-Ito's yellow (1.2:1) is all
 * but invisible.
 */
export function lineColor(hex: string): string {
  return textColor(hex, 3);
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
