// A barrel: names re-exported through an index file.
export * from './names';
export { ORDER_REOPENED as REOPENED } from './names';
