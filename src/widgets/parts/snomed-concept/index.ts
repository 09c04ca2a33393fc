/**
 * The SNOMED concept part: the concept browser (names, path to the root, parents, children,
 * descriptions, replacements) alone or in a dialog, the concept picker of the "descendants of"
 * filters and the search hit's matched synonym / semantic tag / inactive marker. The catalogue,
 * the node form's SNOMED picker, the node detail and the node filters use it.
 */
export { ConceptBrowser, type ConceptBrowserProps } from './ConceptBrowser';
export { ConceptBrowserDialog, type ConceptBrowserDialogProps } from './ConceptBrowserDialog';
export { ConceptHitMeta } from './ConceptHitMeta';
export { ConceptPicker, conceptChoiceLabel, type ConceptChoice, type ConceptPickerProps } from './ConceptPicker';
export { conceptTitle } from './concept-view';
export { styles } from './styles';
