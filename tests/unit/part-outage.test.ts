import { createHmac, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { proxyFor } from '../fixtures/tcp-proxy';

// A hosted instance whose PostgreSQL and Redis are reached through proxies the test cuts and
// restores (the services themselves keep running): a request that needs a part that is away is
// answered 503 naming it, with Retry-After, and the instance serves again once it is back
// (docs/architecture.md, Failures).
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const database = `mcplet_outage_${randomUUID().slice(0, 8)}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${database}`);

const dbProxy = await proxyFor(adminUrl, 5432);
const redisProxy = await proxyFor(redisUrl, 6379);
const databaseUrl = new URL(dbProxy.urlFor(adminUrl));
databaseUrl.pathname = `/${database}`;

const dir = mkdtempSync(join(tmpdir(), 'mcplet-outage-'));
const origin = 'http://localhost:3996';
const secret = 'outage-test-secret-outage-test-secret-0123';
writeFileSync(join(dir, 'host.config.json'), JSON.stringify({ demoServers: false }));
vi.stubEnv('AUTH_MODE', 'passkey');
vi.stubEnv('AUTH_SECRET', secret);
vi.stubEnv('HOST_KEY', '1e'.repeat(32));
vi.stubEnv('PUBLIC_ORIGIN', origin);
vi.stubEnv('PORT', '3996');
vi.stubEnv('DATABASE_URL', databaseUrl.toString());
vi.stubEnv('REDIS_URL', redisProxy.urlFor(redisUrl));
vi.stubEnv('DATA_DIR', join(dir, 'data'));
vi.stubEnv('HOST_CONFIG', join(dir, 'host.config.json'));

const { frontDoor } = await import('../../lib/http/front-door');
const { checkSession } = await import('../../lib/auth/session-check');
const { USER_ID_HEADER } = await import('../../lib/auth/request-user');
const { getDb } = await import('../../lib/db');
const { getRegistry } = await import('../../lib/mcp/host-registry');
const conversations = await import('../../app/api/conversations/route');
const gates = await import('../../app/api/gates/[id]/route');
const chat = await import('../../app/api/chat/route');
const { getRedis: redis } = await import('../../lib/redis/client');

const db = await getDb();
const userId = randomUUID();
const token = randomUUID().replaceAll('-', '');
await db
  .insertInto('users')
  .values({ id: userId, display_name: 'Outage', email: `${userId}@users.invalid` })
  .execute();
await db
  .insertInto('auth_sessions')
  .values({ id: randomUUID(), user_id: userId, token, expires_at: new Date(Date.now() + 3_600_000) })
  .execute();
// The session cookie as Better Auth signs it: the token, a dot, its HMAC-SHA256 in base64.
const cookie = `mcplet.session_token=${encodeURIComponent(`${token}.${createHmac('sha256', secret).update(token).digest('base64')}`)}`;

afterAll(async () => {
  await dbProxy.restore();
  await redisProxy.restore();
  await (await getRegistry()).closeAll();
  await (await getDb()).destroy();
  await dbProxy.close();
  await redisProxy.close();
  await admin.query(`drop database if exists ${database} with (force)`);
  await admin.end();
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  await dbProxy.restore();
  await redisProxy.restore();
});

function apiRequest(path: string, init: RequestInit = {}): Request {
  return new Request(`${origin}${path}`, {
    ...init,
    headers: {
      host: 'localhost:3996',
      origin,
      'sec-fetch-site': 'same-origin',
      'content-type': 'application/json',
      [USER_ID_HEADER]: userId,
      ...init.headers,
    },
  });
}

async function expectPartDown(response: Response, part: string) {
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
  const body = (await response.json()) as { error: string; part: string };
  expect(body.part).toBe(part);
  expect(body.error).toMatch(/cannot reach/);
}

async function sessionLookup(path: string) {
  const url = new URL(`${origin}${path}`);
  const headers = new Headers({ host: 'localhost:3996', cookie, 'sec-fetch-site': 'same-origin' });
  return frontDoor({ method: 'GET', url, headers }, randomUUID(), checkSession);
}

describe('the database away', () => {
  it('the sign-in session lookup answers 503 naming the database (an API path as JSON, a page as text), then the session again', async () => {
    expect((await sessionLookup('/api/conversations')).kind).toBe('pass');
    await dbProxy.cut();
    const api = await sessionLookup('/api/conversations');
    expect(api.kind).toBe('answer');
    if (api.kind === 'answer') await expectPartDown(api.response, 'database');
    const page = await sessionLookup('/');
    expect(page.kind).toBe('answer');
    if (page.kind === 'answer') {
      expect(page.response.status).toBe(503);
      expect(page.response.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await page.response.text()).toMatch(/cannot reach its database/);
    }
    await dbProxy.restore();
    expect((await sessionLookup('/api/conversations')).kind).toBe('pass');
  });

  it('a route that reads the database answers 503 naming it, and serves again once it is back', async () => {
    expect((await conversations.GET(apiRequest('/api/conversations'))).status).toBe(200);
    await dbProxy.cut();
    await expectPartDown(await conversations.GET(apiRequest('/api/conversations')), 'database');
    await dbProxy.restore();
    expect((await conversations.GET(apiRequest('/api/conversations'))).status).toBe(200);
  });
});

describe('Redis away', () => {
  it('a gate answer fails at once (no 5-second wait) with 503 naming shared state, and works again once it is back', async () => {
    const id = randomUUID();
    const answer = () =>
      gates.POST(
        apiRequest(`/api/gates/${id}`, { method: 'POST', body: JSON.stringify({ approved: true }) }),
        {
          params: Promise.resolve({ id }),
        },
      );
    expect((await answer()).status).toBe(404);
    await redisProxy.cut();
    // The first command meets the connection as it closes; the next ones meet a Redis known to be down.
    await expectPartDown(await answer(), 'shared state');
    const started = performance.now();
    await expectPartDown(await answer(), 'shared state');
    expect(performance.now() - started).toBeLessThan(1_000);
    await redisProxy.restore();
    await expect.poll(async () => (await answer()).status, { timeout: 10_000 }).toBe(404);
  });

  it('a chat turn is refused at once with 503 naming shared state', async () => {
    await redisProxy.cut();
    await expect.poll(async () => (await redis()).isReady).toBe(false);
    const started = performance.now();
    const response = await chat.POST(
      apiRequest('/api/chat', {
        method: 'POST',
        body: JSON.stringify({
          id: randomUUID(),
          trigger: 'submit-message',
          message: { id: randomUUID(), role: 'user', parts: [{ type: 'text', text: 'hello' }] },
        }),
      }),
    );
    await expectPartDown(response, 'shared state');
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
