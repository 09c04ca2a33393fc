/**
 * The edit-conflict dialog's public entry for the host app (docs/architecture/versions.md): the
 * host's own forms (the profile) show the same comparison as the widgets, and its own deletes (the
 * dashboard) the same second question when the record changed since, with their light-DOM styles.
 */
import { installStyles } from '../styles/light-styles';
import { styles } from '../parts/conflict/styles';

installStyles(styles);

export { ConflictDialog, type ConflictField, type FieldChoice } from '../parts/conflict';
export { ChangedSince, type ComparedField } from '../parts/deletion';
