import { expect, test } from 'vitest';
import { KeyedLimiter, ManualClock } from '../src/index.js';

test('keys have their own buckets', () => {
  const limiter = new KeyedLimiter({ capacity: 1, refillPerSecond: 1, clock: new ManualClock() });
  expect(limiter.allow('a')).toBe(true);
  expect(limiter.allow('a')).toBe(false);
  expect(limiter.allow('b')).toBe(true);
  expect(limiter.size).toBe(2);
});
