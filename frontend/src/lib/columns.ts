// Which columns the ranked table shows, and which columns a range filter
// can use; ids are the API's column names (docs/http_api.md).

export type ColumnKind = "label" | "value" | "gap" | "count";

export interface Column {
  id: string;
  title: string;
  kind: ColumnKind;
  identity: string | null;
}

export function valueColumn(metric: string, identity: string): string {
  return `${metric}@${identity}`;
}

export function tableColumns(identities: readonly string[], metric: string, showCounts: boolean): Column[] {
  const columns: Column[] = [{ id: "label", title: "Label", kind: "label", identity: null }];
  for (const identity of identities) {
    columns.push({ id: valueColumn(metric, identity), title: identity, kind: "value", identity });
  }
  columns.push({ id: "gap", title: "Gap", kind: "gap", identity: null });
  if (showCounts) {
    columns.push({ id: "count", title: "C(y)", kind: "count", identity: null });
    for (const identity of identities) {
      columns.push({ id: `count@${identity}`, title: `C(${identity}, y)`, kind: "count", identity });
    }
  }
  return columns;
}

/** Columns a range filter may name: the gap, every identity's value, the counts. */
export function filterColumns(identities: readonly string[], metric: string, hasCounts: boolean): Column[] {
  const columns: Column[] = [{ id: "gap", title: "gap", kind: "gap", identity: null }];
  for (const identity of identities) {
    columns.push({ id: valueColumn(metric, identity), title: `${metric} (${identity})`, kind: "value", identity });
  }
  if (hasCounts) {
    columns.push({ id: "count", title: "count", kind: "count", identity: null });
    for (const identity of identities) {
      columns.push({ id: `count@${identity}`, title: `count (${identity})`, kind: "count", identity });
    }
  }
  return columns;
}

/** CSS grid columns matching tableColumns, plus the select and action cells. */
export function gridTemplate(columns: readonly Column[]): string {
  const widths = columns.map((c) =>
    c.kind === "label" ? "minmax(9rem, 2.2fr)" : c.kind === "count" ? "minmax(4.5rem, 0.8fr)" : "minmax(6.5rem, 1fr)",
  );
  return ["2.25rem", ...widths, "4.75rem"].join(" ");
}
