import evidence from './evidence.css?inline';

/** The evidence part's CSS (the edge popover's list, the node detail's summary). */
export const styles: readonly string[] = [evidence];
