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

export function identityColor(identities: readonly string[], identity: string | null): string {
  if (identity === null || identity === "rest") return NEUTRAL;
  const index = identities.indexOf(identity);
  return index < 0 ? NEUTRAL : OKABE_ITO[index % OKABE_ITO.length]!;
}

/** A positive gap leans towards x1, a negative one towards x2: use their colours. */
export function gapColor(identities: readonly string[], x1: string | null, x2: string | null, gap: number | null): string {
  if (gap === null || gap === 0) return NEUTRAL;
  return gap > 0 ? identityColor(identities, x1) : identityColor(identities, x2);
}
