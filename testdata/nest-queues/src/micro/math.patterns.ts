export const SUM = 'sum';
export enum Topics {
  UserCreated = 'user.created',
}
