// The association measure's config, served by `runs` (measures[].config):
// the backend's limits and defaults, used here instead of copies.

export interface Limits {
  /** rows per page of `table` and `compare` */
  page_size: number;
  /** most rows one request may ask for */
  max_limit: number;
  max_offset: number;
  /** most `range` parameters */
  max_ranges: number;
  /** most `label` parameters in one request */
  max_labels: number;
  max_bins: number;
  max_name: number;
  /** most labels a selection (and the `sel` URL key) holds */
  max_selected: number;
  /** most labels one bulk flag or hide changes */
  bulk_cap: number;
}

export interface AssociationConfig {
  /** metric id -> readable name */
  metrics: Record<string, string>;
  default_metric: string;
  limits: Limits;
}

const LIMIT_KEYS: ReadonlyArray<keyof Limits> = [
  "page_size", "max_limit", "max_offset", "max_ranges", "max_labels", "max_bins", "max_name", "max_selected", "bulk_cap",
];

/** The config if it has every field this view needs, else null. */
export function parseConfig(raw: unknown): AssociationConfig | null {
  const c = raw as Partial<AssociationConfig> | null;
  if (typeof c !== "object" || c === null) return null;
  if (typeof c.default_metric !== "string" || typeof c.metrics !== "object" || c.metrics === null) return null;
  const limits = c.limits as Record<string, unknown> | undefined;
  if (typeof limits !== "object" || limits === null) return null;
  for (const key of LIMIT_KEYS) {
    const v = limits[key];
    if (typeof v !== "number" || !Number.isSafeInteger(v) || v < 1) return null;
  }
  return { metrics: c.metrics, default_metric: c.default_metric, limits: limits as unknown as Limits };
}
