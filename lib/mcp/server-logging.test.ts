import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  emitted,
  LOGGED_AWS_KEY,
  LOGGED_PASSWORD,
  startLoggingServer,
  startModernLoggingServer,
} from '../../tests/fixtures/mcp/logging-server';
import { mcpletTool, startOddServer } from '../../tests/fixtures/mcp/odd-server';
import { WITHHELD_MARKER } from '../trust/scrub';
import type { ServerConnection } from './connection';
import { dispatch } from './dispatch';
import { McpRegistry } from './registry';
import type { ServerConfig } from './server-config';
import { LOG_CAPACITY, LOG_LEVEL_META_KEY, type StoredLogEntry } from './server-log';
import { serverView } from './snapshot';

const session = { userId: 'local' };

let registry: McpRegistry | null = null;
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await registry?.closeAll();
  registry = null;
  for (const close of closers.splice(0)) await close();
});

async function connect(
  id: string,
  transport: ServerConfig['transport'],
  admission: ServerConfig['admission'],
) {
  registry = registry ?? new McpRegistry(new Set());
  const connection = registry.start({ id, name: id, transport, admission, source: 'user', ownerId: 'local' });
  await connection.connect();
  expect(connection.status).toBe('ready');
  return connection;
}

function call(serverId: string, toolName: string, args: Record<string, unknown> = {}) {
  if (!registry) throw new Error('no registry');
  return dispatch(registry, { serverId, toolName, args, surface: { kind: 'model' }, session });
}

const fromServer = (connection: ServerConnection): StoredLogEntry[] =>
  connection.log.filter((entry) => entry.source === 'server');

describe('MCP logging from a 2025-11-25 server (v1 SDK, declares logging)', () => {
  it('its log messages land in the server log with their level and logger, masked', async () => {
    const fixture = await startLoggingServer();
    closers.push(fixture.close);
    const connection = await connect('logs', { type: 'http', url: fixture.url }, 'strict');
    const outcome = await call('logs', 'emit_logs');
    expect(outcome.sent).toBe(true);
    // Sent on the call's own stream, before its result: there once the call is answered.
    const entries = fromServer(connection);
    expect(entries.map((e) => [e.level, e.logger])).toEqual(emitted(1).map((m) => [m.level, m.logger]));
    expect(entries[0]?.message).toBe('call 1: cache miss for the menu');
    expect(entries[3]?.message).toBe(`call 1: retrying with key ${WITHHELD_MARKER}`);
    const error = JSON.parse(entries[4]?.message ?? '{}') as Record<string, unknown>;
    expect(error).toMatchObject({ call: 1, error: 'connection refused' });
    const stored = JSON.stringify(connection.log);
    expect(stored).not.toContain(LOGGED_AWS_KEY);
    expect(stored).not.toContain(LOGGED_PASSWORD);
    // What the preview is sent is the same masked log, without whose call a message came during.
    expect(JSON.stringify(serverView(connection).log)).not.toContain(LOGGED_AWS_KEY);
    expect(entries.every((e) => e.userId === 'local')).toBe(true);
    expect(serverView(connection, { userId: 'local' }).log.some((e) => 'userId' in e)).toBe(false);
  });

  it("the warning-and-above messages go to the host's log, one line each, naming the server, masked", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const fixture = await startLoggingServer();
    closers.push(fixture.close);
    const connection = await connect('logs', { type: 'http', url: fixture.url }, 'strict');
    await call('logs', 'emit_logs');
    connection.log;
    const lines = [...warn.mock.calls, ...error.mock.calls].map((args) => String(args[0]));
    const ours = lines.filter((line) => line.startsWith('[mcp] logs (local/logs)'));
    expect(ours).toHaveLength(2);
    expect(ours[0]).toContain('warning [aws]: call 1: retrying with key');
    expect(ours[1]).toContain('error [db]:');
    expect(ours.join('\n')).not.toContain(LOGGED_AWS_KEY);
    expect(ours.join('\n')).not.toContain(LOGGED_PASSWORD);
  });

  it('logging/setLevel: the server honours it, and the level is set again on a new session', async () => {
    const fixture = await startLoggingServer();
    closers.push(fixture.close);
    const connection = await connect('logs', { type: 'http', url: fixture.url }, 'strict');
    expect(connection.logLevelControl).toEqual({ settable: true, level: null });

    await connection.setLogLevel('error');
    expect(fixture.levels.map((l) => l.level)).toEqual(['error']);
    expect(connection.logLevelControl).toEqual({ settable: true, level: 'error' });
    await call('logs', 'emit_logs');
    expect(fromServer(connection).map((e) => e.level)).toEqual(['error']);

    await connection.reconnect();
    expect(fixture.sessions()).toBe(2);
    expect(fixture.levels).toHaveLength(2);
    expect(fixture.levels[1]?.level).toBe('error');
    expect(fixture.levels[1]?.sessionId).not.toBe(fixture.levels[0]?.sessionId);
    await call('logs', 'emit_logs');
    expect(fromServer(connection).map((e) => e.level)).toEqual(['error', 'error']);
    expect(
      connection.log.some((e) => e.source === 'host' && e.message === 'log level set to error again'),
    ).toBe(true);
  });

  it('a flood of messages during one call: the call is answered and the log stays bounded', async () => {
    const fixture = await startLoggingServer();
    closers.push(fixture.close);
    const connection = await connect('logs', { type: 'http', url: fixture.url }, 'strict');
    const outcome = await call('logs', 'flood', { count: 3_000 });
    expect(outcome.envelope).toMatchObject({ result: [{ type: 'text', text: 'flooded 3000' }] });
    const log = connection.log;
    expect(log.length).toBeLessThanOrEqual(LOG_CAPACITY);
    expect(log.at(-1)?.message).toBe('flood 3000 of 3000');
  });
});

