import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ClientCredentialsProvider, PrivateKeyJwtProvider } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboundRefusedError } from '../../net/guard';
import type { ServerConfig } from '../server-config';
import { CrossAppAccessProvider } from './cross-app-provider';
import { HostOAuthProvider } from './host-provider';
import { memoryAuthStore } from './server-auth-store';
import {
  type ConnectionLike,
  ServerOAuthBook,
  SignInError,
  safeReturnTo,
  withOfflineAccess,
} from './server-oauth';

const local = { mode: 'local', addedBy: 'user' } as const;
const serverUrl = new URL('http://localhost:4100/mcp');
const config: ServerConfig = {
  id: 'docs',
  name: 'Docs',
  transport: { type: 'http', url: serverUrl.href },
  admission: 'strict',
  source: 'user',
  ownerId: 'local',
};

function provider(
  store = memoryAuthStore(),
  extra: Partial<ConstructorParameters<typeof HostOAuthProvider>[0]> = {},
) {
  return new HostOAuthProvider({
    userId: 'local',
    serverId: 'docs',
    serverUrl,
    policy: local,
    store,
    redirectUrl: 'http://localhost:3000/oauth/callback',
    clientName: 'MCPlet Host',
    ...extra,
  });
}

function connection(reconnects: string[] = []): ConnectionLike {
  return {
    id: 'docs',
    config,
    outboundPolicy: local,
    reconnect: async () => {
      reconnects.push('docs');
    },
  };
}

