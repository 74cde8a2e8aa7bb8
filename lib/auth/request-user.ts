/**
 * Hosted mode: the proxy (proxy.ts) checks the sign-in session once per request and hands the user
 * to the routes in these request headers. It deletes them from every incoming request first, so no
 * client can name a user; `currentUser` trusts nothing else. Pure: the proxy and the routes share it.
 */
export const USER_ID_HEADER = 'x-mcplet-user-id';
export const USER_NAME_HEADER = 'x-mcplet-user-name';

/** Paths a signed-out request may reach in hosted mode: sign-in itself, health, and public files. */
export function isSignedOutPath(path: string): boolean {
  return (
    path === '/sign-in' ||
    path.startsWith('/api/auth/') ||
    path === '/healthz' ||
    path === '/readyz' ||
    path.startsWith('/_next/') ||
    path === '/oauth/client-metadata.json' ||
    path === '/manifest.webmanifest' ||
    /^\/(favicon\.(svg|ico)|apple-touch-icon\.png|icon-[\w-]+\.png)$/.test(path)
  );
}
