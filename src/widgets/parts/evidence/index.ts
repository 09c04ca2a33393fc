/** The evidence part: a relation's sources, listed in full (the graph's edge popover) or in short (a node's relations). */
export { EvidenceList, EvidenceSource, EvidenceSummary } from './EvidenceList';
export { styles } from './styles';
