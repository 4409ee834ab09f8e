import type { GearBank } from './bank';
import type { SetupType } from './types';

// A destructured parameter's names are typed by the object type written
// for it (oldschoolbot's getUserBestGearFromBank({ gearBank, gearSetup }: {
// gearBank: GearBank; ... })).
export function bestGear({ gearBank, setup: chosen }: { gearBank: GearBank; setup: SetupType }) { // @def(bestGear, "bestGear")
  const userGear = gearBank.gear[chosen];
  return userGear.raw(); // @site(b1, "raw") @call(bestGear, gearRaw, b1)
}
