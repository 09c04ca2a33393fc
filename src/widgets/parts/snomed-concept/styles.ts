import css from './snomed-concept.css?inline';

/** The concept part's CSS (browser, dialog, hit markers), for the manifests of the elements that use it. */
export const styles: readonly string[] = [css];
