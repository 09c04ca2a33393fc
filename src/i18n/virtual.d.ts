/** Compiled catalogues (scripts/build/vite-i18n-catalogues.mjs). */
declare module 'virtual:kg-catalogue/*' {
  import type { Messages } from '@lingui/core';
  const messages: Messages;
  export default messages;
}
