import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenRestaurant } from '../../servers/restaurant/http';
import { mcpletTool, ODD_TOOLS, type OddServer, startOddServer } from '../../tests/fixtures/mcp/odd-server';
import { dispatch } from './dispatch';
import { McpRegistry } from './registry';

const session = { userId: 'local' };

function waitFor(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const tick = () => {
      if (check()) return resolve();
      if (Date.now() - started > timeoutMs) return reject(new Error('condition not met in time'));
      setTimeout(tick, 20);
    };
    tick();
  });
}

describe('5.3.1 admission of odd metadata from a real server', () => {
  let odd: OddServer;
  let registry: McpRegistry;
  beforeAll(async () => {
    odd = await startOddServer(0, ODD_TOOLS);
    registry = new McpRegistry(new Set());
    await registry
      .start({
        id: 'odd',
        name: 'Odd',
        transport: { type: 'http', url: odd.url },
        admission: 'strict',
        source: 'user',
        ownerId: 'local',
      })
      .connect();
  });
  afterAll(async () => {
    await registry.closeAll();
    await odd.close();
  });

  it('5.3.1 / 8.1: admits the good tool and rejects each odd one with its reason', () => {
    const catalog = registry.getFor('odd', 'local')?.catalog;
    expect(catalog?.tools.map((t) => t.name)).toEqual(['good_read']);
    const reasons = Object.fromEntries(
      catalog?.rejected.map((r) => [r.name.slice(0, 20), r.reasons.map((x) => x.code)]) ?? [],
    );
    expect(reasons).toEqual({
      twice_model: ['INVALID_VISIBILITY'],
      empty_visibility: ['INVALID_VISIBILITY'],
      admin_only: ['INVALID_VISIBILITY'],
      writes_things: ['INVALID_MCPLET_TYPE'],
      unguarded_action: ['ACTION_MODEL_VISIBLE_WITHOUT_AUTH'],
      plain_tool: ['MISSING_MCPLET_TYPE'],
      string_meta: ['INVALID_META'],
      array_schema: ['INVALID_INPUT_SCHEMA'],
      nnnnnnnnnnnnnnnnnnnn: ['INVALID_NAME'],
    });
  });
});

describe('5.3.2 hot reload through notifications/tools/list_changed', () => {
  let odd: OddServer;
  let registry: McpRegistry;
  beforeAll(async () => {
    odd = await startOddServer(0, [mcpletTool('alpha'), mcpletTool('beta')]);
    registry = new McpRegistry(new Set());
    await registry
      .start({
        id: 'hot',
        name: 'Hot',
        transport: { type: 'http', url: odd.url },
        admission: 'strict',
        source: 'user',
        ownerId: 'local',
      })
      .connect();
  });
  afterAll(async () => {
    await registry.closeAll();
    await odd.close();
  });

  it('5.3.2: a removed tool is evicted from every routing table, and a call to it is refused', async () => {
    expect(registry.modelTools({ userId: 'local' }).map((t) => t.modelName)).toEqual([
      'hot__alpha',
      'hot__beta',
    ]);
    await odd.setTools([mcpletTool('alpha')]);
    await waitFor(() => registry.modelTools({ userId: 'local' }).length === 1);
    expect(registry.modelTools({ userId: 'local' }).map((t) => t.modelName)).toEqual(['hot__alpha']);
    expect(registry.resolveModelName('hot__beta', 'local')).toBeUndefined();
    const outcome = await dispatch(registry, {
      serverId: 'hot',
      toolName: 'beta',
      args: {},
      surface: { kind: 'model' },
      session,
    });
    expect(outcome).toMatchObject({ sent: false, envelope: { error: { code: 'NOT_FOUND' } } });
  });

  it('5.3.2: a new tool is validated like the first listing, and a changed one is re-classified', async () => {
    await odd.setTools([
      mcpletTool('alpha', { visibility: ['app'] }),
      mcpletTool('gamma'),
      mcpletTool('delta', { visibility: ['model', 'model'] }),
    ]);
    await waitFor(
      () => registry.getFor('hot', 'local')?.catalog.tools.some((t) => t.name === 'gamma') === true,
    );
    const catalog = registry.getFor('hot', 'local')?.catalog;
    expect(catalog?.tools.map((t) => [t.name, t.visibility])).toEqual([
      ['alpha', ['app']],
      ['gamma', ['model']],
    ]);
    expect(catalog?.rejected.map((r) => r.name)).toEqual(['delta']);
    expect(registry.modelTools({ userId: 'local' }).map((t) => t.modelName)).toEqual(['hot__gamma']);
  });
});

