/**
 * The node-table part: a table of nodes built from a column list (name, type chip, SNOMED code,
 * description, dates, actions), the actions as buttons or a menu, the node list's cards and the
 * SNOMED review badge. The node manager's list and the host's dashboard (through the node
 * manager's entry) draw their nodes with it.
 */
export { NodeTable, NodeName, NodeTypeChip, NODE_SORT_VALUES, type NodeColumnKey, type NodeTableProps } from './NodeTable';
export { NodeActions, type NodeAction, type NodeActionsProps } from './NodeActions';
export { NodeCards, type NodeCardsProps } from './NodeCards';
export { SnomedDriftBadge } from './SnomedDriftBadge';
export { styles } from './styles';
