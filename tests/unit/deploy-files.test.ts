import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { deploymentProblems, deploymentWarnings } from '../../lib/config/deployment';
import { parseHostConfig } from '../../lib/config/host-config';
import { HOST_NODE_VERSION } from '../../lib/config/host-node';

// This machine has no Docker engine, so the deployment's files are checked against what the host
// itself requires and reads, and the proxy's Caddyfile against Caddy (Debian's, which .ci/run
// installs); the hosted e2e host runs the container's command (scripts/start.ts on a build).
interface Mount {
  type?: string;
  source?: string;
  target?: string;
  read_only?: boolean;
  bind?: { create_host_path?: boolean };
}
interface Service {
  build?: unknown;
  ports?: string[];
  environment?: Record<string, string | null>;
  depends_on?: Record<string, unknown> | string[];
  volumes?: Array<string | Mount>;
  networks?: string[];
}
const compose = parse(readFileSync('compose.yaml', 'utf8')) as {
  services: Record<string, Service>;
  networks: Record<string, { internal?: boolean } | null>;
};
const app = compose.services.app ?? {};
const proxy = compose.services.proxy ?? {};
const appEnv = app.environment ?? {};
const proxyEnv = proxy.environment ?? {};
const dockerfile = readFileSync('Dockerfile', 'utf8');
const caddyDockerfile = readFileSync('deploy/caddy.Dockerfile', 'utf8');
const caddyfile = readFileSync('deploy/Caddyfile', 'utf8');
const envExample = readFileSync('deploy/env.example', 'utf8');

/** `${NAME:?message}` and `${NAME:-default}` as compose would expand them, with `values` for NAME. */
function expand(value: string, values: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::[?-][^}]*)?\}/g, (_m, name: string) => values[name] ?? '');
}

const OPERATOR = {
  CHAT_DOMAIN: 'chat.example.com',
  VIEWS_DOMAIN: 'views.example.net',
  ACME_EMAIL: 'ops@example.com',
  CLOUDFLARE_API_TOKEN: 'cf-token',
  AUTH_SECRET: 's'.repeat(44),
  HOST_KEY: 'a'.repeat(64),
};

/** The app's environment as compose would hand it over, pass-through settings left out. */
function appEnvironment(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(appEnv)
      .filter((entry): entry is [string, string] => entry[1] !== null)
      .map(([k, v]) => [k, expand(String(v), values)]),
  );
}

/**
 * Every model setting the host reads, from the code that reads it: `env.X` in the provider choice
 * and `intFromEnv('X', …)` in the call settings. A setting added there and not passed on by
 * compose.yaml fails here.
 */
function modelSettings(): string[] {
  const providers = readFileSync('lib/llm/providers.ts', 'utf8');
  const settings = readFileSync('lib/llm/settings.ts', 'utf8');
  return [
    ...new Set([
      ...[...providers.matchAll(/\benv\.([A-Z][A-Z0-9_]+)/g)].map((m) => m[1] ?? ''),
      ...[...settings.matchAll(/intFromEnv\('([A-Z][A-Z0-9_]+)'/g)].map((m) => m[1] ?? ''),
    ]),
  ].sort();
}

/** The Caddyfile's top-level blocks: the address line (before `{`) → the block's lines. */
function caddyBlocks(text: string): Map<string, string[]> {
  const blocks = new Map<string, string[]>();
  let depth = 0;
  let current: string[] | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/(^|\s)#.*$/, '').trim();
    if (!line) continue;
    if (depth === 0 && line.endsWith('{')) {
      current = [];
      blocks.set(line.slice(0, -1).trim(), current);
    } else if (depth > 0 && !(depth === 1 && line === '}')) current?.push(line);
    // `{$VAR}` and `{env.VAR}` open and close on one line: only block braces change the depth.
    depth += (line.match(/\{/g)?.length ?? 0) - (line.match(/\}/g)?.length ?? 0);
  }
  return blocks;
}

