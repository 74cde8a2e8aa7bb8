import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ServerConnection } from '@/lib/mcp/connection';
import { memoryAuthStore } from '@/lib/mcp/oauth/server-auth-store';
import { type ConnectionLike, ServerOAuthBook, SignInError } from '@/lib/mcp/oauth/server-oauth';
import type { ServerConfig } from '@/lib/mcp/server-config';
import { type AuthServer, type AuthServerOptions, startAuthServer } from '../fixtures/oauth/auth-server';
import { FixtureBrowser } from '../fixtures/oauth/browser';
import {
  type ProtectedServer,
  type ProtectedServerOptions,
  startProtectedServer,
} from '../fixtures/oauth/protected-server';

/**
 * The host's OAuth sign-in against the real authorization server fixture (oidc-provider) and the
 * protected MCP server in front of it, each set to misbehave the way a test needs.
 */

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const running: Array<{ close(): Promise<void> }> = [];
const connections: ServerConnection[] = [];

afterEach(async () => {
  for (const connection of connections.splice(0)) await connection.close();
});

afterAll(async () => {
  for (const server of running.splice(0)) await server.close();
});

async function fixture(
  options: { as?: AuthServerOptions; rs?: ProtectedServerOptions } = {},
): Promise<{ as: AuthServer; rs: ProtectedServer }> {
  const [asPort, rsPort] = [await freePort(), await freePort()];
  const as = await startAuthServer(asPort, `http://localhost:${rsPort}/mcp`, undefined, options.as);
  const rs = await startProtectedServer(rsPort, as.issuer, options.rs);
  running.push(as, rs);
  return { as, rs };
}

function configFor(rs: ProtectedServer): ServerConfig {
  return {
    id: 'docs',
    name: 'Docs',
    transport: { type: 'http', url: rs.url },
    admission: 'annotations',
    source: 'user',
    ownerId: 'local',
  };
}

/** A connection that is never opened: the sign-in alone. */
function bare(rs: ProtectedServer): ConnectionLike {
  return {
    id: 'docs',
    config: configFor(rs),
    outboundPolicy: { mode: 'local', addedBy: 'user' },
    reconnect: async () => {},
  };
}

/** What the authorization server was sent that only metadata it trusted could have told the host. */
function endpointRequests(as: AuthServer): string[] {
  return as.requests.filter((r) => !r.startsWith('GET /.well-known/'));
}

describe('RFC 8414 section 3.3: authorization server metadata naming another issuer is refused', () => {
  it('Connect fails with the reason, and nothing goes to the endpoints the metadata lists (no registration, authorization or token request)', async () => {
    const { as, rs } = await fixture({ as: { metadataIssuer: 'https://attacker.example' } });
    const book = new ServerOAuthBook(memoryAuthStore(), { PORT: '3000' });
    const failure = await book.start(bare(rs), 'local', '/preview').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SignInError);
    expect(failure).toMatchObject({ status: 502 });
    expect((failure as SignInError).message).toMatch(
      new RegExp(
        `^Signing in to Docs failed: the authorization server ${as.issuer}.*another issuer, https://attacker\\.example`,
      ),
    );
    expect(as.requests).toContain('GET /.well-known/oauth-authorization-server');
    expect(endpointRequests(as)).toEqual([]);
    expect(as.registrations).toEqual([]);
  });

  it("the operator's machine client is refused the same way: its connection stops with the reason, no token request is sent", async () => {
    const { as, rs } = await fixture({ as: { metadataIssuer: 'https://attacker.example' } });
    const book = new ServerOAuthBook(memoryAuthStore(), { PORT: '3000', DOCS_SECRET: 's3' });
    const config: ServerConfig = {
      ...configFor(rs),
      source: 'config',
      ownerId: undefined,
      oauth: {
        grant: 'client_credentials',
        clientId: 'host',
        clientSecretEnv: 'DOCS_SECRET',
        issuer: as.issuer,
      },
    };
    const connection = new ServerConnection(config, new Set(), () => book);
    connections.push(connection);
    await connection.connect();
    expect(connection.status).not.toBe('ready');
    expect(connection.lastError).toMatch(/another issuer, https:\/\/attacker\.example/);
    expect(endpointRequests(as)).toEqual([]);
  });

  it('metadata naming its own issuer is used: the sign-in reaches the authorization URL', async () => {
    const { as, rs } = await fixture();
    const started = await new ServerOAuthBook(memoryAuthStore(), { PORT: '3000' }).start(
      bare(rs),
      'local',
      '/preview',
    );
    expect(started.kind).toBe('redirect');
    expect(started.kind === 'redirect' && started.url.startsWith(`${as.issuer}/auth?`)).toBe(true);
  });
});

