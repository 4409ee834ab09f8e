export { default as DeepPanel } from './panel';
