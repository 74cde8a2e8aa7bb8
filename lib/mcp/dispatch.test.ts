import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectedGated } from '../../tests/fixtures/mcp/gated-server';
import { connectedRestaurant } from '../../tests/fixtures/restaurant-registry';
import { bindingOf, mintPass } from '../gates/pass';
import { decideGate, openGate, spendApproval } from '../gates/pending';
import { dispatch } from './dispatch';
import type { McpRegistry } from './registry';

let demo: Awaited<ReturnType<typeof connectedRestaurant>>;
let registry: McpRegistry;
const session = { userId: 'local' };

beforeAll(async () => {
  demo = await connectedRestaurant();
  registry = demo.registry;
});

afterAll(() => demo.close());

describe('the demo MCPlet through the host', () => {
  it('5.3.1: admits the six tools with their metadata', () => {
    const connection = registry.getFor('restaurant', 'local');
    expect(connection?.status).toBe('ready');
    expect(connection?.kind).toBe('streamable-http');
    const tools = Object.fromEntries(connection?.catalog.tools.map((t) => [t.name, t]) ?? []);
    expect(Object.keys(tools).sort()).toEqual([
      'create_reservation',
      'draft_reservation_note',
      'get_restaurant',
      'prepare_reservation',
      'save_favourite',
      'search_restaurants',
    ]);
    expect(tools.save_favourite).toMatchObject({ mcpletType: 'prepare', hitlHint: 'notify' });
    expect(tools.draft_reservation_note).toMatchObject({ mcpletType: 'prepare', hitlHint: 'review' });
    expect(tools.search_restaurants).toMatchObject({
      mcpletType: 'read',
      visibility: ['model', 'app'],
      ui: { resourceUri: 'ui://restaurant/search.html', displayMode: 'llm-fullscreen' },
    });
    expect(tools.create_reservation).toMatchObject({
      mcpletType: 'action',
      visibility: ['app'],
      auth: { required: 'passkey', enforcement: 'strict' },
    });
    expect(connection?.catalog.rejected).toEqual([]);
  });

  it('5.3.4 / 9.4: prefetches and compiles every result schema', () => {
    const schemas = registry.getFor('restaurant', 'local')?.catalog.resultSchemas;
    expect([...(schemas?.values() ?? [])].map((s) => [s.uri, s.status, s.payload?.version])).toEqual([
      ['mcplet://tool-result-schema/search_restaurants', 'ready', 1],
      ['mcplet://tool-result-schema/get_restaurant', 'ready', 1],
      ['mcplet://tool-result-schema/prepare_reservation', 'ready', 1],
      ['mcplet://tool-result-schema/create_reservation', 'ready', 1],
    ]);
  });

  it('8.2: the model sees only model-visible tools, namespaced by server', () => {
    expect(
      registry
        .modelTools({ userId: 'local' })
        .map((t) => t.modelName)
        .sort(),
    ).toEqual([
      'restaurant__draft_reservation_note',
      'restaurant__get_restaurant',
      'restaurant__prepare_reservation',
      'restaurant__save_favourite',
      'restaurant__search_restaurants',
    ]);
  });

  it('dispatches a read call and projects content only for the model (15)', async () => {
    const outcome = await dispatch(registry, {
      serverId: 'restaurant',
      toolName: 'search_restaurants',
      args: { cuisine: 'italian' },
      surface: { kind: 'model' },
      session,
    });
    expect(outcome.sent).toBe(true);
    expect(outcome.envelope).toMatchObject({
      result: { total: 2 },
      _meta: { toolId: 'search_restaurants', mcpletType: 'read' },
    });
    expect(outcome.result?.structuredContent).toMatchObject({ total: 2 });
    expect(outcome.modelContent).toEqual([{ type: 'text', text: expect.stringContaining('Trattoria Luce') }]);
    expect(JSON.stringify(outcome.modelContent)).not.toContain('priceLevel');
    expect(outcome.exchange?.().request).toMatchObject({
      method: 'tools/call',
      params: { name: 'search_restaurants' },
    });
    expect(outcome.exchange?.().response).toMatchObject({ result: { structuredContent: { total: 2 } } });
  });

  it('9.1: invalid arguments give VALIDATION_ERROR and nothing is sent', async () => {
    const outcome = await dispatch(registry, {
      serverId: 'restaurant',
      toolName: 'search_restaurants',
      args: { maxPrice: 9 },
      surface: { kind: 'model' },
      session,
    });
    expect(outcome.sent).toBe(false);
    expect(outcome.envelope).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
  });

  it('10.7: a server error result keeps its isError and its code', async () => {
    const outcome = await dispatch(registry, {
      serverId: 'restaurant',
      toolName: 'get_restaurant',
      args: { id: 'r-nowhere' },
      surface: { kind: 'model' },
      session,
    });
    expect(outcome.envelope).toMatchObject({
      error: { code: 'NOT_FOUND', message: 'No restaurant has the id "r-nowhere".' },
    });
  });

  it('8.2: the model cannot call an app-only tool, and a view of another server cannot call this one', async () => {
    const asModel = await dispatch(registry, {
      serverId: 'restaurant',
      toolName: 'create_reservation',
      args: {},
      surface: { kind: 'model' },
      session,
    });
    expect(asModel).toMatchObject({ sent: false, decision: { allow: false, code: 'NOT_MODEL_VISIBLE' } });
    const crossServer = await dispatch(registry, {
      serverId: 'restaurant',
      toolName: 'get_restaurant',
      args: { id: 'r-sakura' },
      surface: { kind: 'app', serverId: 'weather' },
      session,
    });
    expect(crossServer).toMatchObject({ sent: false, decision: { allow: false, code: 'OTHER_SERVER' } });
  });

  it('4: an action stops at its gate: nothing is sent without a verified approval', async () => {
    const outcome = await dispatch(registry, {
      serverId: 'restaurant',
      toolName: 'create_reservation',
      args: { restaurantId: 'r-sakura', date: '2099-01-01', time: '19:00', partySize: 2, name: 'Ada' },
      surface: { kind: 'app', serverId: 'restaurant' },
      session,
    });
    expect(outcome).toMatchObject({
      sent: false,
      envelope: { error: { code: 'AUTH_REQUIRED' } },
      decision: { gate: 'passkey' },
    });
  });

  it('7.2: the host never dispatches a strict passkey action without an assertion, even past a gate', async () => {
    const call = {
      serverId: 'restaurant',
      toolName: 'create_reservation',
      args: { restaurantId: 'r-sakura', date: '2099-01-01', time: '19:00', partySize: 2, name: 'Ada' },
    };
    // An approval of a weaker gate for this very call: a pass without an assertion.
    const ticket = openGate({
      kind: 'model',
      gate: 'confirm',
      surface: { kind: 'app', serverId: 'restaurant' },
      userId: 'local',
      serverId: call.serverId,
      serverName: 'Restaurant',
      bindingServer: 'restaurant-mcplet',
      toolName: call.toolName,
      args: call.args,
    });
    decideGate(ticket.id, 'local', { approved: true });
    const spent = spendApproval(ticket.id, 'local', call.serverId, call.toolName, call.args);
    if (!spent.ok) throw new Error('expected a pass');
    const outcome = await dispatch(registry, {
      ...call,
      surface: { kind: 'app', serverId: 'restaurant' },
      session,
      pass: spent.pass,
    });
    expect(outcome).toMatchObject({ sent: false, envelope: { error: { code: 'AUTH_REQUIRED' } } });
  });

  it("16.3 by analogy: the passkey assertion sent in params._meta.mcplet_auth is not in the preview's exchange", async () => {
    const call = {
      serverId: 'restaurant',
      toolName: 'create_reservation',
      args: { restaurantId: 'r-sakura', date: '2099-01-01', time: '19:00', partySize: 2, name: 'Ada' },
    };
    const signature = 'c2lnbmF0dXJlLW5vdC1rZXB0';
    const pass = mintPass({
      gate: 'passkey',
      serverId: call.serverId,
      toolName: call.toolName,
      binding: bindingOf(call.serverId, call.toolName, call.args),
      auth: {
        type: 'passkey_assertion',
        credentialId: 'cred-1',
        challenge: 'challenge-1',
        clientDataJSON: 'e30',
        authenticatorData: 'YXV0aA',
        signature,
      },
      via: 'answer',
    });
    const outcome = await dispatch(registry, {
      ...call,
      surface: { kind: 'app', serverId: 'restaurant' },
      session,
      pass,
    });
    // Sent with the assertion (the server refuses this made-up one); the exchange keeps neither it nor its parts.
    expect(outcome.sent).toBe(true);
    const exchange = outcome.exchange?.();
    expect(exchange?.request).toMatchObject({ params: { _meta: { mcplet_auth: '[redacted]' } } });
    expect(JSON.stringify(exchange)).not.toContain(signature);
  });

  it('gate forgery: a gate pass not minted by lib/gates, used twice, or for other arguments is refused', async () => {
    const call = {
      serverId: 'restaurant',
      toolName: 'prepare_reservation',
      args: { restaurantId: 'r-sakura', date: '2099-01-01', time: '19:00', partySize: 2, name: 'Ada' },
    };
    const surface = { kind: 'app' as const, serverId: 'restaurant' };
    const approve = (args: Record<string, unknown>) => {
      const ticket = openGate({
        kind: 'model',
        gate: 'confirm',
        surface,
        userId: 'local',
        serverId: call.serverId,
        serverName: 'Restaurant',
        bindingServer: 'restaurant-mcplet',
        toolName: call.toolName,
        args,
      });
      decideGate(ticket.id, 'local', { approved: true });
      const spent = spendApproval(ticket.id, 'local', call.serverId, call.toolName, args);
      if (!spent.ok) throw new Error('expected a pass');
      return spent.pass;
    };
    const confirmOnly = (r: McpRegistry) => {
      const tool = r.tool('restaurant', 'prepare_reservation', { userId: 'local' });
      if (tool) tool.hitlHint = 'confirm';
      return () => {
        if (tool) tool.hitlHint = undefined;
      };
    };
    const restore = confirmOnly(registry);
    try {
      const pass = approve(call.args);
      const forged = { ...pass };
      expect(
        await dispatch(registry, { ...call, surface, session, pass: forged as typeof pass }),
      ).toMatchObject({ sent: false, envelope: { error: { code: 'AUTH_REQUIRED' } } });
      const other = approve({ ...call.args, partySize: 3 });
      expect(await dispatch(registry, { ...call, surface, session, pass: other })).toMatchObject({
        sent: false,
        envelope: { error: { code: 'AUTH_REQUIRED' } },
      });
      expect(await dispatch(registry, { ...call, surface, session, pass })).toMatchObject({ sent: true });
      expect(await dispatch(registry, { ...call, surface, session, pass })).toMatchObject({
        sent: false,
        envelope: { error: { code: 'AUTH_REQUIRED' } },
      });
    } finally {
      restore();
    }
  });

  it('a tool that does not exist is NOT_FOUND', async () => {
    const outcome = await dispatch(registry, {
      serverId: 'restaurant',
      toolName: 'nope',
      args: {},
      surface: { kind: 'model' },
      session,
    });
    expect(outcome.envelope).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});

describe('16.5 audit log of action calls', () => {
  it('records every action call with a hash of its arguments, and nothing for reads', async () => {
    const entries: unknown[] = [];
    registry.audit = (entry) => entries.push(entry);
    try {
      const args = { restaurantId: 'r-sakura', date: '2099-01-01', time: '19:00', partySize: 2, name: 'Ada' };
      await dispatch(registry, {
        serverId: 'restaurant',
        toolName: 'create_reservation',
        args,
        surface: { kind: 'app', serverId: 'restaurant' },
        session,
      });
      await dispatch(registry, {
        serverId: 'restaurant',
        toolName: 'get_restaurant',
        args: { id: 'r-sakura' },
        surface: { kind: 'model' },
        session,
      });
      expect(entries).toEqual([
        {
          userId: 'local',
          surface: 'app',
          serverId: 'restaurant',
          toolName: 'create_reservation',
          argsHash: expect.stringMatching(/^[0-9a-f]{16}$/),
          gate: 'passkey',
          outcome: 'refused:AUTH_REQUIRED',
        },
      ]);
      expect(JSON.stringify(entries)).not.toContain('Ada');
    } finally {
      registry.audit = undefined;
    }
  });
});

describe('4: the server-side confirmation check (a confirm gate, not a passkey: nothing else stands in the way)', () => {
  it.each([
    ['a model-visible action', 'send_note', { text: 'hi' }],
    ['a read the server gated', 'find_notes', { query: 'x' }],
  ])('%s without a passed gate is never sent, from the model or a view', async (_label, toolName, args) => {
    const gated = await connectedGated();
    try {
      for (const surface of [{ kind: 'model' as const }, { kind: 'app' as const, serverId: 'gated' }]) {
        const outcome = await dispatch(gated.registry, {
          serverId: 'gated',
          toolName,
          args,
          surface,
          session,
        });
        expect(outcome).toMatchObject({
          sent: false,
          decision: { allow: true, gate: 'confirm' },
          envelope: { error: { code: 'AUTH_REQUIRED', message: expect.stringContaining('confirmation') } },
        });
      }
      expect(gated.received).toEqual([]);
    } finally {
      await gated.close();
    }
  });
});
