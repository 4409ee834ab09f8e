import type { FullGear } from './types';

export class GearBank {
  gear: FullGear;

  constructor(gear: FullGear) {
    this.gear = gear;
  }
}
