// Zod-free on purpose: browser bundles read this at run time (no-zod.test.ts beside it says why).

/** A comment's length bound, the same in the form and on the server. */
export const COMMENT_LIMITS = { bodyMax: 4000 } as const;