describe('the host’s OAuthClientProvider', () => {
  it('state() is random and kept as the pending state; saveTokens ends the authorization in flight', async () => {
    const p = provider();
    const a = await p.state();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await p.state()).not.toBe(a);
    await p.saveCodeVerifier('verifier');
    await p.redirectToAuthorization(new URL('http://localhost:4200/auth?scope=tools%3Aread'));
    await p.saveTokens({ access_token: 'at', token_type: 'Bearer' });
    const record = await p.record();
    expect(record.tokens?.access_token).toBe('at');
    expect(record.pendingState ?? record.codeVerifier ?? record.authorizationUrl).toBeUndefined();
    expect(record.tokensAt).toBeTypeOf('number');
  });

  it('the authorization URL is kept for the browser only if it is http(s), https off loopback: javascript: and plain http elsewhere are refused', async () => {
    const p = provider();
    await expect(p.redirectToAuthorization(new URL('javascript:alert(1)'))).rejects.toThrow(/javascript/);
    await expect(p.redirectToAuthorization(new URL('http://auth.example.com/authorize'))).rejects.toThrow(
      /https/,
    );
    await expect(p.redirectToAuthorization(new URL('https://169.254.169.254/authorize'))).rejects.toThrow(
      /link-local/,
    );
    expect((await p.record()).authorizationUrl).toBeUndefined();
    await p.redirectToAuthorization(new URL('https://auth.example.com/authorize?scope=tools'));
    expect((await p.record()).authorizationUrl).toBe('https://auth.example.com/authorize?scope=tools');
  });

  it('prompt=consent goes with offline_access (OpenID servers issue a refresh token only then)', async () => {
    const p = provider();
    await p.redirectToAuthorization(new URL('https://auth.example.com/authorize?scope=tools+offline_access'));
    expect(new URL((await p.record()).authorizationUrl ?? '').searchParams.get('prompt')).toBe('consent');
    await p.redirectToAuthorization(new URL('https://auth.example.com/authorize?scope=tools'));
    expect(new URL((await p.record()).authorizationUrl ?? '').searchParams.has('prompt')).toBe(false);
  });

  it('withOfflineAccess adds offline_access only where the authorization server lists it, once', () => {
    expect(withOfflineAccess('tools:read', ['tools:read', 'offline_access'])).toBe(
      'tools:read offline_access',
    );
    expect(withOfflineAccess('tools:read offline_access', ['offline_access'])).toBe(
      'tools:read offline_access',
    );
    expect(withOfflineAccess(undefined, ['offline_access'])).toBe('offline_access');
    expect(withOfflineAccess('tools:read', ['tools:read'])).toBe('tools:read');
    expect(withOfflineAccess(undefined)).toBeUndefined();
  });

  it('a pre-registered client is presented (with its issuer) and no metadata-document client id is used', async () => {
    const p = provider(memoryAuthStore(), {
      clientMetadataUrl: 'https://host.example/oauth/client-metadata.json',
      preRegistered: { clientId: 'host', clientSecret: 's3', issuer: 'https://auth.example.com' },
    });
    expect(await p.clientInformation()).toEqual({
      client_id: 'host',
      client_secret: 's3',
      issuer: 'https://auth.example.com',
    });
    expect(p.clientMetadataUrl).toBeUndefined();
    expect(p.clientMetadata.token_endpoint_auth_method).toBe('client_secret_basic');
    expect(provider().clientMetadata.token_endpoint_auth_method).toBe('none');
  });

  it('dynamic registration says application_type: "native" for a plain-http loopback callback, "web" otherwise', () => {
    expect(provider().clientMetadata.application_type).toBe('native');
    for (const [redirectUrl, type] of [
      ['http://127.0.0.1:3000/oauth/callback', 'native'],
      ['http://[::1]:3000/oauth/callback', 'native'],
      ['https://host.example/oauth/callback', 'web'],
      ['https://localhost:3000/oauth/callback', 'web'],
      ['http://host.lan:3000/oauth/callback', 'web'],
    ] as const)
      expect(provider(memoryAuthStore(), { redirectUrl }).clientMetadata.application_type).toBe(type);
  });

  it('RFC 8414 section 3.3: a discovery whose metadata names another issuer is refused when saved, and forgotten when kept from before', async () => {
    const store = memoryAuthStore();
    const p = provider(store);
    const foreign = {
      authorizationServerUrl: 'https://auth.example.com/',
      authorizationServerMetadata: {
        issuer: 'https://attacker.example',
        authorization_endpoint: 'https://attacker.example/authorize',
        token_endpoint: 'https://attacker.example/token',
        response_types_supported: ['code'],
      },
    };
    await expect(p.saveDiscoveryState(foreign)).rejects.toThrow(
      /another issuer, https:\/\/attacker\.example/,
    );
    expect(await p.discoveryState()).toBeUndefined();
    await store.save('local', 'docs', { discoveryState: foreign });
    expect(await p.discoveryState()).toBeUndefined();
    const own = {
      ...foreign,
      authorizationServerMetadata: {
        ...foreign.authorizationServerMetadata,
        issuer: 'https://auth.example.com',
      },
    };
    await p.saveDiscoveryState(own);
    expect(await p.discoveryState()).toEqual(own);
  });

  it('step-up: tokens keep the scope their authorization asked for; the refresh token is withheld while a wanted scope is not granted', async () => {
    let wanted: string | undefined;
    const p = provider(memoryAuthStore(), { wantedScope: () => wanted });
    await p.redirectToAuthorization(new URL('https://auth.example.com/authorize?scope=mcp%3Abasic'));
    await p.saveTokens({ access_token: 'at', refresh_token: 'rt', token_type: 'Bearer' });
    expect((await p.record()).requestedScope).toBe('mcp:basic');
    expect((await p.tokens())?.refresh_token).toBe('rt');
    wanted = 'mcp:basic offline_access';
    expect((await p.tokens())?.refresh_token).toBe('rt');
    wanted = 'mcp:write';
    expect(await p.tokens()).toEqual({ access_token: 'at', token_type: 'Bearer' });
    await p.saveTokens({
      access_token: 'at2',
      refresh_token: 'rt2',
      token_type: 'Bearer',
      scope: 'mcp:write',
    });
    expect((await p.record()).requestedScope).toBe('mcp:basic');
    expect((await p.tokens())?.refresh_token).toBe('rt2');
  });

  it('invalidateCredentials forgets exactly what the SDK names', async () => {
    const store = memoryAuthStore();
    const p = provider(store);
    await p.saveClientInformation({ client_id: 'dyn' });
    await p.saveTokens({ access_token: 'at', token_type: 'Bearer' });
    await p.invalidateCredentials('tokens');
    expect(await p.tokens()).toBeUndefined();
    expect((await p.clientInformation())?.client_id).toBe('dyn');
    await p.invalidateCredentials('all');
    expect(await store.load('local', 'docs')).toBeUndefined();
  });
});

