import { defineTexts, icu } from '../define';

/** Discussions: the comment thread on a node or relation (node detail, relation form, graph popover). */
export const DISCUSSION_TEXTS = defineTexts('discussion', {
  title: 'Discussion',
  count: icu(['count'], (count: number) => `${count.toLocaleString('en')} ${count === 1 ? 'comment' : 'comments'}`, '{count, plural, one {# comment} other {# comments}}'),
  open: 'Open discussion',
  empty: 'No comments yet. Start the discussion.',
  placeholder: 'Write a comment…',
  label: 'Comment',
  post: 'Post',
  save: 'Save',
  cancel: 'Cancel',
  edit: 'Edit',
  delete: 'Delete',
  deleteQuestion: 'Delete this comment?',
  edited: 'edited',
  deletedUser: 'deleted user',
  tooLong: icu(['max'], (max: number) => `A comment must be ${max.toLocaleString('en')} characters or less`, 'A comment must be {max, number} characters or less'),
  loadFailed: 'Failed to load the discussion',
  saveFailed: 'Failed to save the comment',
  deleteFailed: 'Failed to delete the comment',
  retry: 'Retry',
  readOnly: 'Sign in with a role that may read this record to join the discussion.',
});

/** What the comment routes answer when they refuse (English; the client localises declared texts). */
export const DISCUSSION_MESSAGES = defineTexts('discussion.messages', {
  notFound: 'Comment not found',
  empty: 'A comment must not be empty',
  tooLong: 'A comment must be 4,000 characters or less',
  notAuthor: 'Only the author can edit a comment',
  cannotDelete: "Only the author, or someone who may delete the record, can delete a comment",
});
