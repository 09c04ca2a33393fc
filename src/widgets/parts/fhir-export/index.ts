/** The FHIR export part: a button that downloads the graph (or a type of it) as a FHIR JSON resource. */
export { FhirExportButton, type FhirExportButtonProps } from './FhirExportButton';
export { styles } from './styles';
