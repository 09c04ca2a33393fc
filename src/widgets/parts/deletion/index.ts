/** The deletion part: the confirm-delete dialog every list and detail screen drives with its machine. */
export { DeletionDialog, type DeletionDialogProps } from './DeletionDialog';
export { ChangedSince, type ComparedField } from './ChangedSince';
export { styles } from './styles';
