/** A proposal's comparisons: each change before and after, and an outdated one's three-way comparison. */
export { ChangeView } from './ChangeView';
export { OutdatedCompare } from './OutdatedCompare';
