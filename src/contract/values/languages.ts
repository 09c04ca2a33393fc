// Zod-free on purpose: browser bundles read this at run time (no-zod.test.ts beside it says why).

/**
 * The languages a user may choose in Settings; stored on the user (`language`,
 * migration 0024) and sent with the profile. The browser side's catalogues are src/i18n.
 */
export const USER_LANGUAGES = ['en', 'de', 'fr', 'es'] as const;
export type UserLanguage = (typeof USER_LANGUAGES)[number];
