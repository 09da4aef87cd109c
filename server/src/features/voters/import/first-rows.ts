// Which row of a file first held each voter ID, for up to a million IDs without a million
// strings on the JavaScript heap (kept in a Map they grew the import's memory by ~100 MB per
// 300,000 rows): a 53-bit hash of each ID in an open-addressing table of typed arrays.
// Two IDs can share a hash (about once in 18,000 files of a million rows), so a hit is only
// a candidate that the caller confirms.
export class FirstRows {
  private keys = new Float64Array(1 << 16);
  private rows = new Int32Array(1 << 16);
  private count = 0;

  candidate(voterId: string): number | undefined {
    const key = hash53(voterId);
    for (let slot = key % this.keys.length; this.keys[slot] !== 0; slot = (slot + 1) % this.keys.length) {
      if (this.keys[slot] === key) return this.rows[slot];
    }
    return undefined;
  }

  // Keeps the first row given for an ID.
  remember(voterId: string, row: number): void {
    if ((this.count + 1) * 2 > this.keys.length) this.grow();
    if (this.place(hash53(voterId), row)) this.count += 1;
  }

  private place(key: number, row: number): boolean {
    let slot = key % this.keys.length;
    while (this.keys[slot] !== 0) {
      if (this.keys[slot] === key) return false;
      slot = (slot + 1) % this.keys.length;
    }
    this.keys[slot] = key;
    this.rows[slot] = row;
    return true;
  }

  private grow(): void {
    const { keys, rows } = this;
    this.keys = new Float64Array(keys.length * 2);
    this.rows = new Int32Array(rows.length * 2);
    keys.forEach((key, slot) => {
      if (key !== 0) this.place(key, rows[slot] ?? 0);
    });
  }
}

// Two 32-bit FNV-1a style hashes with different primes, joined into an integer of at most
// 53 bits (exact in a double), never 0 (0 marks an empty slot).
export function hash53(text: string): number {
  let high = 0x811c9dc5;
  let low = 0x9747b28c;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    high = Math.imul(high ^ code, 0x01000193);
    low = Math.imul(low ^ code, 0x5bd1e995);
    low ^= low >>> 15;
  }
  const key = (high >>> 0) * 2 ** 21 + ((low >>> 0) >>> 11);
  return key === 0 ? 1 : key;
}
