import { BaseUser } from './base';
import type { SetupType } from './types';

export class UserClass extends BaseUser {
  unequip(setup: SetupType) { // @def(unequip, "unequip")
    const gear = this.gear[setup].raw(); // @site(u1, "raw") @call(unequip, gearRaw, u1)
    return gear;
  }
}
