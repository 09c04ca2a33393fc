import files from '../../../ui/files.css?inline';
import { styles as conflict } from '../conflict/styles';
import { styles as deletion } from '../deletion/styles';
import { styles as drafts } from '../drafts/styles';
import { styles as presence } from '../presence/styles';
import { styles as proposals } from '../proposals/styles';
import { styles as snomedConcept } from '../snomed-concept/styles';
import nodeForm from './node-form.css?inline';

/**
 * The node form's CSS: the file picker of its attachments field, its delete confirmation's, the
 * edit-conflict dialog, the co-curation avatars and draft offer, the review notes, then the form's own.
 */
export const styles: readonly string[] = [files, ...deletion, ...conflict, ...drafts, ...presence, ...snomedConcept, ...proposals, nodeForm];
