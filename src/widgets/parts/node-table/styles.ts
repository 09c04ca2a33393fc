import css from './node-table.css?inline';

/** The node-table part's CSS (cells, actions, cards, review badge), for the manifests of the elements that use it. */
export const styles: readonly string[] = [css];
