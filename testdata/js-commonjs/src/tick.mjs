import clock from './clock.mjs';

// export default new Clock(): the importer holds the instance.
export function tick() { // @def(tick, "tick")
  return clock.now(); // @site(tickNow, "now") @call(tick, now, tickNow)
}