describe('OAuth: the callback', () => {
  async function started(store = memoryAuthStore()) {
    const p = provider(store);
    const state = await p.state();
    await p.saveCodeVerifier('v');
    await p.update((r) => ({
      ...r,
      returnTo: '/preview',
      discoveryState: {
        authorizationServerUrl: 'http://localhost:4200',
        authorizationServerMetadata: {
          issuer: 'http://localhost:4200',
          authorization_endpoint: 'http://localhost:4200/auth',
          token_endpoint: 'http://localhost:4200/token',
          response_types_supported: ['code'],
          authorization_response_iss_parameter_supported: true,
        },
      },
    }));
    return { store, state, book: new ServerOAuthBook(store, { PORT: '3000' }) };
  }

  it('an unknown state, or another user’s, is refused', async () => {
    const { book, state } = await started();
    const of = () => connection();
    await expect(book.finish('local', new URLSearchParams({ state: 'nope', code: 'c' }), of)).rejects.toThrow(
      SignInError,
    );
    await expect(book.finish('mallory', new URLSearchParams({ state, code: 'c' }), of)).rejects.toThrow(
      /someone else/,
    );
  });

  it('RFC 9207: a different iss, or none when the server sends one, ends the sign-in without exchanging the code', async () => {
    for (const params of [{ iss: 'http://localhost:9999' }, {}] as Array<Record<string, string>>) {
      const { book, state, store } = await started();
      const reconnects: string[] = [];
      const done = await book.finish('local', new URLSearchParams({ state, code: 'c', ...params }), () =>
        connection(reconnects),
      );
      expect(done.error).toMatch(/RFC 9207/);
      expect(reconnects).toEqual([]);
      expect((await store.load('local', 'docs'))?.pendingState).toBeUndefined();
      expect(await store.byState(state)).toBeUndefined();
    }
  });

  it('an error from the authorization server is shown, the state is spent', async () => {
    const { book, state, store } = await started();
    const done = await book.finish('local', new URLSearchParams({ state, error: 'access_denied' }), () =>
      connection(),
    );
    expect(done).toMatchObject({
      serverId: 'docs',
      returnTo: '/preview',
      error: expect.stringMatching(/access_denied/),
    });
    expect(await store.byState(state)).toBeUndefined();
  });

  it('only the user who added the server may sign in to it; a command server has no sign-in', async () => {
    const book = new ServerOAuthBook(memoryAuthStore(), { PORT: '3000' });
    await expect(book.start(connection(), 'mallory', '/preview')).rejects.toThrow(/Only the user who added/);
    const stdio: ConnectionLike = {
      ...connection(),
      config: { ...config, transport: { type: 'stdio', command: ['x'] } },
    };
    await expect(book.start(stdio, 'local', '/preview')).rejects.toThrow(/stdio/);
  });

  it("a shared operator server is no user's to sign in to; a user's connection to a perUser one is theirs alone", async () => {
    const store = memoryAuthStore();
    const book = new ServerOAuthBook(store, { PORT: '3000' });
    const shared: ServerConfig = { ...config, source: 'config', ownerId: undefined };
    const sharedConnection: ConnectionLike = { ...connection(), config: shared };
    await expect(book.start(sharedConnection, 'u1', '/preview')).rejects.toThrow(
      /shared by every user of this host.*"perUser"/,
    );
    const perUser = (ownerId: string): ServerConfig => ({
      ...config,
      source: 'config',
      perUser: true,
      ownerId,
    });
    await expect(book.start({ ...connection(), config: perUser('u1') }, 'u2', '/preview')).rejects.toThrow(
      /another user's/,
    );
    await store.save('u1', 'docs', { tokens: { access_token: 'a1', token_type: 'Bearer' } });
    expect(await book.status(perUser('u1'), 'u1')).toMatchObject({ kind: 'signed-in' });
    expect(await book.status(perUser('u2'), 'u2')).toEqual({ kind: 'none' });
    expect(await book.status(perUser('u1'), 'u2')).toEqual({ kind: 'none' });
    expect(await book.status(shared, 'u1')).toEqual({ kind: 'none' });
  });

  it('the way back is a path of this host only', () => {
    expect(safeReturnTo('/preview')).toBe('/preview');
    expect(safeReturnTo('/c/abc?x=1')).toBe('/c/abc?x=1');
    for (const bad of ['//evil.example', 'https://evil.example/', 'javascript:alert(1)', '/\\evil', 42])
      expect(safeReturnTo(bad)).toBe('/preview');
  });

  it('the callback URL and the Client ID Metadata Document URL follow PUBLIC_ORIGIN; the document only over https', () => {
    const plain = new ServerOAuthBook(memoryAuthStore(), { PORT: '3000' });
    expect(plain.callbackUrl).toBe('http://localhost:3000/oauth/callback');
    expect(plain.clientMetadataUrl).toBeUndefined();
    const tls = new ServerOAuthBook(memoryAuthStore(), { PUBLIC_ORIGIN: 'https://host.example' });
    expect(tls.clientMetadataUrl).toBe('https://host.example/oauth/client-metadata.json');
  });
});

