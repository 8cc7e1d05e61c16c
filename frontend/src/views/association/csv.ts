// Download links: the backend writes the CSV (formula-safe, every row), so
// the frontend only builds the link and a file name hint.

import { csvUrl, flaggedCsvUrl } from "./query.js";
import type { ResolvedState } from "./view-state.js";

export interface DownloadLink {
  href: string;
  /** Suggested name; the server's Content-Disposition has the final say. */
  filename: string;
}

function safe(part: string): string {
  return part.replace(/[^A-Za-z0-9._-]+/g, "_");
}

export function resultCsvLink(s: ResolvedState): DownloadLink {
  return { href: csvUrl(s), filename: `tb_bias_${safe(s.run)}_${safe(s.tag)}_${safe(s.metric)}.csv` };
}

export function flaggedCsvLink(s: ResolvedState): DownloadLink {
  return { href: flaggedCsvUrl(s), filename: `tb_bias_${safe(s.run)}_${safe(s.tag)}_${safe(s.metric)}_flagged.csv` };
}
