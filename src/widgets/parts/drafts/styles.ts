import drafts from './drafts.css?inline';

/** The draft offer's CSS. */
export const styles: readonly string[] = [drafts];
