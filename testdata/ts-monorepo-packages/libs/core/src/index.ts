export { Blacklist } from './lib/blacklist';
