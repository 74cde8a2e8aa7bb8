import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startModernServer } from '../../tests/fixtures/mcp/modern-server';
import {
  CITIES,
  INLINE_ICON,
  type LegacyPromptFixture,
  PROMPT_CREDENTIAL,
  type PromptFixture,
  startLegacyPromptServer,
  startModernPromptServer,
} from '../../tests/fixtures/mcp/prompt-server';
import { HostError } from '../http/host-errors';
import { completeFor, getPromptFor, promptsFor } from './prompts-api';
import { McpRegistry } from './registry';
import type { ServerConfig } from './server-config';

// MCP server feature "prompts" on both wires: 2026-07-28 (v2 server SDK, stateless, changes on
// subscriptions/listen) and 2025-11-25 (v1 server SDK, sessions, changes on the session's stream).
const http = (id: string, url: string, ownerId = 'u1'): ServerConfig => ({
  id,
  name: id === 'modern' ? 'Modern' : id === 'legacy' ? 'Legacy' : id,
  transport: { type: 'http', url },
  admission: 'annotations',
  source: 'user',
  ownerId,
});

/** The HostError `run` throws: its status and sentence. */
async function refusal(run: () => Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await run();
  } catch (error) {
    if (error instanceof HostError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error('it was not refused');
}

describe('prompts of both generations of servers, listed on the connection', () => {
  let modern: PromptFixture;
  let legacy: LegacyPromptFixture;
  let registry: McpRegistry;
  beforeAll(async () => {
    [modern, legacy] = await Promise.all([startModernPromptServer(), startLegacyPromptServer()]);
    registry = new McpRegistry(new Set());
    await Promise.all([
      registry.start(http('modern', modern.url)).connect(),
      registry.start(http('legacy', legacy.url)).connect(),
      registry.start(http('theirs', legacy.url, 'u2')).connect(),
    ]);
  });
  afterAll(async () => {
    await registry.closeAll();
    await modern.close();
    await legacy.close();
  });

  it('a 2026-07-28 server (v2 SDK, prompts only): listed on connect, inline icons kept, remote ones not', () => {
    const connection = registry.getFor('modern', 'u1');
    expect(connection?.status).toBe('ready');
    expect(connection?.protocolVersion).toBe('2026-07-28');
    // A server offering prompts and no tools connects: it is not asked for a tool list.
    expect(modern.seen).not.toContain('tools/list');
    expect(connection?.prompts.map((p) => p.name)).toEqual(['trip_plan', 'hello']);
    expect(connection?.prompts[0]).toMatchObject({
      title: 'Plan a trip',
      icons: [{ src: INLINE_ICON, mimeType: 'image/svg+xml' }],
      arguments: [
        { name: 'city', description: 'The city to visit', required: true },
        { name: 'days', description: 'How many days', required: false },
      ],
    });
  });

  it('a 2025-11-25 server (v1 SDK): every page of prompts/list read, a prompt without a name left out and noted', () => {
    const connection = registry.getFor('legacy', 'u1');
    expect(connection?.protocolVersion).toBe('2025-11-25');
    expect(connection?.prompts.map((p) => p.name)).toEqual(['code_review', 'describe_image', 'status']);
    expect(connection?.prompts[0]?.arguments[0]).toEqual({
      name: 'language',
      title: 'Language',
      description: 'The language of the code',
      required: true,
    });
    expect(connection?.prompts[1]?.icons).toEqual([]);
    expect(connection?.log.some((e) => e.message.includes('1 prompt(s) without a usable name'))).toBe(true);
  });

  it("GET /api/prompts: the user's servers' prompts with their server, never another user's", async () => {
    const mine = await promptsFor(registry, 'u1');
    expect(mine.problems).toEqual([]);
    expect(mine.prompts.map((p) => `${p.serverId}/${p.name}`)).toEqual([
      'legacy/code_review',
      'legacy/describe_image',
      'legacy/status',
      'modern/trip_plan',
      'modern/hello',
    ]);
    expect(mine.prompts[0]).toMatchObject({ serverName: 'Legacy', completions: true });
    expect(mine.prompts.every((p) => p.serverId !== 'theirs')).toBe(true);
    expect((await promptsFor(registry, 'u2')).prompts.map((p) => p.serverId)).toEqual([
      'theirs',
      'theirs',
      'theirs',
    ]);
    expect(await refusal(() => getPromptFor(registry, 'u1', { serverId: 'theirs', name: 'status' }))).toEqual(
      {
        status: 404,
        message: 'No such server.',
      },
    );
  });

  it('POST /api/prompts/get: arguments checked, then the messages as text (2026-07-28)', async () => {
    const got = await getPromptFor(registry, 'u1', {
      serverId: 'modern',
      name: 'trip_plan',
      arguments: { city: 'Kyoto', days: '' },
    });
    expect(got).toMatchObject({
      serverId: 'modern',
      serverName: 'Modern',
      name: 'trip_plan',
      title: 'Plan a trip',
    });
    expect(got.text).toContain('Plan three days in Kyoto.');
    // The user sees the server's text as it is; the model gets it masked when it is sent.
    expect(got.text).toContain(PROMPT_CREDENTIAL);
  });

  it('POST /api/prompts/get on a 2025-11-25 server: other content described in words, roles labelled', async () => {
    const got = await getPromptFor(registry, 'u1', { serverId: 'legacy', name: 'describe_image' });
    expect(got.text).toBe(
      'User:\n[image omitted]\n\nAssistant:\nI see a picture.\n\nUser:\n[resource file:///notes.txt]\nNotes about it.',
    );
    const review = await getPromptFor(registry, 'u1', {
      serverId: 'legacy',
      name: 'code_review',
      arguments: { language: 'Rust' },
    });
    expect(review.text).toContain('Review this Rust code.');
    expect(legacy.gets.at(-1)).toEqual({ name: 'code_review', arguments: { language: 'Rust' } });
  });

  it('refuses bad arguments with a 400 sentence, before the server is asked; an unknown prompt is 404', async () => {
    const asked = legacy.gets.length;
    expect(
      await refusal(() => getPromptFor(registry, 'u1', { serverId: 'legacy', name: 'code_review' })),
    ).toEqual({
      status: 400,
      message: 'The argument "Language" of "Review code" is required.',
    });
    expect(
      await refusal(() =>
        getPromptFor(registry, 'u1', {
          serverId: 'legacy',
          name: 'code_review',
          arguments: { language: 'Rust', sudo: 'yes' },
        }),
      ),
    ).toEqual({ status: 400, message: 'The prompt "code_review" has no argument "sudo".' });
    expect(await refusal(() => getPromptFor(registry, 'u1', { serverId: 'legacy' }))).toEqual({
      status: 400,
      message: 'Name the server (serverId) and the prompt (name).',
    });
    expect(await refusal(() => getPromptFor(registry, 'u1', { serverId: 'legacy', name: 'nope' }))).toEqual({
      status: 404,
      message: 'Legacy has no prompt named "nope".',
    });
    expect(await refusal(() => getPromptFor(registry, 'u1', { serverId: 'ghost', name: 'x' }))).toEqual({
      status: 404,
      message: 'No such server.',
    });
    expect(legacy.gets.length).toBe(asked);
  });

  it('POST /api/prompts/complete: completion/complete with ref/prompt and the other arguments as context', async () => {
    expect(
      await completeFor(registry, 'u1', {
        serverId: 'legacy',
        name: 'code_review',
        argument: { name: 'language', value: 'ru' },
      }),
    ).toEqual({ values: ['Rust', 'Ruby'], hasMore: false, total: 2 });
    expect(
      await completeFor(registry, 'u1', {
        serverId: 'legacy',
        name: 'code_review',
        argument: { name: 'focus', value: '' },
        context: { arguments: { language: 'Python' } },
      }),
    ).toMatchObject({ values: ['typing', 'packaging'] });
    expect(legacy.completions.at(-1)).toEqual({
      argument: 'focus',
      value: '',
      context: { language: 'Python' },
    });
    const modernCities = await completeFor(registry, 'u1', {
      serverId: 'modern',
      name: 'trip_plan',
      argument: { name: 'city', value: 'ko' },
    });
    expect(modernCities.values).toEqual(CITIES.filter((c) => c.startsWith('Ko')));
    expect(
      await refusal(() =>
        completeFor(registry, 'u1', {
          serverId: 'modern',
          name: 'trip_plan',
          argument: { name: 'town', value: '' },
        }),
      ),
    ).toEqual({ status: 400, message: 'The prompt "trip_plan" has no argument "town".' });
  });
});

describe('a server whose prompt list changes', () => {
  const open: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    for (const item of open.splice(0).reverse()) await item.close();
  });

  it('2026-07-28: the host asks for prompt changes on subscriptions/listen and lists again when told', async () => {
    const server = await startModernPromptServer();
    const registry = new McpRegistry(new Set());
    open.push(server, { close: () => registry.closeAll() });
    const connection = registry.start(http('modern', server.url));
    await connection.connect();
    await expect.poll(() => server.seen.includes('subscriptions/listen')).toBe(true);
    await expect
      .poll(() => connection.log.some((e) => e.message.includes('listening for prompt changes')))
      .toBe(true);
    server.addPrompt('added_later');
    await expect
      .poll(() => connection.prompts.map((p) => p.name), { timeout: 5_000 })
      .toEqual(['trip_plan', 'hello', 'added_later']);
  });

  it('2025-11-25: notifications/prompts/list_changed on the session lists the prompts again', async () => {
    const server = await startLegacyPromptServer();
    const registry = new McpRegistry(new Set());
    open.push(server, { close: () => registry.closeAll() });
    const connection = registry.start(http('legacy', server.url));
    await connection.connect();
    const lists = server.seen.filter((m) => m === 'prompts/list').length;
    server.addPrompt('added_later');
    await expect
      .poll(() => connection.prompts.map((p) => p.name), { timeout: 5_000 })
      .toEqual(['code_review', 'describe_image', 'status', 'added_later']);
    expect(server.seen.filter((m) => m === 'prompts/list').length).toBeGreaterThan(lists);
  });

  it('a server without the prompts capability is not asked for prompts', async () => {
    const server = await startModernServer('reject');
    const registry = new McpRegistry(new Set());
    open.push(server, { close: () => registry.closeAll() });
    const connection = registry.start(http('tools', server.url));
    await connection.connect();
    expect(connection.status).toBe('ready');
    expect(connection.prompts).toEqual([]);
    expect(server.seen.map((r) => r.rpcMethod)).not.toContain('prompts/list');
    expect((await promptsFor(registry, 'u1')).prompts).toEqual([]);
  });

  it('completions are asked only of a server that declares them (409 otherwise)', async () => {
    const server = await startLegacyPromptServer();
    const registry = new McpRegistry(new Set());
    open.push(server, { close: () => registry.closeAll() });
    const connection = registry.start(http('legacy', server.url));
    await connection.connect();
    // As if the server had not declared `completions` (the capabilities the host read at connect).
    const declared = connection.capabilities;
    if (!declared) throw new Error('not connected');
    delete declared.completions;
    expect((await promptsFor(registry, 'u1')).prompts[0]?.completions).toBe(false);
    expect(
      await refusal(() =>
        completeFor(registry, 'u1', {
          serverId: 'legacy',
          name: 'code_review',
          argument: { name: 'language', value: '' },
        }),
      ),
    ).toEqual({ status: 409, message: 'Legacy does not offer completions.' });
    expect(server.completions).toEqual([]);
  });
});

describe('server-everything (v1 SDK) over stdio', () => {
  it('lists its prompts, gets one with arguments and completes an argument (2025-11-25)', async () => {
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
        ownerId: 'u1',
      });
      await connection.connect();
      expect(connection.protocolVersion).toBe('2025-11-25');
      expect(connection.prompts.map((p) => p.name)).toEqual(
        expect.arrayContaining(['simple-prompt', 'args-prompt', 'completable-prompt']),
      );
      const got = await getPromptFor(registry, 'u1', {
        serverId: 'everything',
        name: 'args-prompt',
        arguments: { city: 'Lisbon' },
      });
      expect(got.text).toBe("What's weather in Lisbon?");
      const teams = await completeFor(registry, 'u1', {
        serverId: 'everything',
        name: 'completable-prompt',
        argument: { name: 'name', value: '' },
        context: { arguments: { department: 'Sales' } },
      });
      expect(teams.values).toEqual(['David', 'Eve', 'Frank']);
    } finally {
      await registry.closeAll();
    }
  }, 30_000);
});
