/** Declared CSP domains of a UI resource (`_meta.ui.csp`, MCP Apps). */
export interface ResourceCsp {
  connectDomains?: string[];
  resourceDomains?: string[];
  frameDomains?: string[];
  baseUriDomains?: string[];
}

const FIELDS = ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const;
const SOURCE = /^(https?|wss?):\/\/(\*\.)?[A-Za-z0-9.-]+(:\d{1,5}|:\*)?(\/[A-Za-z0-9._~%!$&()*+,=:@/-]*)?$/;

/**
 * Keeps only plain origins (optionally with a `*.` subdomain wildcard, a port, a path). Entries with
 * `;`, quotes, whitespace, line breaks or keywords are dropped, so a domain list cannot inject a
 * directive (docs/security.md, "View isolation"). At most 20 per list.
 */
export function cleanCsp(raw: unknown): { csp: ResourceCsp; dropped: string[] } {
  const csp: ResourceCsp = {};
  const dropped: string[] = [];
  if (!raw || typeof raw !== 'object') return { csp, dropped };
  for (const field of FIELDS) {
    const list = (raw as Record<string, unknown>)[field];
    if (!Array.isArray(list)) continue;
    const kept: string[] = [];
    for (const entry of list) {
      if (typeof entry === 'string' && entry.length <= 253 && SOURCE.test(entry) && kept.length < 20)
        kept.push(entry);
      else dropped.push(String(entry).slice(0, 80));
    }
    if (kept.length > 0) csp[field] = kept;
  }
  return { csp, dropped };
}

/**
 * The Content-Security-Policy of the sandbox proxy document (and so of the view it writes into its
 * inner frame). Restrictive when nothing is declared: no connections, no frames, nothing remote.
 * `frame-ancestors` lets only the host frame the proxy.
 */
export function buildCsp(csp: ResourceCsp, hostOrigin: string): string {
  const resources = (csp.resourceDomains ?? []).join(' ');
  const withResources = (base: string) => (resources ? `${base} ${resources}` : base);
  const directives = [
    "default-src 'none'",
    `script-src ${withResources("'self' 'unsafe-inline'")}`,
    `style-src ${withResources("'self' 'unsafe-inline'")}`,
    `img-src ${withResources("'self' data: blob:")}`,
    `font-src ${withResources("'self' data:")}`,
    `media-src ${withResources("'self' data: blob:")}`,
    `connect-src ${csp.connectDomains?.length ? csp.connectDomains.join(' ') : "'none'"}`,
    `frame-src ${csp.frameDomains?.length ? csp.frameDomains.join(' ') : "'none'"}`,
    `base-uri ${csp.baseUriDomains?.length ? csp.baseUriDomains.join(' ') : "'self'"}`,
    "object-src 'none'",
    "form-action 'none'",
    `frame-ancestors ${hostOrigin}`,
  ];
  return directives.join('; ');
}
