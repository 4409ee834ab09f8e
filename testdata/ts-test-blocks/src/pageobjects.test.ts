import { MultiPO } from './pageobjects';

// @module(poTests)
describe('explore', () => {
  it('shows anomalies', async () => {
    const explorePO = new MultiPO();
    const simplePO = explorePO.simple;
    const first = await simplePO.getAnomalyMap(); // @site(a1, "getAnomalyMap") @call(poTests, getAnomalyMap, a1)
    return first;
  });
});
