/**
 * Bytes per second one file's PUT achieves, from the last few finished uploads. Per file, not for the
 * whole queue: parallel PUTs share the line, and a file's own time is what its URL has to outlast.
 */
export class ThroughputEstimate {
  private readonly samples: Array<{ bytes: number; ms: number }> = [];

  constructor(
    /** Before anything finished: a slow shared uplink (≈ 400 kbit/s), so the first checks err on the safe side. */
    private readonly fallbackBytesPerSecond = 50_000,
    private readonly window = 8,
  ) {}

  record(bytes: number, ms: number): void {
    if (!(bytes > 0) || !(ms > 0)) return;
    this.samples.push({ bytes, ms });
    if (this.samples.length > this.window) this.samples.shift();
  }

  get measured(): boolean {
    return this.samples.length > 0;
  }

  bytesPerSecond(): number {
    if (!this.measured) return this.fallbackBytesPerSecond;
    const bytes = this.samples.reduce((sum, s) => sum + s.bytes, 0);
    const ms = this.samples.reduce((sum, s) => sum + s.ms, 0);
    return (bytes * 1000) / ms;
  }

  /** How long a file of this size should take, in ms. */
  estimateMs(bytes: number): number {
    return (bytes * 1000) / this.bytesPerSecond();
  }
}
