export { slugify, uniqueSlug } from './slugify.js';
export { stripAccents, truncateWords } from './text.js';
