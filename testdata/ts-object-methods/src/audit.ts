export class Audit {
  warn(message: string): void {} // @def(auditWarn, "warn") @callers(auditWarn)

  info(message: string): void {} // @def(auditInfo, "info") @callers(auditInfo)
}
