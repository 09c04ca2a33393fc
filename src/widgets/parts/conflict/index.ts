/** The shared edit-conflict dialog (docs/architecture/versions.md). */
export { ConflictDialog, changedByText, type ConflictDialogProps, type ConflictField, type FieldChoice } from './ConflictDialog';
export { useEditConflict, type EditConflictState } from './use-edit-conflict';
export { styles } from './styles';
