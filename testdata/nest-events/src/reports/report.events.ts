// Event names given through a constant and an enum: publishers and
// subscribers that spell them this way must still be linked.
export const REPORT_ARCHIVED = 'report.archived';

export enum ReportEvents {
  Exported = 'report.exported',
  Purged = 'report.purged',
}

export const REPORTS_CLIENT = 'REPORTS_CLIENT';
export const AUDIT_SINK = 'AUDIT_SINK';
