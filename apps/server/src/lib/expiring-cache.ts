export type ExpiringCacheOptions<Value> = {
  ttlMs: number;
  maxEntries: number;
  /** Bound on the sum of `sizeOf` over the entries kept. */
  maxBytes: number;
  /** An estimate of what an entry holds in memory, its key included. */
  sizeOf: (key: string, value: Value) => number;
  now?: () => number;
};

/**
 * A small in-process cache whose entries expire after a fixed time and which never holds more than
 * `maxEntries` entries nor more than `maxBytes` (estimated): the least recently used go first.
 */
export class ExpiringCache<Value> {
  private readonly entries = new Map<string, { value: Value; bytes: number; expiresAt: number }>();
  private bytes = 0;
  private readonly now: () => number;

  constructor(private readonly options: ExpiringCacheOptions<Value>) {
    // Read at each call, not bound once, so a test's fake clock governs it.
    this.now = options.now ?? (() => Date.now());
  }

  get size(): number {
    return this.entries.size;
  }

  /** The estimated bytes the entries hold. */
  get heldBytes(): number {
    return this.bytes;
  }

  get(key: string): Value | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= this.now()) {
      this.bytes -= entry.bytes;
      return undefined;
    }
    // Re-inserted, so a Map's insertion order stays least recently used first.
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: Value): void {
    this.delete(key);
    const bytes = this.options.sizeOf(key, value);
    // An entry larger than the whole cache would only push everything else out.
    if (bytes > this.options.maxBytes) return;
    this.entries.set(key, { value, bytes, expiresAt: this.now() + this.options.ttlMs });
    this.bytes += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.options.maxEntries && this.bytes <= this.options.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.bytes;
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }
}
