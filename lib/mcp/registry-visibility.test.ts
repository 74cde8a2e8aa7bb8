import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpletTool, type OddServer, startOddServer } from '../../tests/fixtures/mcp/odd-server';
import { dispatch } from './dispatch';
import { McpRegistry, mayManage } from './registry';

describe("issue 16 item 3: a user's server is theirs alone; the operator's are everyone's", () => {
  let odd: OddServer;
  let registry: McpRegistry;
  beforeAll(async () => {
    odd = await startOddServer(0, [mcpletTool('alpha')]);
    registry = new McpRegistry(new Set());
    const http = { type: 'http' as const, url: odd.url };
    await Promise.all([
      registry
        .start({
          id: 'mine',
          name: 'Mine',
          transport: http,
          admission: 'strict',
          source: 'user',
          ownerId: 'u1',
        })
        .connect(),
      registry
        .start({
          id: 'theirs',
          name: 'Theirs',
          transport: http,
          admission: 'strict',
          source: 'user',
          ownerId: 'u2',
        })
        .connect(),
      registry
        .start({ id: 'shared', name: 'Shared', transport: http, admission: 'strict', source: 'config' })
        .connect(),
    ]);
  });
  afterAll(async () => {
    await registry.closeAll();
    await odd.close();
  });

  it('lists, finds and offers to the model only what the user may see', () => {
    expect(
      registry
        .listFor('u1')
        .map((c) => c.id)
        .sort(),
    ).toEqual(['mine', 'shared']);
    expect(registry.getFor('theirs', 'u1')).toBeUndefined();
    expect(registry.getFor('theirs', 'u2')?.id).toBe('theirs');
    expect(
      registry
        .modelTools({ userId: 'u1' })
        .map((t) => t.modelName)
        .sort(),
    ).toEqual(['mine__alpha', 'shared__alpha']);
    expect(registry.resolveModelName('theirs__alpha', 'u1')).toBeUndefined();
    expect(registry.tool('theirs', 'alpha', { userId: 'u1' })).toBeUndefined();
  });

  it("refuses a call to another user's server as if it did not exist, from every surface", async () => {
    for (const surface of [{ kind: 'model' as const }, { kind: 'app' as const, serverId: 'theirs' }]) {
      const refused = await dispatch(registry, {
        serverId: 'theirs',
        toolName: 'alpha',
        args: {},
        surface,
        session: { userId: 'u1' },
      });
      expect(refused).toMatchObject({ sent: false, envelope: { error: { code: 'NOT_FOUND' } } });
    }
    const calls = odd.calls.length;
    const own = await dispatch(registry, {
      serverId: 'theirs',
      toolName: 'alpha',
      args: {},
      surface: { kind: 'model' },
      session: { userId: 'u2' },
    });
    expect(own.envelope).toHaveProperty('result');
    expect(odd.calls.length).toBe(calls + 1);
  });

  it("lets a user manage their own server only; the operator's only in local mode", async () => {
    const mine = registry.getFor('mine', 'u1');
    const shared = registry.getFor('shared', 'u1');
    expect(mine && mayManage(mine, 'u1', 'hosted')).toBe(true);
    expect(mine && mayManage(mine, 'u2', 'hosted')).toBe(false);
    expect(shared && mayManage(shared, 'u1', 'hosted')).toBe(false);
    expect(shared && mayManage(shared, 'u1', 'local')).toBe(true);
    expect(await registry.remove('theirs', 'u1', 'hosted')).toBe('not-found');
    expect(await registry.remove('shared', 'u1', 'hosted')).toBe('operator-server');
    expect(registry.getFor('shared', 'u1')).toBeDefined();
  });

  it("two users' servers of the same id are two servers: each reaches their own, neither sees the other's", async () => {
    const other = await startOddServer(0, [mcpletTool('beta')]);
    const twin = (ownerId: string, url: string) =>
      registry
        .start({
          id: 'notes',
          name: 'Notes',
          transport: { type: 'http', url },
          admission: 'strict',
          source: 'user',
          ownerId,
        })
        .connect();
    try {
      await Promise.all([twin('u1', odd.url), twin('u2', other.url)]);
      expect(registry.getFor('notes', 'u1')?.catalog.tools.map((t) => t.name)).toEqual(['alpha']);
      expect(registry.getFor('notes', 'u2')?.catalog.tools.map((t) => t.name)).toEqual(['beta']);
      expect(registry.getFor('notes', 'u3')).toBeUndefined();
      expect(registry.modelTools({ userId: 'u2' }).map((t) => t.modelName)).toContain('notes__beta');
      expect(registry.modelTools({ userId: 'u2' }).map((t) => t.modelName)).not.toContain('notes__alpha');
      const before = other.calls.length;
      const own = await dispatch(registry, {
        serverId: 'notes',
        toolName: 'beta',
        args: {},
        surface: { kind: 'model' },
        session: { userId: 'u2' },
      });
      expect(own.envelope).toHaveProperty('result');
      expect(other.calls.length).toBe(before + 1);
      expect(await registry.remove('notes', 'u2', 'hosted')).toBe('removed');
      expect(registry.getFor('notes', 'u2')).toBeUndefined();
      expect(registry.getFor('notes', 'u1')?.status).toBe('ready');
    } finally {
      await registry.remove('notes', 'u1', 'hosted');
      await other.close();
    }
  });
});
