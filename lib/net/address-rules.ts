import type { DeploymentMode } from '../config/deployment';

/**
 * Where the host may connect (docs/security.md, "Outbound requests"). Pure: the guard at the I/O edge (guard.ts) asks these
 * rules about the URL's host before connecting and about every address a name resolves to.
 */

/** Who chose the server: the operator (host.config.json, demo servers) or a user over the API. */
export type AddedBy = 'operator' | 'user';

export interface OutboundPolicy {
  mode: DeploymentMode;
  addedBy: AddedBy;
}

export type AddressKind =
  | 'link-local'
  | 'metadata'
  | 'unspecified'
  | 'not-unicast'
  | 'loopback'
  | 'private'
  | 'shared'
  | 'public';

export type Verdict =
  | { ok: true }
  | { ok: false; kind: AddressKind | 'scheme' | 'malformed'; message: string };

export type Ip = { version: 4; bytes: number[] } | { version: 6; bytes: number[] };

const ALWAYS_REFUSED: ReadonlySet<AddressKind> = new Set([
  'link-local',
  'metadata',
  'unspecified',
  'not-unicast',
]);
const LOCAL_NETWORK: ReadonlySet<AddressKind> = new Set(['loopback', 'private', 'shared']);

/** Names that cloud platforms resolve to their instance metadata service. */
const METADATA_NAMES: ReadonlySet<string> = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'metadata.azure.internal',
  'instance-data',
  'instance-data.ec2.internal',
]);

/** Metadata services that do not sit in 169.254.0.0/16 (Alibaba, Azure wire server, AWS over IPv6). */
const METADATA_V4 = ['100.100.100.200', '168.63.129.16'];
const METADATA_V6 = ['fd00:ec2::254'];

function ipv4Part(text: string): number | null {
  if (/^0x[0-9a-f]*$/i.test(text)) return text.length === 2 ? 0 : Number.parseInt(text.slice(2), 16);
  if (/^0[0-7]*$/.test(text)) return Number.parseInt(text, 8);
  if (/^[1-9][0-9]*$/.test(text)) return Number(text);
  return null;
}

/**
 * Every IPv4 spelling that inet_aton and the WHATWG URL parser accept: dotted, decimal
 * (2852039166), hex (0xa9fea9fe), octal (0251.0376.0251.0376) and short forms (169.254.43518).
 */
