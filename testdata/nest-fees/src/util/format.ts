export function formatReportId(id: string): string { // @def(formatReportId, "formatReportId")
  return id.trim().toLowerCase();
}
