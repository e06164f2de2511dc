import { TokenBucket, type BucketOptions } from './token-bucket.js';

/** One bucket per key (a user, an IP), made on first use. */
export class KeyedLimiter {
  private readonly buckets = new Map<string, TokenBucket>();

  constructor(private readonly options: BucketOptions) {}

  allow(key: string, cost = 1): boolean {
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = new TokenBucket(this.options);
      this.buckets.set(key, bucket);
    }
    return bucket.tryTake(cost);
  }

  get size(): number {
    return this.buckets.size;
  }
}
