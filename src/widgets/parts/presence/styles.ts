import { styles as drafts } from '../drafts/styles';
import presence from './presence.css?inline';

/** The avatars and notices, and the draft offer of the dialogs' co-curation strip (FormCoCuration). */
export const styles: readonly string[] = [...drafts, presence];
