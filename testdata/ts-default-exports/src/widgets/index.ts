export { default as NavLink } from './nav-link';
export { default as money } from './format';
export { slugify as toSlug } from './slug';
