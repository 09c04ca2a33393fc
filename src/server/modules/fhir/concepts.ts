import type { Queryable } from '../../db/db';

/** A CodeSystem concept as indexed in fhir_concepts (one row per code, nesting flattened). */
export interface ConceptRow {
  code: string;
  seq: number;
  display: string | null;
  definition: string | null;
  parentCodes: string[];
  properties: unknown[];
  designations: unknown[];
}

interface ConceptJson {
  code: string;
  display?: string;
  definition?: string;
  designation?: unknown[];
  property?: { code: string; valueCode?: string }[];
  concept?: ConceptJson[];
}

/**
 * The concepts of a (checked) CodeSystem, depth first: a nested concept's parent is the concept it
 * sits in; a `parent` property (the other way R4 states a hierarchy) names parents too.
 */
export function flattenConcepts(concepts: unknown): ConceptRow[] {
  const rows: ConceptRow[] = [];
  const walk = (list: ConceptJson[] | undefined, parent: string | null) => {
    for (const c of list ?? []) {
      const parents = new Set<string>(parent ? [parent] : []);
      for (const p of c.property ?? []) if (p.code === 'parent' && p.valueCode) parents.add(p.valueCode);
      rows.push({ code: c.code, seq: rows.length, display: c.display ?? null, definition: c.definition ?? null, parentCodes: [...parents], properties: c.property ?? [], designations: c.designation ?? [] });
      walk(c.concept, c.code);
    }
  };
  walk(concepts as ConceptJson[] | undefined, null);
  return rows;
}

/** Rows per INSERT: five parameters each, far below PostgreSQL's 65,535 parameters. */
const BATCH = 2000;

/** Replaces a code system's indexed concepts with those of its new content (same transaction as the resource). */
export async function replaceConcepts(tx: Queryable, codeSystemId: string, rows: readonly ConceptRow[]): Promise<void> {
  await tx.query(`DELETE FROM fhir_concepts WHERE code_system_id = $1`, [codeSystemId]);
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    // One JSON parameter per batch, unpacked by the database: a statement's text stays the same size.
    await tx.query(
      `INSERT INTO fhir_concepts (code_system_id, code, seq, display, definition, parent_codes, properties, designations)
       SELECT $1, c.code, c.seq, c.display, c.definition, ARRAY(SELECT jsonb_array_elements_text(c.parents)), c.properties, c.designations
         FROM jsonb_to_recordset($2::jsonb) AS c(code text, seq int, display text, definition text, parents jsonb, properties jsonb, designations jsonb)`,
      [codeSystemId, JSON.stringify(batch.map((r) => ({ code: r.code, seq: r.seq, display: r.display, definition: r.definition, parents: r.parentCodes, properties: r.properties, designations: r.designations })))],
    );
  }
}
