/**
 * The host app's side of an element's style manifest: a widget's entry (src/widgets/<name>/index.ts)
 * puts the sheets of its manifest into the page once, in the manifest's order, as the element puts
 * them into its shadow root. A sheet two widgets share goes in once (the first entry that loads).
 */
const installed = new Set<string>();

export function installStyles(sheets: readonly string[]): void {
  if (typeof document === 'undefined') return;
  for (const css of sheets) {
    if (!css || installed.has(css)) continue;
    installed.add(css);
    const style = document.createElement('style');
    style.dataset.kgWidgetStyles = '';
    style.textContent = css;
    document.head.append(style);
  }
}
