import { Label, Block } from '../shared/labels';
import * as labels from '../shared/labels';

export function Labels() { // @def(labelsPage, "Labels")
  const a = Label({ text: 'a' }); // @site(callLabel, "Label")
  const b = <Label text="b" />; // @site(jsxLabel, "Label")
  const c = labels.Label({ text: 'c' }); // @site(nsLabel, "Label") @call(labelsPage, chip, callLabel, jsxLabel, nsLabel)
  const d = Block({ n: 1 }); // @site(callBlock, "Block") @call(labelsPage, tile, callBlock)
  return [a, b, c, d];
}
