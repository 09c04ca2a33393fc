/**
 * The widgets' shared kit for the host app: the hooks and helpers the app's own pages and shell
 * use the same way the widgets do. The host imports widgets only through this file, a widget's
 * public entry (src/widgets/<name>/index.ts: its component and styles) and a widget's texts
 * (src/widgets/<name>/texts.ts: the labels the shell's navigation shows without loading the widget);
 * eslint.config.js enforces it. Nothing here has styles, so importing it never pulls CSS.
 */
export { formatDate, formatTime } from './format';
export { lazyPart, type LazyPart } from './element/lazy-part';
export { ShellTitleContext, useTitleInShell } from './shell-title';
export { forgetUnsavedChanges, hasUnsavedChanges, sameFormValues, useUnsavedChanges } from './unsaved-changes';
export { useLiveChanges } from './hooks/use-live-changes';
export { useLoad, type Loaded, type LoadStatus } from './hooks/use-load';
export { useOnChange } from './hooks/use-on-change';
export { useToast } from './hooks/use-toast';
export { changeSummary } from './parts/proposals/summary';
