export enum SharedEvents {
  Archived = 'orders.archived',
}
export const ORDER_REOPENED = 'orders.reopened';
