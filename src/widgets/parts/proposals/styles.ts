import proposals from './proposals.css?inline';

/** The proposals part's CSS (the "under review" note, the sent notice, a node's pending proposals). */
export const styles: readonly string[] = [proposals];
