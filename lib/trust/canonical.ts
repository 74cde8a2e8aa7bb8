/**
 * Canonical JSON: object keys sorted, no whitespace, so the same call always serialises the same way.
 * Used to bind an approval or a passkey challenge to one exact call (server, tool, arguments).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) return 'null';
    return JSON.stringify(value) ?? 'null';
  }
  if (Array.isArray(value))
    return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** The canonical description of a call that approvals and passkey challenges are bound to. */
export function callBinding(serverId: string, toolName: string, args: unknown): string {
  return canonicalJson({ server: serverId, tool: toolName, arguments: args ?? {} });
}
