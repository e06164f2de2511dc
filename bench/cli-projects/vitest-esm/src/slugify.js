import { stripAccents } from './text.js';

export function slugify(title, { separator = '-', maxLength = 80 } = {}) {
  const words = stripAccents(title)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}${separator}${word}` : word;
    if (next.length > maxLength) break;
    slug = next;
  }
  return slug;
}

export function uniqueSlug(title, taken) {
  const base = slugify(title);
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}