describe('MCP logging from a 2026-07-28 server (v2 SDK)', () => {
  it('no setLevel control, with the reason; the messages of a call still land, at the level the call asks for', async () => {
    const fixture = await startModernLoggingServer();
    closers.push(fixture.close);
    const connection = await connect('modern', { type: 'http', url: fixture.url }, 'annotations');
    expect(connection.protocolVersion).toBe('2026-07-28');
    expect(connection.logLevelControl).toMatchObject({ settable: false, why: 'modern' });
    await expect(connection.setLogLevel('debug')).rejects.toThrow();

    const outcome = await call('modern', 'emit_logs');
    expect(outcome.sent).toBe(true);
    const request = outcome.exchange?.().request as { params?: { _meta?: Record<string, unknown> } };
    expect(request.params?._meta?.[LOG_LEVEL_META_KEY]).toBe('info');
    // SEP-2575: sent on the call's response stream, at info and above as asked.
    expect(fromServer(connection).map((e) => [e.level, e.message])).toEqual([
      ['info', 'modern call 1: working'],
      ['warning', `modern call 1: key ${WITHHELD_MARKER} is old`],
    ]);
  });
});

describe('a server that does not declare logging', () => {
  it('offers no level to set, and says why', async () => {
    const odd = await startOddServer(0, [mcpletTool('alpha')]);
    closers.push(odd.close);
    const connection = await connect('quiet', { type: 'http', url: odd.url }, 'strict');
    expect(connection.logLevelControl).toMatchObject({ settable: false, why: 'not-offered' });
    expect(serverView(connection).logging).toMatchObject({ settable: false, why: 'not-offered' });
  });
});

describe("a stdio server's stderr", () => {
  it('lands in the server log a line at a time, masked', async () => {
    // A v1 server that writes a credential to stderr in two pieces when its tool is called.
    const script = `
      const { McpServer } = require('@modelcontextprotocol/sdk/server/mcp.js');
      const { StdioServerTransport } = require('@modelcontextprotocol/sdk/server/stdio.js');
      const server = new McpServer({ name: 'stderr-fixture', version: '1.0.0' });
      server.registerTool('whisper', { description: 'Writes to stderr', inputSchema: {}, _meta: { mcpletType: 'read', visibility: ['model', 'app'] } }, async () => {
        const key = process.env.WHISPERED;
        process.stderr.write('using key ' + key.slice(0, 8));
        await new Promise((resolve) => setTimeout(resolve, 20));
        process.stderr.write(key.slice(8) + ' for the menu\\n');
        return { content: [{ type: 'text', text: 'whispered' }] };
      });
      server.connect(new StdioServerTransport());
    `;
    const connection = await connect(
      'whisper',
      { type: 'stdio', command: [process.execPath, '-e', script], env: { WHISPERED: LOGGED_AWS_KEY } },
      'strict',
    );
    await call('whisper', 'whisper');
    await vi.waitFor(() => {
      expect(connection.log.filter((e) => e.source === 'stderr').map((e) => e.message)).toEqual([
        `using key ${WITHHELD_MARKER} for the menu`,
      ]);
    });
    expect(JSON.stringify(connection.log)).not.toContain(LOGGED_AWS_KEY.slice(8));
  }, 30_000);
});
