/**
 * Where each SNOMED row id was first seen in a file, so a repeated id is reported instead of
 * silently overwriting the earlier row. A release has 1.6M rows: a Map of
 * strings would hold ~120 MB, so the ids (1–18 digits, checked before) are kept as numbers in an
 * open-addressing table, 12 bytes a slot at most half full. Ids with a leading zero ('042' is not
 * '42': the column is text) are rare and go to a small Map instead.
 */
export class FirstSeen {
  private keys: BigUint64Array;
  private rows: Uint32Array;
  private used = 0;
  private readonly odd = new Map<string, number>();

  constructor(expected: number) {
    let slots = 1024;
    while (slots < expected * 2) slots *= 2;
    this.keys = new BigUint64Array(slots);
    this.rows = new Uint32Array(slots);
  }

  /** The row where `id` was first seen; undefined the first time (and `row` is remembered). */
  firstRow(id: string, row: number): number | undefined {
    if (id.length > 1 && id.startsWith('0')) {
      const earlier = this.odd.get(id);
      if (earlier === undefined) this.odd.set(id, row);
      return earlier;
    }
    if (this.used * 2 >= this.keys.length) this.grow();
    const key = BigInt(id) + 1n; // 0 marks an empty slot
    const at = this.slotOf(key);
    if (this.keys[at] === key) return this.rows[at];
    this.keys[at] = key;
    this.rows[at] = row;
    this.used++;
    return undefined;
  }

  /** Linear probing from a multiplicative hash of the key. */
  private slotOf(key: bigint): number {
    const mask = this.keys.length - 1;
    let at = Number(BigInt.asUintN(32, (key * 0x9e3779b97f4a7c15n) >> 32n)) & mask;
    while (this.keys[at] !== 0n && this.keys[at] !== key) at = (at + 1) & mask;
    return at;
  }

  private grow(): void {
    const { keys, rows } = this;
    this.keys = new BigUint64Array(keys.length * 2);
    this.rows = new Uint32Array(keys.length * 2);
    for (let i = 0; i < keys.length; i++) {
      if (keys[i] === 0n) continue;
      const at = this.slotOf(keys[i]);
      this.keys[at] = keys[i];
      this.rows[at] = rows[i];
    }
  }
}
