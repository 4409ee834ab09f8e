export { Pill } from './Card';
