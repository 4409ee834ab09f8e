// A module's logger written as an object literal.
export const logger = {
  warn(message: string): void { // @def(loggerWarn, "warn")
    console.warn(message);
  },
  error(message: string): void { // @def(loggerError, "error")
    this.warn(message); // @site(selfWarn, "warn") @call(loggerError, loggerWarn, selfWarn)
  },
};
