import stripeService from '../services/stripeService';

export const adapter = {
  async createCustomer(email: string): Promise<string> { // @def(adapterCreate, "createCustomer") @nocallers(adapterCreate)
    return stripeService.createCustomer(email); // @site(p1, "createCustomer") @call(adapterCreate, stripeCreate, p1)
  },
};