describe('the operator’s clients (host.config.json servers[].oauth)', () => {
  const configured = (
    oauth: ServerConfig['oauth'],
    source: ServerConfig['source'] = 'config',
  ): ServerConfig => ({
    ...config,
    source,
    oauth,
  });

  it('client_credentials with a secret from the environment uses the SDK’s ClientCredentialsProvider, with no redirect', () => {
    const book = new ServerOAuthBook(memoryAuthStore(), { PORT: '3000', DOCS_SECRET: 's3' });
    const p = book.providerFor(
      configured({
        grant: 'client_credentials',
        clientId: 'host',
        clientSecretEnv: 'DOCS_SECRET',
        issuer: 'https://auth.example.com',
      }),
      'local',
      local,
    );
    expect(p).toBeInstanceOf(ClientCredentialsProvider);
    expect(p.redirectUrl).toBeUndefined();
  });

  it('client_credentials with a private key uses PrivateKeyJwtProvider; a connection gets it without any sign-in', async () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const book = new ServerOAuthBook(memoryAuthStore(), { PORT: '3000', DOCS_KEY: pem });
    const server = configured({
      grant: 'client_credentials',
      clientId: 'host',
      privateKeyEnv: 'DOCS_KEY',
      algorithm: 'ES256',
    });
    expect(await book.connectionProvider(server, local)).toBeInstanceOf(PrivateKeyJwtProvider);
    expect(await book.status(server, 'local')).toEqual({ kind: 'machine' });
  });

  it('a pre-registered authorization-code client is presented with its secret; a server added over the API cannot carry one', async () => {
    const book = new ServerOAuthBook(memoryAuthStore(), { PORT: '3000', DOCS_SECRET: 's3' });
    const oauth = { clientId: 'host', clientSecretEnv: 'DOCS_SECRET' };
    const pre = book.providerFor(configured(oauth), 'local', local);
    expect(await pre.clientInformation()).toMatchObject({ client_id: 'host', client_secret: 's3' });
    const user = book.providerFor(
      configured({ ...oauth, grant: 'client_credentials' }, 'user'),
      'local',
      local,
    );
    expect(user).toBeInstanceOf(HostOAuthProvider);
    expect(await user.clientInformation()).toBeUndefined();
  });

  it('without tokens an authorization-code server’s connection gets no provider (a background connect never starts a sign-in)', async () => {
    const store = memoryAuthStore();
    const book = new ServerOAuthBook(store, { PORT: '3000' });
    expect(await book.connectionProvider(config, local)).toBeUndefined();
    await store.save('local', 'docs', { tokens: { access_token: 'at', token_type: 'Bearer' } });
    expect(await book.connectionProvider(config, local)).toBeInstanceOf(HostOAuthProvider);
  });

  it('cross_app_access (SEP-990) needs the client secret and the ID token from the environment; then a connection gets it without a browser', async () => {
    const oauth = {
      grant: 'cross_app_access' as const,
      clientId: 'host',
      clientSecretEnv: 'DOCS_SECRET',
      idp: {
        tokenEndpoint: 'https://idp.example.com/token',
        clientId: 'host-idp',
        idTokenEnv: 'DOCS_ID_TOKEN',
      },
    };
    const missing = new ServerOAuthBook(memoryAuthStore(), { PORT: '3000', DOCS_SECRET: 's3' });
    expect(await missing.connectionProvider(configured(oauth), local)).toBeUndefined();
    const book = new ServerOAuthBook(memoryAuthStore(), {
      PORT: '3000',
      DOCS_SECRET: 's3',
      DOCS_ID_TOKEN: 'id-token',
    });
    const p = await book.connectionProvider(configured(oauth), local);
    expect(p).toBeInstanceOf(CrossAppAccessProvider);
    expect(p?.redirectUrl).toBeUndefined();
    expect(await book.status(configured(oauth), 'local')).toEqual({ kind: 'machine' });
    expect(await book.connectionProvider(configured(oauth, 'user'), local)).toBeUndefined();
  });
});

