// Bound by a destructured dynamic import in a callback: the module's log,
// as tsserver's definition says (its call hierarchy lists no such call).
export const jobs = [
  async () => { // @module(jobsMod)
    const { log } = await import('./monitoring/crash');
    log('nightly'); // @site(nightlyLog, "log") @namecall(jobsMod, log, nightlyLog)
  },
];
