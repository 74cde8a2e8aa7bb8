import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { deploymentProblems } from '../../lib/config/deployment';
import { HOST_NODE_VERSION } from '../../lib/config/host-node';

// Issue 16 item 6: this machine has no Docker engine, so the files are checked against what the
// host itself requires; the hosted e2e host runs the container's command (scripts/start.ts on a build).
const compose = parse(readFileSync('compose.yaml', 'utf8')) as {
  services: Record<string, { environment?: Record<string, string>; depends_on?: Record<string, unknown> }>;
};
const dockerfile = readFileSync('Dockerfile', 'utf8');

/** `${NAME:?message}` and `${NAME:-default}` as compose would expand them, with `values` for NAME. */
function expand(value: string, values: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::[?-][^}]*)?\}/g, (_m, name: string) => values[name] ?? '');
}

describe('the Dockerfile and compose file of a hosted deployment', () => {
  it('runs app, PostgreSQL and Redis, the app in hosted mode on both', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['app', 'db', 'redis']);
    const env = compose.services.app?.environment ?? {};
    expect(env.AUTH_MODE).toBe('passkey');
    expect(env.DATABASE_URL).toMatch(/^postgres:\/\/.+@db:5432\//);
    expect(env.REDIS_URL).toBe('redis://redis:6379');
    expect(Object.keys(compose.services.app?.depends_on ?? {}).sort()).toEqual(['db', 'redis']);
  });

  it('refuses to come up without the secrets, and with them passes the start check', () => {
    const env = compose.services.app?.environment ?? {};
    for (const name of ['AUTH_SECRET', 'HOST_KEY', 'PUBLIC_ORIGIN', 'SANDBOX_ORIGIN'])
      expect(env[name], name).toMatch(new RegExp(`^\\$\\{${name}:\\?`));
    const values = {
      AUTH_SECRET: 's'.repeat(44),
      HOST_KEY: 'a'.repeat(64),
      PUBLIC_ORIGIN: 'https://chat.example.com',
      SANDBOX_ORIGIN: 'https://{server}.sandbox.example.com',
    };
    const expanded = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, expand(String(v), values)]));
    expect(deploymentProblems(expanded)).toEqual([]);
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
