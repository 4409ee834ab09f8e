import { logger } from './logger';
import { log } from './telemetry';
import { logger as viaBarrel, log as pinoViaBarrel } from './barrel';
import { helpers } from './local-logger';
import sink from './sink';
import type { Audit } from './audit';
import { createTracker, makeCounter } from './tracker';

export function handle(): void { // @def(handle, "handle")
  logger.warn('a'); // @site(direct, "warn")
  log.warn('b');
  viaBarrel.warn('c'); // @site(barrel, "warn") @call(handle, loggerWarn, direct, barrel)
  pinoViaBarrel.warn('d');
  helpers.info('e'); // @site(info, "info") @call(handle, helpersInfo, info)
  sink.flush(); // @site(flush, "flush") @call(handle, sinkFlush, flush)
}

// @callers(loggerWarn, loggerError, handle)

export function peek(audit: Audit): void {
  // The object type written in the cast has its own record: no class's.
  (audit as unknown as { record(message: string): void }).record('f');
}

export function measure(): number { // @def(measure, "measure")
  const tracker = createTracker();
  tracker.start('op'); // @site(started, "start") @dispatch(measure, trackerStart, started) @dispatch(measure, quietStart, started)
  const made = makeCounter();
  return made.count(); // @site(counted, "count") @call(measure, counterCount, counted)
}
