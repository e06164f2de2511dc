import { type Clock, systemClock } from './clock.js';

export interface BucketOptions {
  capacity: number;
  refillPerSecond: number;
  clock?: Clock;
}

/** A token bucket: `capacity` tokens, refilled continuously at `refillPerSecond`. */
export class TokenBucket {
  private tokens: number;
  private last: number;
  private readonly clock: Clock;

  constructor(private readonly options: BucketOptions) {
    if (options.capacity <= 0) throw new RangeError('capacity must be positive');
    this.clock = options.clock ?? systemClock;
    this.tokens = options.capacity;
    this.last = this.clock.now();
  }

  private refill(): void {
    const now = this.clock.now();
    const elapsed = (now - this.last) / 1000;
    this.tokens = Math.min(this.options.capacity, this.tokens + elapsed * this.options.refillPerSecond);
    this.last = now;
  }

  tryTake(count = 1): boolean {
    this.refill();
    if (this.tokens < count) return false;
    this.tokens -= count;
    return true;
  }

  available(): number {
    this.refill();
    return Math.floor(this.tokens);
  }
}
