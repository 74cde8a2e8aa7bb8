import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { someoneElsesConversation } from '../fixtures/someone-elses-conversation';

// Routes as the host runs them (a fresh data directory, no demo servers): requests that must be
// refused whole, with nothing stored or stopped (docs/security.md).
const dir = mkdtempSync(join(tmpdir(), 'mcplet-refusals-'));
const hostOrigin = 'http://localhost:3998';
writeFileSync(join(dir, 'host.config.json'), JSON.stringify({ demoServers: false }));
vi.stubEnv('DATA_DIR', join(dir, 'data'));
vi.stubEnv('HOST_CONFIG', join(dir, 'host.config.json'));
vi.stubEnv('PORT', '3998');
vi.stubEnv('PUBLIC_ORIGIN', hostOrigin);

const servers = await import('../../app/api/servers/route');
const stream = await import('../../app/api/chat/[id]/stream/route');
const { getRegistry } = await import('../../lib/mcp/host-registry');
const { getDb, LOCAL_USER_ID } = await import('../../lib/db');
const { ensureConversation } = await import('../../lib/db/queries/conversations');
const { listStoredServers } = await import('../../lib/db/queries/servers');

afterAll(async () => {
  await (await getRegistry()).closeAll();
  rmSync(dir, { recursive: true, force: true });
});

function stop(id: string) {
  return stream.DELETE(new Request(`${hostOrigin}/api/chat/${id}/stream`, { method: 'DELETE' }), {
    params: Promise.resolve({ id }),
  });
}

describe('Stop answers only for the user’s own conversation', () => {
  it("another user's conversation, or none, is not found (404), like every other route of a conversation", async () => {
    const theirs = await someoneElsesConversation(await getDb());
    const response = await stop(theirs);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'This conversation does not exist.' });
    expect((await stop(randomUUID())).status).toBe(404);
    expect((await stop('not an id')).status).toBe(404);
  });

  it('the user’s own conversation with no reply running answers that nothing was stopped', async () => {
    const mine = randomUUID();
    await ensureConversation(await getDb(), LOCAL_USER_ID, mine, {
      title: 'm',
      chatMode: 'normal',
      modelId: null,
    });
    const response = await stop(mine);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ stopped: false });
  });
});

describe('outbound requests: a server URL the host cannot connect to', () => {
  it.each(['http://[fe80::1%25eth0]:3000/mcp', 'http://[fe80::1%eth0]/mcp', 'http://u:p@[fe80::1%25lo]/mcp'])(
    '%s is refused with 422, naming the zone id, and nothing is stored',
    async (url) => {
      const id = `zone-${randomUUID().slice(0, 8)}`;
      const response = await servers.POST(
        new Request(`${hostOrigin}/api/servers`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            origin: hostOrigin,
            'sec-fetch-site': 'same-origin',
          },
          body: JSON.stringify({ id, name: 'Zone', transport: { type: 'http', url } }),
        }),
      );
      expect(response.status).toBe(422);
      expect(String(((await response.json()) as { error: unknown }).error)).toContain('zone id');
      expect((await listStoredServers(await getDb())).map((s) => s.id)).not.toContain(id);
      expect((await getRegistry()).getFor(id, LOCAL_USER_ID)).toBeUndefined();
    },
  );
});
