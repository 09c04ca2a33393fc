/**
 * The snomed-import part: the Import SNOMED CT button (kg-node-manager's list) and the import flow
 * behind it (kg-snomed-admin's Import). The flow, its dialogs and their CSS load on first use: this
 * entry hands out a loader, never the flow itself, so importing the button keeps them out.
 */
export { SnomedImportButton } from './SnomedImportButton';
export type { SnomedImportFlowProps } from './SnomedImportFlow';
export const loadSnomedImportFlow = () => import('./SnomedImportFlow');
export { styles } from './styles';
