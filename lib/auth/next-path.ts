/** Where to go after signing in: a path on this host only (never `//other` or a URL), else home. */
export function safeNextPath(raw: string | null | undefined): string {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return '/';
  try {
    const url = new URL(raw, 'http://host.invalid');
    return url.origin === 'http://host.invalid' ? `${url.pathname}${url.search}` : '/';
  } catch {
    return '/';
  }
}
