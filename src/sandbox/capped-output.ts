/** Default cap per stream (SPEC: 1 MiB). */
export const DEFAULT_OUTPUT_LIMIT = 1024 * 1024;

/**
 * Keeps a stream's first `limit` bytes. Bytes stay bytes until `text()`, so output that is
 * not UTF-8 (or a multi-byte character cut at the cap) becomes replacement characters
 * instead of an exception.
 */
export class CappedOutput {
  private readonly chunks: Buffer[] = [];
  private size = 0;
  exceeded = false;

  constructor(private readonly limit: number) {}

  /** Adds a chunk; returns false once the stream has gone past the cap. */
  push(chunk: Buffer): boolean {
    if (this.exceeded) return false;
    const room = this.limit - this.size;
    if (chunk.length > room) {
      this.chunks.push(chunk.subarray(0, room));
      this.size = this.limit;
      this.exceeded = true;
      return false;
    }
    this.chunks.push(chunk);
    this.size += chunk.length;
    return true;
  }

  text(): string {
    return Buffer.concat(this.chunks).toString("utf8");
  }
}
