/**
 * The edit-conflict dialog's public entry for the host app (docs/architecture/versions.md): the
 * host's own forms (the profile) show the same comparison as the widgets, with its light-DOM styles.
 */
import { installStyles } from '../styles/light-styles';
import { styles } from '../parts/conflict/styles';

installStyles(styles);

export { ConflictDialog, type ConflictField, type FieldChoice } from '../parts/conflict';
