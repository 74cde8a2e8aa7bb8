import { afterEach, describe, expect, it } from 'vitest';
import { SECRET_BODY, type SessionServer, startSessionServer } from '../../tests/fixtures/mcp/session-server';
import { dispatch } from './dispatch';
import { McpRegistry } from './registry';

const session = { userId: 'local' };
const call = { serverId: 'sess', toolName: 'echo', args: {}, surface: { kind: 'model' as const }, session };

/** Longer than the first reconnect backoff (500 ms): a retry loop would have made another request. */
const LONGER_THAN_FIRST_RETRY_MS = 1_200;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let server: SessionServer | undefined;
let registry: McpRegistry | undefined;

async function connected() {
  server = await startSessionServer();
  registry = new McpRegistry(new Set());
  const connection = registry.start({
    id: 'sess',
    name: 'Sessions',
    transport: { type: 'http', url: server.url },
    admission: 'strict',
    source: 'user',
    ownerId: 'local',
  });
  await connection.connect();
  return { server, registry, connection };
}

afterEach(async () => {
  await registry?.closeAll();
  await server?.close();
  registry = undefined;
  server = undefined;
});

describe('MCP sessions: a server that forgets the session', () => {
  it('7: HTTP 404 on a request with a session id: a new initialize, and the call is retried once', async () => {
    const { server, registry, connection } = await connected();
    expect(connection.status).toBe('ready');
    expect((await dispatch(registry, call)).envelope).toHaveProperty('result');
    expect(server.initializations()).toBe(1);

    server.forget();
    const outcome = await dispatch(registry, call);
    expect(outcome.envelope).toHaveProperty('result');
    expect(server.initializations()).toBe(2);
    expect(server.toolCalls()).toBe(2);
    expect(connection.status).toBe('ready');

    expect((await dispatch(registry, call)).envelope).toHaveProperty('result');
    expect(server.initializations()).toBe(2);
  });

  it('7: a second 404 right after the new session is an error, not a loop', async () => {
    const { server, registry, connection } = await connected();
    server.forgetOnEveryCall(true);
    const outcome = await dispatch(registry, call);
    expect(outcome.envelope).toMatchObject({
      error: { message: 'Sessions answered HTTP 404 again after a new session was initialized' },
    });
    expect(server.initializations()).toBe(2);
    expect(server.requests.filter((r) => r === 'POST tools/call')).toHaveLength(2);
    expect(JSON.stringify(outcome.envelope)).not.toContain(SECRET_BODY);
    expect(connection.status).toBe('ready');
  });

  it('7: UI resource reads take the same path (a forgotten session is renewed)', async () => {
    const { server, connection } = await connected();
    server.forget();
    await expect(connection.readResource('ui://forgotten/view')).rejects.toThrow(/Method not found/);
    expect(server.initializations()).toBe(2);
  });
});

describe('MCP sessions: a server that answers HTTP 401', () => {
  it('7: HTTP 401 at connect: "authorization required", no SSE fallback, no retry loop', async () => {
    server = await startSessionServer();
    server.requireAuthorization(true);
    registry = new McpRegistry(new Set());
    const connection = registry.start({
      id: 'sess',
      name: 'Locked',
      transport: { type: 'http', url: server.url },
      admission: 'strict',
      source: 'user',
      ownerId: 'local',
    });
    await connection.connect();
    expect(connection.status).toBe('authorization-required');
    expect(connection.lastError).toBe('Locked requires authorization (HTTP 401): sign in with Connect.');
    // One request, the revision probe that opens every connect (server/discover), and nothing after.
    expect(server.requests).toEqual(['POST server/discover']);
    await pause(LONGER_THAN_FIRST_RETRY_MS);
    expect(server.requests).toEqual(['POST server/discover']);
    expect(connection.status).toBe('authorization-required');
  });

  it('7: HTTP 401 on a call: the chat card says authorization is required, the state changes', async () => {
    const { server, registry, connection } = await connected();
    server.requireAuthorization(true);
    const outcome = await dispatch(registry, call);
    expect(outcome.envelope).toMatchObject({
      error: {
        code: 'SERVICE_UNAVAILABLE',
        message: 'Sessions requires authorization (HTTP 401): sign in with Connect.',
      },
    });
    expect(connection.status).toBe('authorization-required');
    const before = server.requests.length;
    await pause(LONGER_THAN_FIRST_RETRY_MS);
    expect(server.requests.length).toBe(before);
    const again = await dispatch(registry, call);
    expect(again).toMatchObject({ sent: false, envelope: { error: { message: /requires authorization/ } } });
    expect(server.requests.length).toBe(before);
  });

  it('7: Reconnect tries again, once', async () => {
    const { server, connection } = await connected();
    server.requireAuthorization(true);
    await connection.reconnect();
    expect(connection.status).toBe('authorization-required');
    server.requireAuthorization(false);
    await connection.reconnect();
    expect(connection.status).toBe('ready');
  });
});
