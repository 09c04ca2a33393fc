import type { Queryable } from '../../db/db';

/**
 * The nodes a dry run's earlier batches would have created. A dry run rolls each
 * batch back (checkpoint.ts), so a later batch does not find them in the database; a real upload
 * would skip a later row that collides with one of them (same name and type, or same SNOMED code:
 * the unique indexes nodes_name_type_ci and nodes_snomed_code). Such rows are taken out of the
 * batch before its real statements run, so the counts are the real upload's.
 *
 * Only created nodes count — not every earlier valid row: a row skipped because the database
 * already had a node with its name may carry a SNOMED code no node has, and a later row with that
 * code is then created. The keys are the database's own lower() (which depends on the database's
 * locale, unlike String.toLowerCase), read back from the insert and computed for each batch.
 */
export class CreatedNodeKeys {
  private readonly nameTypes = new Set<string>();
  private readonly codes = new Set<string>();

  /** The positions (0-based) of the batch's rows that collide with a node an earlier batch created. */
  async collisions(tx: Queryable, names: string[], types: string[], codes: (string | null)[]): Promise<Set<number>> {
    const hits = new Set<number>();
    if (this.nameTypes.size === 0) return hits;
    const keys = await tx.query<{ key: string }>(
      `SELECT lower(r.name) || chr(1) || lower(r.type) AS key FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS r(name, type, ord) ORDER BY r.ord`,
      [names, types],
    );
    keys.forEach(({ key }, i) => {
      const code = codes[i];
      if (this.nameTypes.has(key) || (code !== null && this.codes.has(code))) hits.add(i);
    });
    return hits;
  }

  /** Keeps the keys INSERT_NODES_SQL answered for the nodes a batch created. */
  remember(nameTypes: readonly string[] | null, codes: readonly string[] | null): void {
    for (const key of nameTypes ?? []) this.nameTypes.add(key);
    for (const code of codes ?? []) this.codes.add(code);
  }
}
