/**
 * Lists whose server counts matches only up to a cap (the node list beyond 1,000 nodes, the
 * SNOMED catalogue's searches) answer `totalCapped: true`; their total is then a lower bound and
 * reads "more than 1,000". Zod-free: widget code imports it.
 */
export const moreThanText = (total: number) => `more than ${total.toLocaleString('en')}`;

/** The pager's total text: "more than 1,000" when capped, else nothing (the pager shows the number). */
export const cappedTotalText = (total: number, capped: boolean | undefined) => (capped ? moreThanText(total) : undefined);
