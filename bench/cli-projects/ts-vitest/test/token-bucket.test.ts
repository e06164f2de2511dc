import { describe, expect, it } from 'vitest';
import { ManualClock } from '../src/clock.js';
import { TokenBucket } from '../src/token-bucket.js';

describe('TokenBucket', () => {
  it('starts full and empties', () => {
    const bucket = new TokenBucket({ capacity: 2, refillPerSecond: 1, clock: new ManualClock() });
    expect(bucket.tryTake()).toBe(true);
    expect(bucket.tryTake()).toBe(true);
    expect(bucket.tryTake()).toBe(false);
  });

  it('refills over time, up to capacity', () => {
    const clock = new ManualClock();
    const bucket = new TokenBucket({ capacity: 3, refillPerSecond: 2, clock });
    bucket.tryTake(3);
    clock.advance(1000);
    expect(bucket.available()).toBe(2);
    clock.advance(10_000);
    expect(bucket.available()).toBe(3);
  });

  it('rejects a zero capacity', () => {
    expect(() => new TokenBucket({ capacity: 0, refillPerSecond: 1 })).toThrow(RangeError);
  });
});