describe('SEP-990: the identity provider is reached through the endpoint rules and the outbound guard', () => {
  it('a link-local or plain-http (off loopback) token endpoint is refused before any request', async () => {
    for (const tokenEndpoint of ['http://169.254.169.254/token', 'http://idp.example.com/token']) {
      const book = new ServerOAuthBook(memoryAuthStore(), { PORT: '3000', S: 's3', T: 'id-token' });
      const provider = await book.connectionProvider(
        {
          ...config,
          source: 'config',
          oauth: {
            grant: 'cross_app_access',
            clientId: 'host',
            clientSecretEnv: 'S',
            idp: { tokenEndpoint, clientId: 'host-idp', idTokenEnv: 'T' },
          },
        },
        local,
      );
      if (!(provider instanceof CrossAppAccessProvider)) throw new Error('expected the SEP-990 provider');
      provider.saveDiscoveryState({
        authorizationServerUrl: 'https://auth.example.com/',
        authorizationServerMetadata: {
          issuer: 'https://auth.example.com',
          authorization_endpoint: 'https://auth.example.com/authorize',
          token_endpoint: 'https://auth.example.com/token',
          response_types_supported: ['code'],
        },
      });
      await expect(provider.prepareTokenRequest()).rejects.toBeInstanceOf(OutboundRefusedError);
    }
  });
});

describe('SEP-835: Connect asks for what the server last asked for', () => {
  let server: Server;
  let url: URL;
  let challenge = '';

  beforeAll(async () => {
    server = createServer((_request, response) => {
      response.statusCode = 403;
      response.setHeader('www-authenticate', challenge);
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`);
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('a 401 or 403 from the server is remembered (scope and metadata URL); a later one replaces it; Disconnect forgets it', async () => {
    const book = new ServerOAuthBook(memoryAuthStore(), { PORT: '3000' });
    const fetchFn = book.fetchForConnection(url, local, undefined);
    expect(book.askedFor(url)).toBeUndefined();
    challenge = `Bearer error="insufficient_scope", scope="mcp:basic mcp:write", resource_metadata="${url.origin}/.well-known/oauth-protected-resource/mcp"`;
    await (await fetchFn(url, { method: 'POST' })).body?.cancel();
    expect(book.askedFor(url)).toEqual({
      scope: 'mcp:basic mcp:write',
      resourceMetadataUrl: new URL(`${url.origin}/.well-known/oauth-protected-resource/mcp`),
      error: 'insufficient_scope',
    });
    challenge = 'Bearer scope="mcp:admin"';
    await (await fetchFn(url, { method: 'POST' })).body?.cancel();
    expect(book.askedFor(url)?.scope).toBe('mcp:admin');
    const other = new URL('/elsewhere', url);
    await (await fetchFn(other, { method: 'POST' })).body?.cancel();
    expect(book.askedFor(other)).toBeUndefined();
    await book.signOut(
      {
        id: 'docs',
        config: { ...config, transport: { type: 'http', url: url.href } },
        outboundPolicy: local,
        reconnect: async () => {},
      },
      'local',
    );
    expect(book.askedFor(url)).toBeUndefined();
  });
});
