import { log } from './monitoring/crash';

export function start() { // @def(start, "start")
  log('started'); // @site(startLog, "log") @call(start, log, startLog) @callers(log, start, jobsMod)
}
