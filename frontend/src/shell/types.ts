// The `runs` route's answer (docs/http_api.md): every tag names the measure
// it belongs to, and `measures` lists the measures present in the logdir,
// each with the config (limits, defaults, names) its view must use.

/** A logged table; each measure adds its own fields, read by its view. */
export interface TagBase {
  tag: string;
  measure: string;
  steps: number[];
  description: string;
  /** steps written more than once (absent from servers older than this frontend) */
  rewritten_steps?: RewrittenStep[];
  /** steps on disk that TensorBoard does not list because an earlier step was written after them (absent: none) */
  hidden_steps?: number[];
}

/** A step of a tag written `writes` times; `shown` is the write TensorBoard kept (1 = the first read). */
export interface RewrittenStep {
  step: number;
  writes: number;
  shown: number | null;
}

export interface RunEntry<T extends TagBase = TagBase> {
  run: string;
  tags: T[];
}

export interface MeasureInfo {
  measure: string;
  title: string;
  /** measure-specific; the measure's view validates it */
  config: unknown;
}

/** A logged table the server cannot read, and why (shown, never hidden). */
export interface UnreadableTag {
  run: string | null;
  tag: string | null;
  error: string;
}

export interface RunsResponse {
  runs: RunEntry[];
  measures: MeasureInfo[];
  /** absent from servers older than this frontend */
  unreadable?: UnreadableTag[];
}

export interface ErrorBody {
  error: string;
  current?: unknown;
  /** the request parameter at fault, when the server names it (a search pattern: "q") */
  parameter?: string;
}

/** The runs that have tables of `measure`, with only those tables. */
export function runsOfMeasure(runs: readonly RunEntry[], measure: string): RunEntry[] {
  return runs.map((r) => ({ run: r.run, tags: r.tags.filter((t) => t.measure === measure) }));
}
