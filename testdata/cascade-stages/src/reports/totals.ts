// Called only from a file added after indexing (src/late/late-report.ts):
// the graph has no caller edge, the grep stage finds it in the live workspace.
export function formatTotals(values: number[]): string { // @answer(grep, "formatTotals", LateReport.render)
  return values.map((v) => v.toFixed(2)).join(', ');
}
