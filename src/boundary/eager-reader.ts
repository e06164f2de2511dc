/**
 * Reads an async iterable as fast as it produces, into a buffer the consumer drains at its
 * own pace. A LangGraph stream that errors (as it does when the boundary aborts a run)
 * drops the chunks it still holds; read eagerly, none are lost, and the error comes after
 * the last of them.
 */
export class EagerReader<T> {
  private readonly buffer: T[] = [];
  private finished = false;
  private failure: { error: unknown } | undefined;
  private wake: (() => void) | undefined;
  private readonly iterator: AsyncIterator<T>;
  private readonly pumping: Promise<void>;

  constructor(source: AsyncIterable<T>) {
    this.iterator = source[Symbol.asyncIterator]();
    this.pumping = this.pump();
  }

  /** The next chunk; rejects with the source's error once the chunks before it are read. */
  async next(): Promise<IteratorResult<T, undefined>> {
    for (;;) {
      if (this.buffer.length > 0) return { done: false, value: this.buffer.shift() as T };
      if (this.finished) {
        if (this.failure !== undefined) throw this.failure.error;
        return { done: true, value: undefined };
      }
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  /** Stops reading early (the consumer went away): the source is told to stop. */
  async close(): Promise<void> {
    if (!this.finished) {
      this.finished = true;
      await this.iterator.return?.();
    }
    await this.pumping;
  }

  private async pump(): Promise<void> {
    try {
      for (let item = await this.iterator.next(); !item.done && !this.finished; item = await this.iterator.next()) {
        this.buffer.push(item.value);
        this.notify();
      }
    } catch (error) {
      if (!this.finished) this.failure = { error };
    } finally {
      this.finished = true;
      this.notify();
    }
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}
