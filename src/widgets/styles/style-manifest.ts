/**
 * An element's style manifest (src/widgets/<name>/<name>.styles.ts): the CSS of the widget and of
 * every part it uses, each part's sheets taken from its entry (parts/<part>/styles). The one list
 * feeds both the element's shadow root (shadowCss, widget-css.ts) and the host app's page
 * (installStyles, light-styles.ts); styles.test.ts checks that it names every part the widget uses.
 * A sheet two parts share (the file picker's) comes once, where it first appears.
 */
export function styleManifest(...sheets: readonly (string | readonly string[])[]): readonly string[] {
  return [...new Set(sheets.flat())];
}
