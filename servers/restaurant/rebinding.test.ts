import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { initializeRequest, rawRequest } from '../../tests/fixtures/raw-request';
import { connectedRestaurant } from '../../tests/fixtures/restaurant-registry';
import { listenRestaurant } from './http';

describe('restaurant demo server: only its own loopback names (DNS rebinding)', () => {
  let restaurant: Awaited<ReturnType<typeof listenRestaurant>>;
  let port: number;
  const seen: unknown[] = [];
  beforeAll(async () => {
    restaurant = await listenRestaurant(0, { onMessage: (message) => seen.push(message) });
    port = Number(new URL(restaurant.url).port);
  });
  afterAll(() => restaurant.close());
  beforeEach(() => {
    seen.length = 0;
  });

  const initialize = (headers: Record<string, string>) =>
    rawRequest(restaurant.url, initializeRequest(headers));

  function expectRefused(answer: { status: number; body: string }, header: 'Host' | 'Origin') {
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toMatchObject({
      jsonrpc: '2.0',
      error: { code: -32000, message: expect.stringContaining(`Invalid ${header} header`) },
      id: null,
    });
  }

  it('serves an initialize under each of its own names, with no Origin', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]) {
      const answer = await initialize({ host });
      expect(answer.status, host).toBe(200);
      expect(answer.body).toContain('"serverInfo"');
    }
    expect(seen).toHaveLength(3);
  });

  it('serves a request whose Origin is one of its own names', async () => {
    for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`]) {
      const answer = await initialize({ host: `127.0.0.1:${port}`, origin });
      expect(answer.status, origin).toBe(200);
    }
  });

  it('refuses a foreign Host with 403 and a JSON-RPC error, and never reads the message', async () => {
    for (const host of [
      'evil.example',
      `127.0.0.1.nip.io:${port}`,
      `evil.example:${port}`,
      `127.0.0.1:${port + 1}`,
      '127.0.0.1',
    ]) {
      expectRefused(await initialize({ host }), 'Host');
    }
    expect(seen).toEqual([]);
  });

  it('refuses a foreign Host on any path and method, before its 404 and 405', async () => {
    expectRefused(await rawRequest(restaurant.url, { headers: { host: 'evil.example' } }), 'Host');
    const elsewhere = new URL('/elsewhere', restaurant.url).href;
    expectRefused(await rawRequest(elsewhere, { headers: { host: 'evil.example' } }), 'Host');
  });

  it('refuses a foreign Origin under its own Host with 403, and never reads the message', async () => {
    for (const origin of [
      'http://evil.example',
      `http://127.0.0.1.nip.io:${port}`,
      `https://127.0.0.1:${port}`,
      `http://127.0.0.1:${port + 1}`,
      'null',
    ]) {
      expectRefused(await initialize({ host: `127.0.0.1:${port}`, origin }), 'Origin');
    }
    expect(seen).toEqual([]);
  });

  it("the host's own client still connects and lists the tools", async () => {
    const demo = await connectedRestaurant();
    try {
      const connection = demo.registry.getFor('restaurant', 'local');
      expect(connection?.status).toBe('ready');
      expect(connection?.catalog.tools.map((t) => t.name)).toContain('search_restaurants');
    } finally {
      await demo.close();
    }
  });
});
