import { kgEvent, type KgDomEvents } from '../../../contract/dom-events';

/**
 * The host's screens that decide proposals (the review queue, the graph's popover) say so on the
 * window, as an embedded element's event would reach it: the drawer's badge (ReviewBadge) listens there.
 */
export function announceProposalsDecided(detail: KgDomEvents['kg-proposals-decided']): void {
  window.dispatchEvent(kgEvent('kg-proposals-decided', detail));
}
