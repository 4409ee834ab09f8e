import { Gear, Outfit } from './gear';

// x instanceof Gear narrows x to a Gear where the test holds, as tsserver
// types it (oldschoolbot's calcConBonusXP): the call there is Gear.raw.
export function bonus(setup: Record<string, number> | Gear, other: Outfit | Gear) { // @def(bonus, "bonus")
  const values = setup instanceof Gear ? setup.raw() : setup; // @site(n1, "raw")
  if (other instanceof Gear) {
    other.raw(); // @site(n2, "raw") @call(bonus, gearRaw, n1, n2)
  }
  return values;
}
