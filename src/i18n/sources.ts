/**
 * The registry of text namespaces: every domain's texts module under src/contract/texts, imported
 * for what it declares (defineTexts registers its namespaces). With these loaded,
 * `englishCatalogue()` is the whole `en` catalogue. Used by the catalogue test,
 * scripts/i18n-ids.ts (the element references' id lists) and the browser tests' English-leak
 * check, never by a bundle.
 *
 * Only the lower layer: texts live in src/contract/texts (the server, the widgets and the host
 * read the same modules), so the registry imports nothing of api, machines, ui, widgets or host
 * (eslint.config.js enforces it). A new domain's module (`texts/<domain>.ts`) gets one line here,
 * and its ids translations in catalogues/{de,fr,es}.json (i18n.test.ts names any that are missing).
 */
import '../contract/texts/admin/analytics';
import '../contract/texts/admin/audit';
import '../contract/texts/auth';
import '../contract/texts/admin/backup';
import '../contract/texts/common';
import '../contract/texts/conflicts';
import '../contract/texts/dashboard';
import '../contract/texts/knowledge/discussions';
import '../contract/texts/graph';
import '../contract/texts/history';
import '../contract/texts/imports';
import '../contract/texts/nodes';
import '../contract/texts/presence';
import '../contract/texts/relations';
import '../contract/texts/knowledge/review';
import '../contract/texts/knowledge/review-queue';
import '../contract/texts/knowledge/proposals';
import '../contract/texts/admin/roles';
import '../contract/texts/search';
import '../contract/texts/admin/settings';
import '../contract/texts/shell';
import '../contract/texts/snomed';
import '../contract/texts/admin/terminology';
import '../contract/texts/admin/types';
import '../contract/texts/admin/users';

export { englishCatalogue, isIcuText, textNamespaces, textSources } from '../contract/texts';
