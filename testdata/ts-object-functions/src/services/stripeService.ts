export async function createCustomer(email: string): Promise<string> { // @def(stripeCreate, "createCustomer")
  return email;
}

export default {
  createCustomer,
};
