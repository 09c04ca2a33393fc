/**
 * Every texts module, imported for what it declares (defineTexts registers its namespace): with
 * these loaded, `englishCatalogue()` is the whole `en` catalogue. Used by the catalogue test and
 * scripts/i18n-ids.mjs (the element references' id lists), never by a bundle.
 *
 * A new screen's texts module (`defineTexts(namespace, { … })`) gets one line here, and its ids
 * translations in catalogues/{de,fr,es}.json (i18n.test.ts names any that are missing).
 */
import '../contract/admin-messages';
import '../contract/analytics-texts';
import '../contract/audit-detail-texts';
import '../contract/audit-log-texts';
import '../contract/backup';
import '../contract/capped-total';
import '../contract/grants';
import '../contract/graph-messages';
import '../contract/history-texts';
import '../contract/identity-text';
import '../contract/import-texts';
import '../contract/import-result-texts';
import '../contract/live-changes';
import '../contract/messages';
import '../contract/node-form-texts';
import '../contract/node-upload-texts';
import '../contract/passwords';
import '../contract/presence';
import '../contract/relation-texts';
import '../contract/relation-upload-button-texts';
import '../contract/relation-upload-texts';
import '../contract/save-messages';
import '../contract/snomed-drift-texts';
import '../contract/type-colors';
import '../host/pages/dashboard/texts';
import '../host/pages/search/texts';
import '../host/pages/settings-texts';
import '../host/shell/nav';
import '../host/shell/shell-texts';
import '../ui/texts';
import '../widgets/analytics/texts';
import '../widgets/graph-explorer/texts';
import '../contract/node-texts';
import '../contract/role-texts';
import '../widgets/sign-in/texts';
import '../contract/type-texts';
import '../contract/user-texts';

export { englishCatalogue, isIcuText, textNamespaces, textSources } from '../contract/texts';
