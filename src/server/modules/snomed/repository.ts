import type { z } from 'zod';
import type { SnomedConcept, SnomedListQuerySchema } from '../../../contract';
import type { Queryable } from '../../db/db';
import { likePattern } from '../../db/rows';

export type SnomedListQuery = z.output<typeof SnomedListQuerySchema>;

const COLUMNS = 'id, concept_id, term, active, effective_time, module_id, language_code, type_id, case_significance_id';
const ORDER: Record<SnomedListQuery['sortBy'], string> = {
  // Row ids are numeric text: order them as numbers.
  id: 'length(id) %s, id %s',
  term: 'lower(term) %s, id %s',
  active: 'active %s, id %s',
};

/** One page of the catalogue: search matches the row id or concept id exactly, or the term as a substring. */
export async function listConcepts(db: Queryable, q: SnomedListQuery): Promise<{ rows: SnomedConcept[]; total: number }> {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const search = q.search?.trim();
  if (search) {
    params.push(search, likePattern(search));
    clauses.push(`(id = $1 OR concept_id = $1 OR term ILIKE $2)`);
  }
  if (q.status) {
    params.push(q.status === 'active');
    clauses.push(`active = $${params.length}`);
  }
  const where = clauses.length ? `WHERE ${clauses.join(' AND ')}` : '';
  const dir = q.sortOrder === 'desc' ? 'DESC' : 'ASC';
  const order = ORDER[q.sortBy].replaceAll('%s', dir);
  const [rows, count] = await Promise.all([
    db.query<SnomedConcept>(`SELECT ${COLUMNS} FROM snomed_concepts ${where} ORDER BY ${order} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [
      ...params,
      q.limit,
      (q.page - 1) * q.limit,
    ]),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM snomed_concepts ${where}`, params),
  ]);
  return { rows, total: count[0].total };
}

export async function deleteConcept(db: Queryable, id: string): Promise<boolean> {
  return (await db.query('DELETE FROM snomed_concepts WHERE id = $1 RETURNING id', [id])).length > 0;
}
