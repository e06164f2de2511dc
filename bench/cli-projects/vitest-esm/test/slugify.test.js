import { describe, expect, it } from 'vitest';
import { slugify, uniqueSlug } from '../src/slugify.js';

describe('slugify', () => {
  it('lowercases and joins words', () => {
    expect(slugify('Hello World')).toBe('hello-world');
  });

  it('drops accents and punctuation', () => {
    expect(slugify('Crème brûlée, à la carte!')).toBe('creme-brulee-a-la-carte');
  });

  it('keeps whole words within maxLength', () => {
    expect(slugify('one two three four', { maxLength: 10 })).toBe('one-two');
  });

  it('takes a separator', () => {
    expect(slugify('a b c', { separator: '_' })).toBe('a_b_c');
  });
});

describe('uniqueSlug', () => {
  it('numbers a taken slug', () => {
    expect(uniqueSlug('Post', new Set(['post', 'post-2']))).toBe('post-3');
  });
});
