import type { TaxonomyKind } from '../../knowledge/taxonomy';
import { LIMITS, tooLongMessage } from '../../limits';
import { defineTexts, icu } from '../define';

/**
 * Texts of Node Type Management and Relation Type Management (spec §2, §5, §8); the spec's own
 * words where it gives them. Zod-free (the contract's taxonomy.ts imports zod; only its types are used).
 */
export interface TypeTexts {
  title: string;
  subtitle: string;
  search: string;
  searchPlaceholder: string;
  refresh: string;
  add: string;
  listLabel: string;
  /** The search region's accessible name. */
  searchRegion: string;
  loading: string;
  noTypes: string;
  noMatches: string;
  readOnly: string;
  denied: string;
  signIn: string;
  retry: string;
  colName: string;
  colCreated: string;
  colCreatedBy: string;
  colActions: string;

  createTitle: string;
  editTitle: string;
  field: string;
  nameTooLong: string;
  color: string;
  colorCustom: string;
  colorHint: string;
  save: string;
  saving: string;
  cancel: string;
  saveFailed: string;

  deleteTitle: string;
  deleteWarning: string;
  deleteButton: string;
  deleting: string;
  deleteFailed: string;
  /** Follows the type's name in the delete dialog ("Drug is used by 3 nodes; …"). */
  inUse: (count: number) => string;

  loadFailed: string;
  created: string;
  updated: string;
  deleted: string;

  /** "12 nodes", "1 relation", "Unused". */
  usage: (count: number) => string;
  editLabel: (name: string) => string;
  deleteLabel: (name: string) => string;
}

function texts(kind: TaxonomyKind): TypeTexts {
  const Kind = kind === 'node' ? 'Node' : 'Relation';
  const thing = kind; // 'node' | 'relation': what uses a type
  const things = `${kind}s`;
  const plural = (n: number) => `${n} ${n === 1 ? thing : things}`;
  // Message ids nodeTypes.* and relationTypes.*: one namespace per screen.
  return defineTexts(`${kind}Types`, {
    title: `${Kind} Type Management`,
    subtitle: `Define and manage the types of ${things} in your knowledge graph.`,
    search: 'Search',
    searchPlaceholder: `Search ${kind} types...`,
    refresh: 'Refresh',
    add: `Add ${Kind} Type`,
    listLabel: `${Kind} types`,
    searchRegion: `Search ${kind} types`,
    loading: `Loading ${kind} types`,
    noTypes: `No ${kind} types yet`,
    noMatches: `No ${kind} types match your search`,
    readOnly: `Only administrators can add, edit or delete ${kind} types.`,
    denied: `You do not have permission to view ${kind} types.`,
    signIn: `Sign in to manage ${kind} types.`,
    retry: 'Retry',
    colName: 'Name',
    colCreated: 'Created Date',
    colCreatedBy: 'Created By',
    colActions: 'Actions',

    createTitle: `Add ${Kind} Type`,
    editTitle: `Edit ${Kind} Type`,
    field: `${Kind} Type Name`,
    nameTooLong: tooLongMessage('Name', LIMITS.nameMaxLength),
    color: 'Colour',
    colorCustom: 'Custom colour',
    colorHint: 'Used for this type in lists, cards, search and the graph.',
    save: 'Save',
    saving: 'Saving...',
    cancel: 'Cancel',
    saveFailed: `Failed to save ${kind} type.`,

    deleteTitle: `Delete ${Kind} Type`,
    deleteWarning: `Warning: This action cannot be undone. Deleting a ${kind} type may affect existing ${things}.`,
    deleteButton: 'Delete',
    deleting: 'Deleting...',
    deleteFailed: `Failed to delete ${kind} type.`,
    inUse: icu(
      ['count'],
      (n: number) => (n === 0 ? `is not used by any ${thing}.` : `is used by ${plural(n)}; a ${kind} type in use cannot be deleted.`),
      `{count, plural, =0 {is not used by any ${thing}.} one {is used by # ${thing}; a ${kind} type in use cannot be deleted.} other {is used by # ${things}; a ${kind} type in use cannot be deleted.}}`,
    ),

    loadFailed: `Failed to load ${kind} types.`,
    created: `${Kind} type created successfully`,
    updated: `${Kind} type updated successfully`,
    deleted: `${Kind} type deleted successfully`,

    usage: icu(['count'], (n: number) => (n === 0 ? 'Unused' : plural(n)), `{count, plural, =0 {Unused} one {# ${thing}} other {# ${things}}}`),
    editLabel: icu(['name'], (name: string) => `Edit ${name}`),
    deleteLabel: icu(['name'], (name: string) => `Delete ${name}`),
  });
}

export const TYPE_TEXTS: Record<TaxonomyKind, TypeTexts> = { node: texts('node'), relation: texts('relation') };

export const TYPE_COLOR_MESSAGES = defineTexts('typeColors', {
  invalid: 'Colour must be a hex colour like #2f6db3',
});
