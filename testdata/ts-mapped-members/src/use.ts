import type { GearBank } from './bank';
import type { Closet, Outfits, SetupType, Wardrobe } from './types';

export function wildy(user: AppUser, setup: SetupType, bank: GearBank) { // @def(wildy, "wildy")
  user.gear.wildy.raw(); // @site(w1, "raw")
  user.gear[setup].raw(); // @site(w2, "raw")
  const current = user.gear[setup];
  current.raw(); // @site(w3, "raw")
  bank.gear.melee.raw(); // @site(w4, "raw") @call(wildy, gearRaw, w1, w2, w3, w4)
  return user.isTrusted(); // @site(t1, "isTrusted") @call(wildy, isTrusted, t1)
}

export function dress(outfits: Outfits, wardrobe: Wardrobe, name: string, closet: Closet) { // @def(dress, "dress")
  outfits.casual.raw(); // @site(d1, "raw")
  wardrobe[name].raw(); // @site(d2, "raw")
  closet[name].raw(); // @site(d3, "raw") @call(dress, outfitRaw, d1, d2, d3)
}
