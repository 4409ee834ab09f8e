import { DeepPanel } from '../deep';

export function Deep() { // @def(deep, "Deep")
  return <DeepPanel />; // @site(d1, "DeepPanel") @call(deep, deepPanel, d1)
}
