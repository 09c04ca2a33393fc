import type { TaxonomyType } from '../../../contract/knowledge/taxonomy';
import { TYPE_PALETTE } from '../../../contract/knowledge/type-colors';

/**
 * The colour a new node type is offered: the least-used palette colour, first in palette order —
 * the same rule the database applies to a type created without one (migration 0010).
 */
export function nextPaletteColor(types: readonly Pick<TaxonomyType, 'color'>[]): string {
  const used = new Map<string, number>();
  for (const t of types) if (t.color) used.set(t.color.toLowerCase(), (used.get(t.color.toLowerCase()) ?? 0) + 1);
  let best: string = TYPE_PALETTE[0];
  for (const c of TYPE_PALETTE) if ((used.get(c) ?? 0) < (used.get(best) ?? 0)) best = c;
  return best;
}
