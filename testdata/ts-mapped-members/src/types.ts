import type { Gear, Outfit } from './gear';

export type SetupType = 'melee' | 'range' | 'wildy';

// A mapped type: every key of SetupType holds a Gear.
export type FullGear = {
  [key in SetupType]: Gear;
};

export type Outfits = Record<string, Outfit>;

export type Wardrobe = { [name: string]: Outfit };

// An interface whose one member is an index signature is a record too.
export interface Closet {
  [name: string]: Outfit;
}
