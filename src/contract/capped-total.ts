/**
 * Lists whose server counts matches only up to a cap (the node list beyond 1,000 nodes, the
 * SNOMED catalogue's searches) answer `totalCapped: true`; their total is then a lower bound and
 * reads "more than 1,000". Zod-free: widget code imports it.
 */
import { defineTexts, icu } from './texts';

export const CAPPED_TOTAL_TEXTS = defineTexts('cappedTotal', {
  moreThan: icu(['total'], (total: number) => `more than ${total.toLocaleString('en')}`, 'more than {total, number}'),
});
export const moreThanText = (total: number) => CAPPED_TOTAL_TEXTS.moreThan(total);

/** The pager's total text: "more than 1,000" when capped, else nothing (the pager shows the number). */
export const cappedTotalText = (total: number, capped: boolean | undefined) => (capped ? moreThanText(total) : undefined);
