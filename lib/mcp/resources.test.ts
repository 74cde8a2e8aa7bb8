import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RESOURCE_CREDENTIAL,
  type ResourceFixture,
  startResourceServer,
  USER_ONLY,
  VAULT_TEXT,
} from '../../tests/fixtures/mcp/resource-server';
import { HostError } from '../http/host-errors';
import { resourceForModel } from '../mcplet/resource-projection';
import { McpRegistry } from './registry';
import {
  completeResourceFor,
  readResourceFor,
  resourceChanges,
  resourcesFor,
  watchResource,
} from './resources-api';
import type { ServerConfig } from './server-config';

// MCP server feature "resources" on a 2025-11-25 server (v1 SDK): listed on the connection, a
// template completed (ref/resource), and read only by the host, for the model.
const http = (id: string, url: string, ownerId = 'u1'): ServerConfig => ({
  id,
  name: id === 'notes' ? 'Notes' : id,
  transport: { type: 'http', url },
  admission: 'annotations',
  source: 'user',
  ownerId,
});

async function refusal(run: () => Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await run();
  } catch (error) {
    if (error instanceof HostError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error('it was not refused');
}

describe('resources of a server, listed on the connection and read by the host', () => {
  let fixture: ResourceFixture;
  let registry: McpRegistry;
  beforeAll(async () => {
    fixture = await startResourceServer();
    registry = new McpRegistry(new Set());
    await Promise.all([
      registry.start(http('notes', fixture.url)).connect(),
      registry.start(http('theirs', fixture.url, 'u2')).connect(),
    ]);
  });
  afterAll(async () => {
    await registry.closeAll();
    await fixture.close();
  });

  it('every page of resources/list and the templates, with their variables, for the user only', async () => {
    const { resources, problems } = await resourcesFor(registry, 'u1');
    expect(problems).toEqual([]);
    expect(resources.filter((r) => r.kind === 'resource').map((r) => r.kind === 'resource' && r.uri)).toEqual(
      ['notes://guide', 'notes://vault', 'notes://linked', 'notes://unlinked'],
    );
    expect(resources.find((r) => r.kind === 'template')).toMatchObject({
      uriTemplate: 'notes://topics/{topic}',
      variables: ['topic'],
      serverId: 'notes',
      serverName: 'Notes',
      completions: true,
    });
    // Another user's server is not among them.
    expect(resources.every((r) => r.serverId === 'notes')).toBe(true);
  });

  it("a template's variable completes with ref/resource; another user's server or an unknown variable is refused", async () => {
    const asked = {
      serverId: 'notes',
      uriTemplate: 'notes://topics/{topic}',
      argument: { name: 'topic', value: 'k' },
    };
    expect(await completeResourceFor(registry, 'u1', asked)).toMatchObject({ values: ['kyoto', 'kobe'] });
    expect(fixture.completions.at(-1)).toEqual({
      ref: 'notes://topics/{topic}',
      argument: 'topic',
      value: 'k',
    });
    expect(
      (await refusal(() => completeResourceFor(registry, 'u1', { ...asked, serverId: 'theirs' }))).status,
    ).toBe(404);
    expect(
      (
        await refusal(() =>
          completeResourceFor(registry, 'u1', { ...asked, argument: { name: 'x', value: '' } }),
        )
      ).status,
    ).toBe(400);
    expect(
      (await refusal(() => completeResourceFor(registry, 'u1', { ...asked, uriTemplate: 'no://{a}' })))
        .status,
    ).toBe(404);
  });

  it("resources/read on the user's own connection, read for the model: user-only and sensitive parts withheld", async () => {
    const guide = await readResourceFor(registry, 'u1', 'notes', 'notes://guide');
    expect(guide.ok).toBe(true);
    if (!guide.ok) return;
    const text = resourceForModel({
      serverId: 'notes',
      serverName: guide.serverName,
      uri: 'notes://guide',
      reading: guide.reading,
    });
    expect(text).not.toContain(RESOURCE_CREDENTIAL);
    expect(JSON.stringify(guide.reading)).not.toContain(USER_ONLY);
    const vault = await readResourceFor(registry, 'u1', 'notes', 'notes://vault');
    expect(JSON.stringify(vault)).not.toContain(VAULT_TEXT);
  });

  it("a read that fails says why; another user's server is no server", async () => {
    expect(await readResourceFor(registry, 'u1', 'notes', 'notes://missing')).toMatchObject({ ok: false });
    expect(await readResourceFor(registry, 'u1', 'theirs', 'notes://guide')).toEqual({
      ok: false,
      error: 'no such server',
    });
  });

  it('a 2025-era subscription: resources/subscribe once, and an update the server sends marks the resource changed', async () => {
    const since = Date.now() - 1;
    expect(await watchResource(registry, 'u1', 'notes', 'notes://linked')).toBe(true);
    expect(await watchResource(registry, 'u1', 'notes', 'notes://linked')).toBe(true);
    expect(fixture.subscriptions.filter((u) => u === 'notes://linked')).toHaveLength(1);
    const ask = { items: [{ serverId: 'notes', uri: 'notes://linked', since }] };
    expect(resourceChanges(registry, 'u1', ask)).toEqual({ changed: [false] });
    fixture.update('notes://linked');
    await expect.poll(() => resourceChanges(registry, 'u1', ask).changed[0]).toBe(true);
    // Another user's server reads as unchanged; a malformed ask is a 400.
    expect(resourceChanges(registry, 'u2', ask)).toEqual({ changed: [false] });
    expect((await refusal(async () => resourceChanges(registry, 'u1', { items: 'x' }))).status).toBe(400);
  });
});
