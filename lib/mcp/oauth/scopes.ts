import 'server-only';

/** The scopes of a space-separated `scope` value, in order, each once. */
function scopesOf(scope: string | undefined): string[] {
  return [...new Set(scope?.split(' ').filter(Boolean) ?? [])];
}

/**
 * Step-up: a server's `403 insufficient_scope` names the scopes its current operation needs, not all
 * the client holds. Signing in for those alone would lose the others (and the next operation would
 * ask for them back, and so on), so the scopes asked for are the union of those granted so far, those
 * requested before and the new ones, in that order. Undefined when there are none: no `scope` is sent.
 */
export function scopeUnion(...scopes: Array<string | undefined>): string | undefined {
  const all = scopesOf(scopes.join(' '));
  return all.length > 0 ? all.join(' ') : undefined;
}

/**
 * Whether a grant of `granted` lacks any of `wanted`: then a refresh cannot help (a refresh never
 * widens a grant), only a new authorization can. `offline_access` is not counted: it is the refresh
 * token itself, and authorization servers often leave it out of the scope they report.
 */
export function grantLacks(granted: string | undefined, wanted: string | undefined): boolean {
  const held = new Set(scopesOf(granted));
  return scopesOf(wanted).some((scope) => scope !== 'offline_access' && !held.has(scope));
}
