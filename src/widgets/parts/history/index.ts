/**
 * The history part: the Details | History tabs of a record's page and the History panel (its own
 * chunk, HistoryPart). The panel's code is loaded by HistoryPart only; this entry never re-exports it.
 */
export { HistoryPart, RecordTabs } from './RecordTabs';
export { styles } from './styles';
