import history from './history.css?inline';

/** The history part's CSS (tabs, panel, restore dialog). */
export const styles: readonly string[] = [history];
