import { ListProducts, ListUnits } from './usecases';

// @module(testFile)

describe('ListProducts', () => {
  it('lists', () => {
    const uc = new ListProducts();
    uc.execute(); // @site(p1, "execute") @call(testFile, productsExecute, p1)
  });
});

describe('ListUnits', () => {
  it('lists', () => {
    const uc = new ListUnits();
    uc.execute(); // @site(u1, "execute")
  });

  it('filters', () => {
    const uc = new ListUnits();
    if (uc) {
      uc.execute('a'); // @site(u2, "execute") @call(testFile, unitsExecute, u1, u2)
    }
  });
});
