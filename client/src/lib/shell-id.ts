/** The id of the element holding a public page's prerendered shell (lib/shell.ts). */
export const SHELL_ID = 'shell';
/** The id of the element holding the consent banner's prerendered shell (lib/shell.ts). */
export const CONSENT_SHELL_ID = 'shell-consent';
/**
 * A shell page's meta tag listing (space-separated) the chunks its head does not preload, which the
 * entry (boot.ts) fetches once the shell has painted (server/src/seo/head-html.ts writes it).
 */
export const APP_CHUNKS_META = 'pq-app-chunks';
