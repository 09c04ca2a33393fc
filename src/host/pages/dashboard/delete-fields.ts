import type { KnowledgeNode } from '../../../contract/knowledge/nodes';
import type { Relation } from '../../../contract/knowledge/relations';
import { NODE_FORM_TEXTS } from '../../../contract/texts/nodes';
import { RELATION_TEXTS } from '../../../contract/texts/relations';
import type { DeleteField } from './DeleteDialog';

/** What the delete compares when the node changed since it was listed. */
export function nodeFields(n: KnowledgeNode): DeleteField[] {
  const F = NODE_FORM_TEXTS;
  return [
    { key: 'name', label: F.name, value: n.name },
    { key: 'nodeType', label: F.nodeType, value: n.nodeType ?? '' },
    { key: 'snomedCode', label: F.snomedCode, value: n.snomedCode ?? '' },
    { key: 'url', label: F.url, value: n.url ?? '' },
    { key: 'description', label: F.description, value: n.description ?? '' },
  ];
}

/** What the delete compares when the relation changed since it was listed. */
export function relationFields(r: Relation): DeleteField[] {
  const F = RELATION_TEXTS;
  return [
    { key: 'relationName', label: F.relationName, value: r.relationName ?? '' },
    { key: 'relationType', label: F.relationType, value: r.relationType ?? '' },
    { key: 'weight', label: F.strength, value: String(r.weight ?? '') },
    { key: 'url', label: F.url, value: r.url ?? '' },
    { key: 'description', label: F.description, value: r.description ?? '' },
  ];
}
