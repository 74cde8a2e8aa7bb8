import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpRegistry } from '../../lib/mcp/registry';
import { initializeRequest, type RawAnswer, rawRequest } from '../../tests/fixtures/raw-request';
import { listenVault, type VaultHttp } from './http';
import { callVaultTool } from './tools';

function expectRefused(answer: RawAnswer, header: 'Host' | 'Origin') {
  expect(answer.status).toBe(403);
  expect(JSON.parse(answer.body)).toMatchObject({
    jsonrpc: '2.0',
    error: { code: -32000, message: expect.stringContaining(`Invalid ${header} header`) },
    id: null,
  });
}

describe('vault demo server: only its own loopback names (DNS rebinding)', () => {
  let vault: VaultHttp;
  let guarded: VaultHttp;
  let port: number;
  beforeAll(async () => {
    vault = await listenVault(0);
    guarded = await listenVault(0, { token: 'host-token' });
    port = Number(new URL(vault.url).port);
  });
  afterAll(async () => {
    await vault.close();
    await guarded.close();
  });

  const own = () => `127.0.0.1:${port}`;
  function reference(): string {
    const result = callVaultTool(vault.state, 'reveal_api_key', { name: 'default' });
    return String(result.content.find((c) => c.type === 'secret_reference')?.redeemUrl);
  }

  it('serves an initialize under each of its own names, with no Origin or its own', async () => {
    for (const host of [own(), `localhost:${port}`, `[::1]:${port}`]) {
      const answer = await rawRequest(vault.url, initializeRequest({ host }));
      expect(answer.status, host).toBe(200);
      expect(answer.body).toContain('"serverInfo"');
    }
    const withOrigin = await rawRequest(vault.url, initializeRequest({ host: own(), origin: vault.origin }));
    expect(withOrigin.status).toBe(200);
  });

  it('refuses a foreign Host on /mcp with 403 and a JSON-RPC error', async () => {
    for (const host of ['evil.example', `127.0.0.1.nip.io:${port}`, `127.0.0.1:${port + 1}`])
      expectRefused(await rawRequest(vault.url, initializeRequest({ host })), 'Host');
  });

  it('refuses a foreign Origin on /mcp with 403', async () => {
    for (const origin of ['http://evil.example', `http://127.0.0.1.nip.io:${port}`, 'null'])
      expectRefused(await rawRequest(vault.url, initializeRequest({ host: own(), origin })), 'Origin');
  });

  it('refuses a redemption under a foreign Host or Origin without spending the reference', async () => {
    const url = reference();
    expectRefused(await rawRequest(url, { headers: { host: 'evil.example' } }), 'Host');
    expectRefused(await rawRequest(url, { headers: { host: `127.0.0.1.nip.io:${port}` } }), 'Host');
    expectRefused(
      await rawRequest(url, { headers: { host: own(), origin: 'http://evil.example' } }),
      'Origin',
    );
    const redeemed = await rawRequest(url, { headers: { host: own() } });
    expect(redeemed.status).toBe(200);
    expect(JSON.parse(redeemed.body)).toEqual({ value: vault.state.keys.find('default')?.key });
  });

  it('refuses a foreign Host even with the right token, before any credential check', async () => {
    const guardedPort = new URL(guarded.url).port;
    const authorization = 'Bearer host-token';
    expectRefused(
      await rawRequest(guarded.url, initializeRequest({ host: 'evil.example', authorization })),
      'Host',
    );
    const served = await rawRequest(
      guarded.url,
      initializeRequest({ host: `127.0.0.1:${guardedPort}`, authorization }),
    );
    expect(served.status).toBe(200);
  });

  it("the host's own client still connects and lists the tools", async () => {
    const registry = new McpRegistry(new Set());
    try {
      await registry
        .start({
          id: 'vault',
          name: 'Vault',
          transport: { type: 'http', url: vault.url },
          admission: 'strict',
          source: 'demo',
        })
        .connect();
      const connection = registry.getFor('vault', 'local');
      expect(connection?.status).toBe('ready');
      expect(connection?.catalog.tools.map((t) => t.name)).toContain('reveal_api_key');
    } finally {
      await registry.closeAll();
    }
  });
});
