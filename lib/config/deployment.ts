import { sandboxOriginFor } from '../apps/origins';

/**
 * How the host is deployed. `local`: one person on their own machine, listening on loopback, no
 * sign-in. `hosted` (`AUTH_MODE=passkey`): many users behind passkey sign-in. Rules that differ by
 * mode take the mode as an argument, so both are tested. Pure (no `server-only`): the start script
 * imports it outside Next.js.
 */
export type DeploymentMode = 'local' | 'hosted';

type Env = Record<string, string | undefined>;

const AUTH_MODES = ['local', 'passkey'] as const;

export function deploymentMode(env: Env = process.env): DeploymentMode {
  return env.AUTH_MODE?.trim() === 'passkey' ? 'hosted' : 'local';
}

/** True for addresses that only this machine can reach. */
export function isLoopbackBind(address: string): boolean {
  const a = address
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return a === 'localhost' || a === '::1' || /^127(\.\d{1,3}){3}$/.test(a);
}

function isLoopbackHostname(hostname: string): boolean {
  const h = hostname.toLowerCase();
  return isLoopbackBind(h) || h.endsWith('.localhost');
}

/** Why `AUTH_MODE` names no mode the host knows, or undefined (unset or empty is local). */
export function authModeProblem(value: string): string | undefined {
  const mode = value.trim();
  return mode && !(AUTH_MODES as readonly string[]).includes(mode)
    ? `AUTH_MODE="${mode.slice(0, 40)}" is not one of ${AUTH_MODES.join(', ')}.`
    : undefined;
}

/** Why a set `DATABASE_URL` cannot be used, or undefined: in either mode it names PostgreSQL. */
export function databaseUrlProblem(value: string): string | undefined {
  return /^postgres(ql)?:\/\//i.test(value.trim())
    ? undefined
    : 'DATABASE_URL must be a PostgreSQL connection string (postgres://…).';
}

/** The smallest `AUTH_SECRET`: it signs session cookies. */
export const AUTH_SECRET_MIN = 32;

/**
 * What stops the host from starting as configured, one line each, naming the setting.
 * Hosted mode needs PostgreSQL (PGlite is one process's database), a session secret, an
 * HTTPS public origin (plain http only on loopback, for tests) and the operator's sealing key.
 */
export function deploymentProblems(env: Env = process.env): string[] {
  const modeProblem = authModeProblem(env.AUTH_MODE ?? '');
  if (modeProblem) return [modeProblem];
  if (deploymentMode(env) !== 'hosted') return [];
  const problems: string[] = [];
  const database = env.DATABASE_URL?.trim();
  if (!database)
    problems.push('DATABASE_URL is required: hosted mode keeps its data in PostgreSQL (postgres://…).');
  else {
    const problem = databaseUrlProblem(database);
    if (problem) problems.push(problem);
  }
  const secret = env.AUTH_SECRET ?? '';
  if (!secret)
    problems.push(
      `AUTH_SECRET is required: it signs the session cookies (at least ${AUTH_SECRET_MIN} characters, e.g. openssl rand -base64 32).`,
    );
  else if (secret.length < AUTH_SECRET_MIN)
    problems.push(`AUTH_SECRET must be at least ${AUTH_SECRET_MIN} characters (openssl rand -base64 32).`);
  const origin = env.PUBLIC_ORIGIN?.trim();
  if (!origin) problems.push('PUBLIC_ORIGIN is required: the https:// address people open the host at.');
  else {
    let url: URL | null = null;
    try {
      url = new URL(origin);
    } catch {
      problems.push(`PUBLIC_ORIGIN "${origin.slice(0, 100)}" is not a URL.`);
    }
    if (url && url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHostname(url.hostname)))
      problems.push(
        'PUBLIC_ORIGIN must be https:// (plain http only on a loopback name): session cookies and passkeys need a secure origin.',
      );
  }
  if (!env.HOST_KEY)
    problems.push(
      'HOST_KEY is required: the key sealing sensitive tool outputs belongs to the operator (openssl rand -hex 32).',
    );
  return problems;
}

/** The last two labels of a host name: the registrable domain for the common one-label suffixes. */
function lastTwoLabels(hostname: string): string {
  return hostname.toLowerCase().split('.').slice(-2).join('.');
}

/**
 * What the host starts with but the operator should change, one line each. Hosted views run scripts
 * in their sandbox origins: on a subdomain of the chat's own domain a view could set cookies the
 * chat receives (its session cookie is `__Secure-`, which a sibling may set) and the browser would
 * run it in the chat's process. Judged by the last two labels, so a two-label public suffix
 * (`co.uk`) may be named needlessly: a warning, not a refusal.
 */
export function deploymentWarnings(env: Env = process.env): string[] {
  if (deploymentMode(env) !== 'hosted') return [];
  let chat: URL;
  let views: URL;
  try {
    chat = new URL(env.PUBLIC_ORIGIN?.trim() ?? '');
    views = new URL(sandboxOriginFor((env.SANDBOX_ORIGIN ?? '').trim(), 'a0'));
  } catch {
    return [];
  }
  if (isLoopbackHostname(chat.hostname) || isLoopbackHostname(views.hostname)) return [];
  const domain = lastTwoLabels(chat.hostname);
  if (lastTwoLabels(views.hostname) !== domain) return [];
  return [
    `SANDBOX_ORIGIN (${env.SANDBOX_ORIGIN?.trim()}) looks like it shares ${domain} with PUBLIC_ORIGIN: a view could set cookies the chat receives. Put the views on a domain of their own (docs/hosted-mode.md).`,
  ];
}
