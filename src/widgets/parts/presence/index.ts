export { Presence, PresenceView, initialsOf } from './Presence';
export { ChangedBanner, useChangedUnderneath } from './changed-underneath';
export { usePresence } from '../../hooks/use-presence';
export { FormCoCuration } from './FormCoCuration';
export { styles } from './styles';
