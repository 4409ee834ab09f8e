import { Container } from 'inversify';

export const TYPES = { Ninja: Symbol.for('Ninja') };

export class Ninja {
  fight(): string { // @def(fight, "fight")
    return 'cut';
  }
}

const box = new Container();

export function battle() { // @def(battle, "battle")
  box.get<Ninja>(TYPES.Ninja).fight(); // @site(battleTyped, "fight")
  box.get(Ninja).fight(); // @site(battleClass, "fight") @call(battle, fight, battleTyped, battleClass)
  const token = box.get(TYPES.Ninja);
  return token;
}
