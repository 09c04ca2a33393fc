import discussion from './discussion.css?inline';

/** The discussion part's CSS (thread, form, popover count). */
export const styles: readonly string[] = [discussion];
