export { useDraft, draftKey, type Draft, type StoredDraft } from './use-draft';
export { DraftOffer } from './DraftOffer';
export { styles } from './styles';
