import { Pill } from '../shared/Card';
import * as shared from '../shared/Card';
import { Pill as Tag } from '../shared';

export function Badges() { // @def(badges, "Badges")
  const a = Pill({ text: 'a' }); // @site(callPill, "Pill")
  const b = <Pill text="b" />; // @site(jsxPill, "Pill")
  const c = shared.Pill({ text: 'c' }); // @site(nsPill, "Pill")
  const d = shared.Card({ title: 'd' });
  const e = Tag({ text: 'e' }); // @site(barrelPill, "Tag") @call(badges, badge, callPill, jsxPill, nsPill, barrelPill)
  return [a, b, c, d, e];
}
