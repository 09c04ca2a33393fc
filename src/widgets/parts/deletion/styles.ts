import { styles as conflict } from '../conflict/styles';

/**
 * The confirm dialog is src/ui's (its styles are the widget base's); a delete asked again after a
 * change shows the conflict part's comparison table.
 */
export const styles: readonly string[] = [...conflict];
