export function listWebhooks(org: string): number { // @def(otherList, "listWebhooks") @nocallers(otherList)
  return org.length;
}