describe('a dead server', () => {
  it('yields SERVICE_UNAVAILABLE while other servers keep working, then reconnects', async () => {
    const dying = await listenRestaurant(0);
    const port = Number(new URL(dying.url).port);
    const alive = await startOddServer(0, [mcpletTool('alpha')]);
    const registry = new McpRegistry(new Set());
    try {
      await registry
        .start({
          id: 'dying',
          name: 'Dying',
          transport: { type: 'http', url: dying.url },
          admission: 'strict',
          source: 'user',
          ownerId: 'local',
        })
        .connect();
      await registry
        .start({
          id: 'alive',
          name: 'Alive',
          transport: { type: 'http', url: alive.url },
          admission: 'strict',
          source: 'user',
          ownerId: 'local',
        })
        .connect();
      await dying.close();
      const down = await dispatch(registry, {
        serverId: 'dying',
        toolName: 'get_restaurant',
        args: { id: 'r-sakura' },
        surface: { kind: 'model' },
        session,
      });
      expect(down.envelope).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });
      expect(registry.getFor('dying', 'local')?.status).toBe('unavailable');
      const again = await dispatch(registry, {
        serverId: 'dying',
        toolName: 'get_restaurant',
        args: { id: 'r-sakura' },
        surface: { kind: 'model' },
        session,
      });
      expect(again).toMatchObject({ sent: false, envelope: { error: { code: 'SERVICE_UNAVAILABLE' } } });
      const other = await dispatch(registry, {
        serverId: 'alive',
        toolName: 'alpha',
        args: { text: 'hi' },
        surface: { kind: 'model' },
        session,
      });
      expect(other.envelope).toHaveProperty('result');

      const revived = await listenRestaurant(port);
      try {
        await waitFor(() => registry.getFor('dying', 'local')?.status === 'ready', 10_000);
        const back = await dispatch(registry, {
          serverId: 'dying',
          toolName: 'get_restaurant',
          args: { id: 'r-sakura' },
          surface: { kind: 'model' },
          session,
        });
        expect(back.envelope).toHaveProperty('result');
      } finally {
        await revived.close();
      }
    } finally {
      await registry.closeAll();
      await alive.close();
    }
  });

  it('a slow server yields SERVICE_UNAVAILABLE after its timeout', async () => {
    const slow = await startOddServer(0, [mcpletTool('alpha')]);
    const registry = new McpRegistry(new Set());
    try {
      await registry
        .start({
          id: 'slow',
          name: 'Slow',
          transport: { type: 'http', url: slow.url },
          admission: 'strict',
          timeoutMs: 300,
          source: 'user',
          ownerId: 'local',
        })
        .connect();
      const outcome = await dispatch(registry, {
        serverId: 'slow',
        toolName: 'alpha',
        args: { delayMs: 2000 },
        surface: { kind: 'model' },
        session,
      });
      expect(outcome.envelope).toMatchObject({
        error: { code: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(/did not answer/) },
      });
    } finally {
      await registry.closeAll();
      await slow.close();
    }
  });
});

describe('stdio servers (local mode)', () => {
  it('command execution: starts from an argv array without a shell', async () => {
    const registry = new McpRegistry(new Set());
    try {
      const connection = registry.start({
        id: 'everything',
        name: 'Everything',
        transport: {
          type: 'stdio',
          command: [
            process.execPath,
            'node_modules/@modelcontextprotocol/server-everything/dist/index.js',
            'stdio',
          ],
        },
        admission: 'annotations',
        source: 'user',
        ownerId: 'local',
      });
      await connection.connect();
      expect(connection.status).toBe('ready');
      expect(connection.kind).toBe('stdio');
      expect(
        connection.catalog.tools.every((t) => t.admittedBy === 'annotations' || t.admittedBy === 'mcplet'),
      ).toBe(true);
      expect(connection.catalog.tools.find((t) => t.name === 'echo')).toMatchObject({
        admittedBy: 'annotations',
      });

      const injected = registry.start({
        id: 'inject',
        name: 'Inject',
        transport: { type: 'stdio', command: ['echo', 'hi;', 'touch', '/tmp/mcplet-pwned', '&&', '$(id)'] },
        admission: 'strict',
        source: 'user',
        ownerId: 'local',
      });
      await injected.connect();
      expect(injected.status).toBe('unavailable');
      const { existsSync } = await import('node:fs');
      expect(existsSync('/tmp/mcplet-pwned')).toBe(false);
    } finally {
      await registry.closeAll();
    }
  }, 30_000);
});

describe('URL servers fall back from Streamable HTTP to SSE', () => {
  it('connects to an SSE-only server (server-everything in sse mode)', async () => {
    const { spawn } = await import('node:child_process');
    const port = 20000 + Math.floor(Math.random() * 20000);
    const child = spawn(
      process.execPath,
      ['node_modules/@modelcontextprotocol/server-everything/dist/index.js', 'sse'],
      {
        env: { ...process.env, PORT: String(port) },
        stdio: 'ignore',
      },
    );
    const registry = new McpRegistry(new Set());
    try {
      // The server may still be starting: the connection retries with backoff until it answers.
      const connection = registry.start({
        id: 'sse',
        name: 'SSE',
        transport: { type: 'http', url: `http://127.0.0.1:${port}/sse` },
        admission: 'annotations',
        source: 'user',
        ownerId: 'local',
      });
      await waitFor(() => connection.status === 'ready', 15_000);
      expect(connection.kind).toBe('sse');
      expect(connection.catalog.tools.some((t) => t.name === 'echo')).toBe(true);
    } finally {
      await registry.closeAll();
      child.kill();
    }
  }, 30_000);
});
