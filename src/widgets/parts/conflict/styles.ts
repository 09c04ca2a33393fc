import css from './conflict.css?inline';

/** The conflict dialog's sheet: the comparison table and the per-field choices. */
export const styles: readonly string[] = [css];
