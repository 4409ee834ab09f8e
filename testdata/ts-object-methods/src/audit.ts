export class Audit {
  warn(message: string): void {} // @def(auditWarn, "warn") @nocallers(auditWarn)

  info(message: string): void {} // @def(auditInfo, "info") @callers(auditInfo)

  private record(message: string): void {} // @def(auditRecord, "record") @nocallers(auditRecord)
}
