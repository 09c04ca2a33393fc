import admin from './admin.css?inline';

/** The admin part's CSS (the screens' header, lists, cards and filters), for the manifests of the elements that use it. */
export const styles: readonly string[] = [admin];
