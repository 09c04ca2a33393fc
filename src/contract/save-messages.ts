import { defineTexts } from './texts';
/**
 * Success messages after a save (issue 18 item 8): deletes already say so, saves did not. Zod-free,
 * shared by the host pages and the widgets. Graph edits use the same words (graph-messages.ts).
 */
export const SAVE_MESSAGES = defineTexts('saved', {
  nodeCreated: 'Node created successfully',
  nodeUpdated: 'Node updated successfully',
  relationCreated: 'Relation created successfully',
  relationUpdated: 'Relation updated successfully',
});

export const nodeSavedMessage = (mode: 'create' | 'edit') => (mode === 'create' ? SAVE_MESSAGES.nodeCreated : SAVE_MESSAGES.nodeUpdated);
export const relationSavedMessage = (mode: 'create' | 'edit') => (mode === 'create' ? SAVE_MESSAGES.relationCreated : SAVE_MESSAGES.relationUpdated);
