import { Gear } from './gear';
import type { FullGear } from './types';

export class BaseUser {
  private _gear: FullGear | null = null;

  public get gear(): FullGear {
    if (!this._gear) {
      this._gear = { melee: new Gear(), range: new Gear(), wildy: new Gear() };
    }
    return this._gear;
  }

  isTrusted(): boolean { // @def(isTrusted, "isTrusted")
    return false;
  }
}