export function parseIpv4(text: string): number[] | null {
  const parts = text.replace(/\.$/, '').split('.');
  if (parts.length < 1 || parts.length > 4) return null;
  const values: number[] = [];
  for (const part of parts) {
    const value = ipv4Part(part);
    if (value === null || !Number.isSafeInteger(value)) return null;
    values.push(value);
  }
  const last = values.pop() as number;
  if (values.some((v) => v > 255)) return null;
  if (last >= 256 ** (4 - values.length)) return null;
  let n = last;
  values.forEach((v, i) => {
    n += v * 256 ** (3 - i);
  });
  return [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
}

export function parseIpv6(text: string): number[] | null {
  let t = text.replace(/^\[|\]$/g, '').toLowerCase();
  const zone = t.indexOf('%');
  if (zone >= 0) t = t.slice(0, zone);
  const lastColon = t.lastIndexOf(':');
  if (lastColon >= 0 && t.slice(lastColon + 1).includes('.')) {
    const v4 = t.slice(lastColon + 1);
    if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(v4)) return null;
    const [a = 0, b = 0, c = 0, d = 0] = v4.split('.').map(Number);
    if ([a, b, c, d].some((x) => x > 255)) return null;
    t = `${t.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = t.split('::');
  if (halves.length > 2) return null;
  const words = (s: string) => (s === '' ? [] : s.split(':'));
  const head = words(halves[0] ?? '');
  const rest = halves.length === 2 ? words(halves[1] ?? '') : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  const bytes: number[] = [];
  for (const w of all) {
    if (!/^[0-9a-f]{1,4}$/.test(w)) return null;
    const v = Number.parseInt(w, 16);
    bytes.push(v >> 8, v & 255);
  }
  return bytes;
}

/** An IP literal in any spelling, or null for a name. IPv6 may come with brackets and a zone. */
export function parseIp(host: string): Ip | null {
  if (host.includes(':')) {
    const bytes = parseIpv6(host);
    return bytes ? { version: 6, bytes } : null;
  }
  const bytes = parseIpv4(host);
  return bytes ? { version: 4, bytes } : null;
}

const v4Text = (b: number[]) => b.join('.');

function v6Text(b: number[]): string {
  const words: number[] = [];
  for (let i = 0; i < 16; i += 2) words.push(((b[i] as number) << 8) | (b[i + 1] as number));
  let bestStart = -1;
  let bestLength = 0;
  for (let i = 0; i < 8; ) {
    if (words[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && words[j] === 0) j++;
    if (j - i > bestLength && j - i > 1) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = words.map((w) => w.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}

export function ipText(ip: Ip): string {
  return ip.version === 4 ? v4Text(ip.bytes) : v6Text(ip.bytes);
}

const zero = (bytes: number[], from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);

/**
 * The IPv4 address an IPv6 address carries: IPv4-mapped (::ffff:a.b.c.d), IPv4-translated
 * (::ffff:0:a.b.c.d), IPv4-compatible (::a.b.c.d), NAT64 (64:ff9b::/96), 6to4 (2002::/16) and
 * Teredo (2001::/32, client address inverted). A connection to any of them may reach the IPv4 one.
 */
export function embeddedIpv4(b: number[]): { bytes: number[]; form: string } | null {
  const last4 = b.slice(12, 16);
  if (zero(b, 0, 10) && b[10] === 255 && b[11] === 255) return { bytes: last4, form: 'IPv4-mapped' };
  if (zero(b, 0, 8) && b[8] === 255 && b[9] === 255 && zero(b, 10, 12))
    return { bytes: last4, form: 'IPv4-translated' };
  if (zero(b, 0, 12) && !(zero(b, 12, 15) && (b[15] ?? 0) <= 1))
    return { bytes: last4, form: 'IPv4-compatible' };
  if (b[0] === 0 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zero(b, 4, 12))
    return { bytes: last4, form: 'NAT64' };
  if (b[0] === 0x20 && b[1] === 0x02) return { bytes: b.slice(2, 6), form: '6to4' };
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0 && b[3] === 0)
    return { bytes: last4.map((x) => x ^ 255), form: 'Teredo' };
  return null;
}

function classifyV4(b: number[]): AddressKind {
  const [a = 0, c = 0] = b;
  if (METADATA_V4.includes(v4Text(b))) return 'metadata';
  if (a === 169 && c === 254) return 'link-local';
  if (a === 0) return 'unspecified';
  if (a >= 224) return 'not-unicast';
  if (a === 127) return 'loopback';
  if (a === 10 || (a === 172 && c >= 16 && c <= 31) || (a === 192 && c === 168)) return 'private';
  if (a === 100 && c >= 64 && c <= 127) return 'shared';
  return 'public';
}

export interface Classified {
  kind: AddressKind;
  /** The address in its usual spelling, and the IPv4 one it carries if any. */
  text: string;
}

export function classifyIp(ip: Ip): Classified {
  if (ip.version === 4) return { kind: classifyV4(ip.bytes), text: v4Text(ip.bytes) };
  const b = ip.bytes;
  const text = v6Text(b);
  if (zero(b, 0, 16)) return { kind: 'unspecified', text };
  if (zero(b, 0, 15) && b[15] === 1) return { kind: 'loopback', text };
  const inner = embeddedIpv4(b);
  if (inner) {
    const kind = classifyV4(inner.bytes);
    return { kind, text: `${text} (${inner.form} form of ${v4Text(inner.bytes)})` };
  }
  if (METADATA_V6.includes(text)) return { kind: 'metadata', text };
  const [first = 0, second = 0] = b;
  if (first === 0xfe && (second & 0xc0) === 0x80) return { kind: 'link-local', text };
  if (first === 0xff) return { kind: 'not-unicast', text };
  if ((first & 0xfe) === 0xfc || (first === 0xfe && (second & 0xc0) === 0xc0))
    return { kind: 'private', text };
  return { kind: 'public', text };
}

const DESCRIPTION: Record<Exclude<AddressKind, 'public'>, string> = {
  'link-local': 'a link-local address (cloud metadata lives there)',
  metadata: 'a cloud metadata address',
  unspecified: 'an unspecified address (0.0.0.0/8 or ::)',
  'not-unicast': 'a multicast, broadcast or reserved address',
  loopback: 'a loopback address',
  private: 'a private network address',
  shared: 'a shared (carrier-grade NAT) address',
};

function verdictFor({ kind, text }: Classified, policy: OutboundPolicy): Verdict {
  if (kind === 'public') return { ok: true };
  if (ALWAYS_REFUSED.has(kind)) {
    return {
      ok: false,
      kind,
      message: `refused: ${text} is ${DESCRIPTION[kind]}; the host never connects there`,
    };
  }
  if (LOCAL_NETWORK.has(kind) && policy.mode === 'hosted' && policy.addedBy === 'user') {
    return {
      ok: false,
      kind,
      message: `refused: ${text} is ${DESCRIPTION[kind]}; in hosted mode a server added over the API may not reach loopback or private networks (list it in host.config.json instead)`,
    };
  }
  return { ok: true };
}

/** The rule for one resolved or literal address. */
export function checkAddress(address: string | Ip, policy: OutboundPolicy): Verdict {
  const ip = typeof address === 'string' ? parseIp(address) : address;
  if (!ip) return { ok: false, kind: 'unspecified', message: `refused: ${address} is not an IP address` };
  return verdictFor(classifyIp(ip), policy);
}

export type HostCheck = Verdict & { resolve?: boolean };

/**
 * The rule for a URL's host before anything is resolved: IP literals (any spelling) are judged
 * here, metadata names are refused, other names must be resolved and each address checked.
 */
export function checkHost(hostname: string, policy: OutboundPolicy): HostCheck {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  const ip = parseIp(host);
  if (ip) return checkAddress(ip, policy);
  if (METADATA_NAMES.has(host)) {
    return {
      ok: false,
      kind: 'metadata',
      message: `refused: ${host} is a cloud metadata name; the host never connects there`,
    };
  }
  return { ok: true, resolve: true };
}

/** The rule for a whole URL: http or https only, then the host. */
/**
 * A URL the WHATWG parser refuses is refused here too, never left for a later step to guess at:
 * an IPv6 literal with a zone id (`[fe80::1%25eth0]`) names an interface of this machine, which no
 * browser and no fetch of the host can address.
 */
export function parseOutboundUrl(text: string): { ok: true; url: URL } | Exclude<Verdict, { ok: true }> {
  if (URL.canParse(text)) return { ok: true, url: new URL(text) };
  const zone = /^[a-z][a-z0-9+.-]*:\/\/(?:[^/?#@]*@)?\[[^\]]*%/i.test(text);
  return {
    ok: false,
    kind: 'malformed',
    message: zone
      ? 'refused: an IPv6 address with a zone id (%25…) names a network interface of this machine, not a server; use a routable address or a host name'
      : 'refused: this is not a URL the host can connect to',
  };
}

export function checkUrl(url: URL, policy: OutboundPolicy): HostCheck {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, kind: 'scheme', message: `refused: ${url.protocol} URLs are not fetched` };
  }
  return checkHost(url.hostname, policy);
}
