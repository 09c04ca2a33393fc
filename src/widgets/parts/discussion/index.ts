/** Discussions: a node's or relation's comment thread, and the graph popover's comment count. */
export { Discussion, type DiscussionProps } from './Discussion';
export { DiscussionCount } from './DiscussionCount';
export { styles } from './styles';
