export { ManualClock, systemClock, type Clock } from './clock.js';
export { TokenBucket, type BucketOptions } from './token-bucket.js';
export { KeyedLimiter } from './limiter.js';
