import { capeRequirements, Requirements } from './inferred';

export function meetsCape(): boolean { // @def(meetsCape, "meetsCape")
  const local = new Requirements().add('x');
  const cape = capeRequirements.check(); // @site(c1, "check")
  return cape && local.check(); // @site(c2, "check") @call(meetsCape, reqCheck, c1, c2)
}
