import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mcpletTool, type OddServer, startOddServer } from '../../tests/fixtures/mcp/odd-server';
import { dispatch } from './dispatch';
import { McpRegistry, mayManage, mayReconnect } from './registry';
import { viewLabel } from './view-origin';

describe("a user's server is theirs alone; the operator's are everyone's", () => {
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

  it("switches admission by remove's rules, re-listing the tools; the session's trace has every message", async () => {
    expect(await registry.readmit('theirs', 'u1', 'annotations', 'hosted')).toBe('not-found');
    expect(await registry.readmit('shared', 'u1', 'annotations', 'hosted')).toBe('operator-server');
    const shared = registry.getFor('shared', 'u1');
    expect(shared?.config.admission).toBe('strict');
    const listings = () =>
      shared?.trace.entries('tools/list').filter((e) => e.direction === 'sent').length ?? 0;
    const before = listings();
    expect(await registry.readmit('shared', 'u1', 'annotations', 'local')).toBe(shared);
    expect(shared?.config.admission).toBe('annotations');
    expect(listings()).toBe(before + 1);
    expect(shared?.admissionSwitch('strict')).toMatchObject({
      from: 'annotations',
      to: 'strict',
      rejected: [],
    });
    const methods = shared?.trace.methods() ?? [];
    expect(methods).toEqual(
      expect.arrayContaining(['initialize', 'notifications/initialized', 'tools/list']),
    );
    await registry.readmit('shared', 'u1', 'strict', 'local');
    expect(shared?.config.admission).toBe('strict');
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

  it('a perUser operator server gives each user a connection of their own: their own session, sign-in and view origin', async () => {
    const config = {
      id: 'per',
      name: 'Per user',
      transport: { type: 'http' as const, url: odd.url },
      admission: 'strict' as const,
      source: 'config' as const,
      perUser: true,
    };
    registry.offerPerUser(config);
    try {
      expect(registry.list().some((c) => c.id === 'per')).toBe(false);
      const u1 = registry.getFor('per', 'u1');
      const u2 = registry.listFor('u2').find((c) => c.id === 'per');
      expect(u1?.config.ownerId).toBe('u1');
      expect(u2?.config.ownerId).toBe('u2');
      expect(u1).not.toBe(u2);
      expect(registry.getFor('per', 'u1')).toBe(u1);
      await Promise.all([u1?.connect(), u2?.connect()]);
      expect(registry.listFor('u1').filter((c) => c.id === 'per')).toEqual([u1]);
      expect(registry.modelTools({ userId: 'u1' }).map((t) => t.modelName)).toContain('per__alpha');

      const callAs = (userId: string) =>
        dispatch(registry, {
          serverId: 'per',
          toolName: 'alpha',
          args: { as: userId },
          surface: { kind: 'model' },
          session: { userId },
        });
      await callAs('u1');
      await callAs('u2');
      const sessionOf = (userId: string) =>
        odd.calls.find((c) => (c.arguments as { as?: string } | undefined)?.as === userId)?.session;
      expect(sessionOf('u1')).toEqual(expect.any(String));
      expect(sessionOf('u2')).toEqual(expect.any(String));
      expect(sessionOf('u1')).not.toBe(sessionOf('u2'));

      expect(u1 && viewLabel(u1.config)).not.toBe(u2 && viewLabel(u2.config));
      expect(u1 && mayReconnect(u1, 'u1', 'hosted')).toBe(true);
      expect(u1 && mayReconnect(u1, 'u2', 'hosted')).toBe(false);
      const shared = registry.getFor('shared', 'u1');
      expect(shared && mayReconnect(shared, 'u1', 'hosted')).toBe(false);
      expect(await registry.remove('per', 'u1', 'hosted')).toBe('operator-server');
      await u1?.reconnect();
      expect(u2?.status).toBe('ready');
      // A user reaching the host for the first time waits for their new connection's first connect.
      await registry.reachFor('u3');
      expect(registry.getFor('per', 'u3')?.status).toBe('ready');

      // Unreached for the idle time, a user's connection closes; reaching it keeps it; reaching it
      // after it closed starts a new one.
      const before = registry.getFor('per', 'u3');
      const t = Date.now() + 1_000;
      vi.useFakeTimers({ toFake: ['Date'], now: t });
      try {
        registry.getFor('per', 'u3');
        vi.setSystemTime(t + 50_000);
        registry.getFor('per', 'u3');
        expect(await registry.closeIdle(60_000, t + 100_000)).toBe(2);
        expect(before?.status).toBe('ready');
        expect(await registry.closeIdle(60_000, t + 120_000)).toBe(1);
      } finally {
        vi.useRealTimers();
      }
      expect(before?.status).toBe('closed');
      expect(registry.heldFor('per', 'u3')).toBeUndefined();
      const again = registry.getFor('per', 'u3');
      expect(again).not.toBe(before);
      await again?.connect();
      expect(again?.status).toBe('ready');
      expect(registry.getFor('shared', 'u1')?.status).toBe('ready');
    } finally {
      expect(await registry.remove('per', 'u1', 'local')).toBe('removed');
    }
    expect(registry.list().some((c) => c.id === 'per')).toBe(false);
    expect(registry.getFor('per', 'u2')).toBeUndefined();
  });

  it("waits for a user's new perUser connection once; a server that does not answer is not waited for on every request", async () => {
    // Accepts connections and never answers: the connection stays "connecting".
    const silent: Server = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    registry.offerPerUser({
      id: 'silent',
      name: 'Silent',
      transport: { type: 'http', url: `http://127.0.0.1:${port}/mcp` },
      admission: 'strict',
      source: 'config',
      perUser: true,
    });
    registry.perUser.firstConnectWaitMs = 300;
    const settled = (reach: Promise<void>) =>
      Promise.race([reach.then(() => 'returned'), new Promise((r) => setTimeout(() => r('waiting'), 150))]);
    try {
      const first = registry.reachFor('u7');
      const beside = registry.reachFor('u7');
      expect(await Promise.all([settled(first), settled(beside)])).toEqual(['waiting', 'waiting']);
      await Promise.all([first, beside]);
      expect(registry.getFor('silent', 'u7')?.status).toBe('connecting');
      // Still trying: the next requests go on at once.
      expect(await settled(registry.reachFor('u7'))).toBe('returned');
      expect(await settled(registry.reachFor('u7'))).toBe('returned');
    } finally {
      expect(await registry.remove('silent', 'u7', 'local')).toBe('removed');
      silent.close();
    }
  });
});
