// The build's version and variant, logged at start-up (spec §9) by the server and the browser.
// Both are inlined at build time by next.config.ts, so no file is bundled to know them.

export const buildVersion = process.env.NEXT_PUBLIC_BUILD_VERSION ?? 'development';
/** `sem` builds fix the reg-source and change the private-chat tab rule (spec §2.3, §7). */
export const buildVariant: 'standard' | 'sem' = process.env.NEXT_PUBLIC_BUILD_VARIANT === 'sem' ? 'sem' : 'standard';
export const semRegSource = process.env.NEXT_PUBLIC_SEM_REG_SOURCE || 'SEM';