describe('dynamic client registration carries application_type', () => {
  it('"native" for the callback of a host on localhost, "web" for a deployed host’s https callback', async () => {
    const { as, rs } = await fixture();
    await new ServerOAuthBook(memoryAuthStore(), { PORT: '3000' }).start(bare(rs), 'local', '/preview');
    await new ServerOAuthBook(memoryAuthStore(), { PUBLIC_ORIGIN: 'https://host.example' }).start(
      bare(rs),
      'local',
      '/preview',
    );
    expect(as.registrations.map((r) => [r.application_type, r.redirect_uris])).toEqual([
      ['native', ['http://localhost:3000/oauth/callback']],
      ['web', ['https://host.example/oauth/callback']],
    ]);
  });
});

describe('step-up: a 403 insufficient_scope asks for the union of the scopes held and the new one', () => {
  it('the host signs in for both, keeps what it had, and both operations work (no loop); the refresh token is not used to step up', async () => {
    const { as, rs } = await fixture({ rs: { stepUp: true } });
    const book = new ServerOAuthBook(memoryAuthStore(), { PORT: '3000' });
    const connection = new ServerConnection(configFor(rs), new Set(), () => book);
    connections.push(connection);
    const browser = new FixtureBrowser();
    const signIn = async (): Promise<URLSearchParams> => {
      const started = await book.start(connection, 'local', '/preview');
      if (started.kind !== 'redirect') throw new Error('expected a redirect to the authorization server');
      const asked = new URL(started.url).searchParams;
      const finished = await book.finish('local', await browser.consent(started.url), () => connection);
      expect(finished.error).toBeUndefined();
      return asked;
    };
    const text = async (tool: string) => {
      const { result } = await connection.callTool(tool, {}, undefined);
      return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
    };

    await connection.connect();
    expect(connection.status).toBe('authorization-required');
    expect((await signIn()).get('scope')?.split(' ').sort()).toEqual(['offline_access', 'tools:read']);
    expect(connection.status).toBe('ready');
    expect(await text('whoami')).toBe('signed in as ada');

    // The write needs tools:write: the server's 403 names that scope alone.
    await expect(text('write')).rejects.toThrow();
    expect(connection.status).toBe('authorization-required');
    expect((await signIn()).get('scope')?.split(' ').sort()).toEqual([
      'offline_access',
      'tools:read',
      'tools:write',
    ]);
    expect(connection.status).toBe('ready');
    expect(await text('write')).toBe('written by ada');
    expect(await text('whoami')).toBe('signed in as ada');
    expect(as.tokenRequests).toEqual(['authorization_code', 'authorization_code']);
  });
});

describe('an OAuth error from the token endpoint reaches the user with its error and description', () => {
  it('invalid_grant and its error_description, not "Raw body: [object Response]"', async () => {
    const { rs } = await fixture({
      as: { tokenError: { error: 'invalid_grant', description: 'The authorization code has expired.' } },
    });
    const book = new ServerOAuthBook(memoryAuthStore(), { PORT: '3000' });
    const connection = bare(rs);
    const started = await book.start(connection, 'local', '/preview');
    if (started.kind !== 'redirect') throw new Error('expected a redirect to the authorization server');
    const finished = await book.finish(
      'local',
      await new FixtureBrowser().consent(started.url),
      () => connection,
    );
    expect(finished.error).toBe(
      'The code could not be exchanged: invalid_grant: The authorization code has expired.',
    );
  });
});
