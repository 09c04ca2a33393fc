import { styles as conflict } from '../conflict/styles';
import css from './admin-conflict.css?inline';

/** The edit-conflict dialog's sheet and the stale-delete note's. */
export const styles: readonly string[] = [...conflict, css];
