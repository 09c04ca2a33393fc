/**
 * kg-snomed-admin's public entry for the host app: the component and the light-DOM styles it needs
 * (the same sheets snomed-admin.styles.ts inlines into the element's shadow root).
 */
import '../../ui/controls.css';
import '../../ui/files.css';
import '../admin.css';
import '../node-upload/node-upload.css';
import './snomed-admin.css';

export { SnomedAdmin, type SnomedAdminProps } from './SnomedAdmin';
