/**
 * Work run one piece at a time, in the order given: for a server that answers one request at a
 * time. A piece that fails rejects its own promise only; the next one still runs.
 */
export class InTurn {
  private last: Promise<unknown> = Promise.resolve();

  run<T>(work: () => Promise<T>): Promise<T> {
    const next = this.last.then(work);
    this.last = next.catch(() => undefined);
    return next;
  }

  /** Resolves once every piece given so far has ended, however it ended. */
  async idle(): Promise<void> {
    await this.last;
  }
}
