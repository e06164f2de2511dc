import { expect, test } from 'vitest';
import { stripAccents, truncateWords } from '../src/text.js';

test('stripAccents', () => {
  expect(stripAccents('Ångström')).toBe('Angstrom');
});

test('truncateWords', () => {
  expect(truncateWords('a b c d', 2)).toBe('a b…');
  expect(truncateWords('  a  b ', 5)).toBe('a b');
});