describe('the Dockerfile and compose file of a hosted deployment', () => {
  it('runs the proxy, app, PostgreSQL and Redis, the app in hosted mode on both', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['app', 'db', 'proxy', 'redis']);
    expect(appEnv.AUTH_MODE).toBe('passkey');
    expect(appEnv.DATABASE_URL).toMatch(/^postgres:\/\/.+@db:5432\//);
    expect(appEnv.REDIS_URL).toBe('redis://redis:6379');
    expect(Object.keys(app.depends_on ?? {}).sort()).toEqual(['db', 'redis']);
  });

  it('only the proxy publishes ports (80 and 443); PostgreSQL and Redis sit on a network with no way out', () => {
    const publishing = Object.entries(compose.services)
      .filter(([, service]) => (service.ports ?? []).length > 0)
      .map(([name]) => name);
    expect(publishing).toEqual(['proxy']);
    expect((proxy.ports ?? []).map((p) => p.split(':')[0]).sort()).toEqual(['443', '443', '80']);
    expect(compose.networks.internal?.internal).toBe(true);
    expect(compose.services.db?.networks).toEqual(['internal']);
    expect(compose.services.redis?.networks).toEqual(['internal']);
    expect(proxy.networks).not.toContain('internal');
    // The app reaches the databases on `internal`, and the proxy, model providers and remote MCP
    // servers on `edge` (an internal network has no route out).
    expect([...(app.networks ?? [])].sort()).toEqual(['edge', 'internal']);
    expect(compose.networks.edge?.internal).not.toBe(true);
  });

  it('refuses to come up without the secrets and names, and with them passes the start check', () => {
    for (const name of ['AUTH_SECRET', 'HOST_KEY'])
      expect(appEnv[name], name).toMatch(new RegExp(`^\\$\\{${name}:\\?`));
    expect(appEnv.PUBLIC_ORIGIN).toMatch(/^https:\/\/\$\{CHAT_DOMAIN:\?/);
    expect(appEnv.SANDBOX_ORIGIN).toMatch(/^https:\/\/\{server\}\.\$\{VIEWS_DOMAIN:\?/);
    const env = appEnvironment(OPERATOR);
    expect(env.PUBLIC_ORIGIN).toBe('https://chat.example.com');
    expect(env.SANDBOX_ORIGIN).toBe('https://{server}.views.example.net');
    expect(deploymentProblems(env)).toEqual([]);
    expect(deploymentWarnings(env)).toEqual([]);
    expect(deploymentProblems({ ...env, HOST_KEY: undefined })).toEqual([
      expect.stringMatching(/^HOST_KEY is required/),
    ]);
  });

  it('passes on every model setting the host reads, unset when the operator left it out', () => {
    const settings = modelSettings();
    expect(settings).toEqual(expect.arrayContaining(['LLM_BASE_URL', 'OPENAI_API_KEY', 'LLM_TIMEOUT_MS']));
    for (const name of settings) {
      // A key without a value: compose takes it from .env or the shell, or leaves it unset, never
      // empty (an empty OPENAI_BASE_URL is not the default one).
      expect(Object.hasOwn(appEnv, name), `${name} in compose.yaml`).toBe(true);
      expect(appEnv[name], name).toBeNull();
      expect(envExample, `${name} in deploy/env.example`).toMatch(new RegExp(`^# ${name}=`, 'm'));
    }
  });

  it("mounts the operator's host.config.json read-only, and a missing one stops the start", () => {
    const mount = (app.volumes ?? []).find(
      (v): v is Mount => typeof v === 'object' && v.target === '/app/host.config.json',
    );
    expect(mount).toEqual({
      type: 'bind',
      source: './host.config.json',
      target: '/app/host.config.json',
      read_only: true,
      bind: { create_host_path: false },
    });
    expect(appEnv.HOST_CONFIG).toBe('/app/host.config.json');
    const example = parseHostConfig(JSON.parse(readFileSync('deploy/host.config.json', 'utf8')));
    expect(example.ok).toBe(true);
    expect(example.ok && example.config.demoServers).toBe(false);
  });

  it("keeps the operator's secrets, servers and backups out of the image and the repository", () => {
    const ignored = (file: string) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((l) => l.trim().replace(/^\//, '').replace(/\/$/, ''));
    for (const file of ['.dockerignore', '.gitignore'])
      expect(ignored(file), file).toEqual(expect.arrayContaining(['.env', 'host.config.json', 'backups']));
    for (const name of Object.keys(OPERATOR)) expect(envExample, name).toMatch(new RegExp(`^${name}=`, 'm'));
  });

  it('serves the build it made with the supervisor, listening beyond loopback, probed at /healthz', () => {
    expect(dockerfile).toMatch(/RUN npx next build/);
    // The runtime user cannot write the build: the host's server is bundled in the build stage.
    expect(dockerfile).toMatch(/RUN npx next build && npx tsx scripts\/bundle-host-server\.ts/);
    expect(dockerfile).toMatch(/SKIP_BUILD=1/);
    expect(dockerfile).toMatch(/BIND_ADDRESS=0\.0\.0\.0/);
    expect(dockerfile).toContain('CMD ["node", "--import", "tsx", "scripts/start.ts"]');
    expect(dockerfile).toContain('/healthz');
    expect(dockerfile).toMatch(/^USER node$/m);
  });

  it("builds and runs on the host server's Node, so the container installs none at start", () => {
    const major = HOST_NODE_VERSION.split('.')[0];
    const images = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((m) => m[1]);
    expect(images).toEqual([`node:${major}-bookworm-slim`, `node:${major}-bookworm-slim`]);
  });
});

describe('the TLS proxy (deploy/Caddyfile)', () => {
  const blocks = caddyBlocks(caddyfile);

  it('serves the chat and the wildcard views domain, both to the app, the wildcard by the DNS-01 challenge', () => {
    expect([...blocks.keys()]).toEqual(['', '(app)', '{$CHAT_DOMAIN}', '*.{$VIEWS_DOMAIN}']);
    expect(blocks.get('(app)')).toEqual(['reverse_proxy app:3000 {', 'flush_interval -1', '}']);
    expect(blocks.get('{$CHAT_DOMAIN}')).toEqual(['import app']);
    expect(blocks.get('*.{$VIEWS_DOMAIN}')).toEqual([
      'tls {',
      'dns cloudflare {env.CLOUDFLARE_API_TOKEN}',
      '}',
      'import app',
    ]);
  });

  it("is built with the DNS provider module the Caddyfile names, and gets that provider's token", () => {
    expect(caddyDockerfile).toMatch(/^FROM caddy:\$\{CADDY_VERSION\}-builder AS build$/m);
    expect(caddyDockerfile).toMatch(/^ARG DNS_MODULE=github\.com\/caddy-dns\/cloudflare$/m);
    expect(caddyDockerfile).toMatch(/^RUN xcaddy build --with \$\{DNS_MODULE\}$/m);
    expect(caddyDockerfile).toContain('COPY --from=build /usr/bin/caddy /usr/bin/caddy');
    expect(proxy.build).toEqual({ context: 'deploy', dockerfile: 'caddy.Dockerfile' });
    expect(proxy.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
    // Every name the Caddyfile reads is required of the operator by the proxy's environment, and the
    // proxy holds nothing else: the DNS token is not the app's, the model keys not the proxy's.
    const read = [...caddyfile.matchAll(/\{(?:\$|env\.)([A-Z_]+)\}/g)].map((m) => m[1] ?? '');
    expect([...new Set(read)].sort()).toEqual(Object.keys(proxyEnv).sort());
    for (const name of Object.keys(proxyEnv))
      expect(proxyEnv[name], name).toMatch(new RegExp(`^\\$\\{${name}:\\?`));
    expect(Object.keys(appEnv)).not.toContain('CLOUDFLARE_API_TOKEN');
  });

  /** `caddy adapt` on a Caddyfile: Caddy parses it and builds its JSON config without serving. */
  function adapt(text: string): { status: number | null; stdout: string; stderr: string } {
    const dir = mkdtempSync(join(tmpdir(), 'caddyfile-'));
    writeFileSync(join(dir, 'Caddyfile'), text);
    const result = spawnSync(
      'caddy',
      ['adapt', '--config', join(dir, 'Caddyfile'), '--adapter', 'caddyfile'],
      {
        encoding: 'utf8',
        env: { ...process.env, ...OPERATOR },
      },
    );
    if (result.error)
      throw new Error(`caddy did not run (${result.error.message}): apt-get install -y caddy (.ci/run does)`);
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  }

  it('is a valid Caddyfile: Caddy adapts it, the DNS line aside, to both sites proxied to the app', () => {
    // Debian's Caddy has no DNS provider module (caddy.Dockerfile adds one): with the real file it
    // gets as far as the provider and names the module it lacks, the one caddy-dns/cloudflare provides.
    const real = adapt(caddyfile);
    expect(real.status).not.toBe(0);
    expect(real.stderr).toMatch(/module not registered: dns\.providers\.cloudflare/);
    // With the provider line in the wildcard's tls block swapped for another tls setting, the rest
    // is checked whole.
    const standIn = caddyfile.replace(/^(\s*)dns cloudflare .*$/m, '$1protocols tls1.2');
    expect(standIn).not.toBe(caddyfile);
    const adapted = adapt(standIn);
    expect(adapted.stderr).not.toMatch(/Error/);
    expect(adapted.status).toBe(0);
    const config = JSON.parse(adapted.stdout) as {
      apps: {
        http: {
          servers: Record<
            string,
            {
              listen: string[];
              routes: Array<{ match: Array<{ host: string[] }>; handle: unknown[] }>;
            }
          >;
        };
        tls: { automation: { policies: Array<{ subjects: string[]; issuers: Array<{ email?: string }> }> } };
      };
    };
    const [server] = Object.values(config.apps.http.servers);
    expect(server?.listen).toEqual([':443']);
    const hosts = (server?.routes ?? []).map((r) => r.match[0]?.host);
    expect(hosts).toEqual([['chat.example.com'], ['*.views.example.net']]);
    for (const route of server?.routes ?? []) {
      const handlers = JSON.stringify(route.handle);
      expect(handlers).toContain('"handler":"reverse_proxy"');
      expect(handlers).toContain('"dial":"app:3000"');
      expect(handlers).toContain('"flush_interval":-1');
    }
    const [policy] = config.apps.tls.automation.policies;
    expect(policy?.subjects).toEqual(['chat.example.com', '*.views.example.net']);
    expect(policy?.issuers[0]?.email).toBe('ops@example.com');
  });
});
