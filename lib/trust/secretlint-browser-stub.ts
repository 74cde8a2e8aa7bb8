/**
 * The secretlint preset as the browser bundle sees it: no rules. The browser never redacts (every
 * result is redacted on the server before it is stored or sent), yet `credentials.ts` reaches the
 * browser through modules it shares with the server; without this stand-in the preset (about 30 KB
 * gzip, and `node:path`) would be bundled for nothing. `next.config.ts` aliases the package to
 * this file for the browser only.
 */
export const rules: readonly never[] = [];
