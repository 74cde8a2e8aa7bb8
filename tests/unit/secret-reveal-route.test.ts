import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UIMessage } from 'ai';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { listenVault } from '../../servers/vault/http';

// The route as the host runs it, against real vault processes' apps: one open, one that wants a token
// (the host holds it as a configured header), registered in host.config.json.
const open = await listenVault(0);
const guarded = await listenVault(0, { token: 'host-token' });
// Not an MCP server: it answers every secret with a redirect to the open vault, or a 500 under /broken/.
let redirectTo = '';
const redirector = createServer((req, res) => {
  if (req.url?.startsWith('/broken/')) res.writeHead(500).end('{}');
  else res.writeHead(302, { location: redirectTo }).end();
});
await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
const redirectorOrigin = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}`;
const dir = mkdtempSync(join(tmpdir(), 'mcplet-secrets-'));
writeFileSync(
  join(dir, 'host.config.json'),
  JSON.stringify({
    demoServers: false,
    servers: [
      { id: 'vault', name: 'Vault', transport: { type: 'http', url: open.url } },
      {
        id: 'locked',
        name: 'Locked vault',
        transport: { type: 'http', url: guarded.url, headers: { authorization: 'Bearer host-token' } },
      },
      { id: 'redirector', name: 'Redirector', transport: { type: 'http', url: `${redirectorOrigin}/mcp` } },
      // Same vault, but the host holds the wrong token for it.
      {
        id: 'wrong',
        name: 'Wrong token',
        transport: { type: 'http', url: guarded.url, headers: { authorization: 'Bearer nope' } },
      },
    ],
  }),
);
vi.stubEnv('DATA_DIR', join(dir, 'data'));
vi.stubEnv('HOST_CONFIG', join(dir, 'host.config.json'));

const route = await import('../../app/api/secrets/reveal/route');
const { getRegistry } = await import('../../lib/mcp/host-registry');
const { dispatch } = await import('../../lib/mcp/dispatch');
const { toHostToolOutput } = await import('../../lib/llm/host-tools');
const { getDb, LOCAL_USER_ID } = await import('../../lib/db');
const { ensureConversation } = await import('../../lib/db/queries/conversations');
const { listMessages, saveMessage } = await import('../../lib/db/queries/messages');

let counter = 0;

async function storeOutput(userId: string, serverId: string, output: unknown) {
  const db = await getDb();
  const conversationId = `conv-${++counter}`;
  const toolCallId = `call-${counter}`;
  await ensureConversation(db, userId, conversationId, { title: 't', chatMode: 'normal', modelId: null });
  const message = {
    id: `msg-${counter}`,
    role: 'assistant',
    parts: [
      { type: `tool-${serverId}__reveal_api_key`, toolCallId, state: 'output-available', input: {}, output },
    ],
  } as UIMessage;
  await saveMessage(db, userId, conversationId, message);
  return { conversationId, toolCallId };
}

/** A real call of reveal_api_key through the spine, its output stored as a chat turn stores it. */
async function revealedInChat(serverId: string, args: Record<string, unknown> = { name: 'default' }) {
  const registry = await getRegistry();
  await registry.getFor(serverId, 'local')?.connect();
  const outcome = await dispatch(registry, {
    serverId,
    toolName: 'reveal_api_key',
    args,
    surface: { kind: 'model' },
    session: { userId: LOCAL_USER_ID },
  });
  expect(outcome.envelope).not.toHaveProperty('error');
  const output = toHostToolOutput(serverId, 'reveal_api_key', outcome);
  const reference = output.view.result?.content.find((c) => c.type === ('secret_reference' as string)) as
    | { id: string; redeemUrl: string }
    | undefined;
  if (!reference) throw new Error('no secret_reference in the result');
  return { ...(await storeOutput(LOCAL_USER_ID, serverId, output)), reference, output };
}

function reveal(body: unknown) {
  return route.POST(
    new Request('http://localhost:3000/api/secrets/reveal', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
}

async function answer(response: Response) {
  return {
    status: response.status,
    cache: response.headers.get('cache-control'),
    body: await response.json(),
  };
}

afterAll(async () => {
  await (await getRegistry()).closeAll();
  await open.close();
  await guarded.close();
  redirector.closeAllConnections();
  redirector.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('POST /api/secrets/reveal: sensitive-output 4a through the host', () => {
  it('4a: reveals the value once (no-store), then 410 with the message to ask again; the stored history never holds the value', async () => {
    const { conversationId, toolCallId, reference } = await revealedInChat('vault');
    const first = await answer(await reveal({ conversationId, toolCallId, referenceId: reference.id }));
    expect(first).toEqual({
      status: 200,
      cache: 'no-store',
      body: { value: open.state.keys.find('default')?.key },
    });
    const second = await answer(await reveal({ conversationId, toolCallId, referenceId: reference.id }));
    expect(second.status).toBe(410);
    expect(second.cache).toBe('no-store');
    expect(second.body.error).toBe(
      'This secret was already revealed or has expired; ask the tool for a new one.',
    );
    const stored = JSON.stringify(await listMessages(await getDb(), LOCAL_USER_ID, conversationId));
    expect(stored).not.toContain(String(open.state.keys.find('default')?.key));
  });

  it('4a: the host sends the credentials it holds for the server: right token → value, wrong token → credentials message', async () => {
    const locked = await revealedInChat('locked');
    const ok = await answer(
      await reveal({
        conversationId: locked.conversationId,
        toolCallId: locked.toolCallId,
        referenceId: locked.reference.id,
      }),
    );
    expect(ok.body).toEqual({ value: guarded.state.keys.find('default')?.key });
    // The wrong-token server cannot even be called; store a result the locked vault issued under its name.
    const issued = await revealedInChat('locked');
    const stored = await storeOutput(LOCAL_USER_ID, 'wrong', {
      ...issued.output,
      view: { ...issued.output.view, serverId: 'wrong' },
    });
    const refused = await answer(await reveal({ ...stored, referenceId: issued.reference.id }));
    expect(refused.status).toBe(502);
    expect(refused.body).toMatchObject({ code: 'credentials' });
    expect(refused.body.error).toMatch(/refused the host's credentials/);
  });

  it('4 ttl: a reference older than its ttl is refused by the host without asking the server', async () => {
    const { output, reference } = await revealedInChat('vault', { name: 'default', ttlSeconds: 5 });
    const stale = { ...output, view: { ...output.view, ranAt: Date.now() - 6_000 } };
    const stored = await storeOutput(LOCAL_USER_ID, 'vault', stale);
    const refused = await answer(await reveal({ ...stored, referenceId: reference.id }));
    expect(refused.status).toBe(410);
    // Not spent at the vault: the host never asked.
    expect(open.state.references.redeem(reference.id, Date.now())).toMatchObject({ status: 200 });
  });

  it("4b: the browser names only the reference; a stored redeemUrl off the server's origin is refused, the stored one is never replaced", async () => {
    const { output, reference } = await revealedInChat('vault');
    const result = output.view.result;
    const elsewhere = reference.redeemUrl.replace(open.origin, guarded.origin);
    const forged = {
      ...output,
      view: {
        ...output.view,
        result: {
          ...result,
          content: [{ type: 'secret_reference', id: reference.id, label: 'k', redeemUrl: elsewhere }],
        },
      },
    };
    const stored = await storeOutput(LOCAL_USER_ID, 'vault', forged);
    const refused = await answer(
      await reveal({ ...stored, referenceId: reference.id, redeemUrl: reference.redeemUrl }),
    );
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'cross-origin' });
    expect(open.state.references.redeem(reference.id, Date.now())).toMatchObject({ status: 200 });
  });

  it('4a: a redirect is not followed (not even to the real vault), a 500 is a clear error, and neither spends the reference', async () => {
    const { output, reference } = await revealedInChat('vault');
    redirectTo = reference.redeemUrl;
    const at = (redeemUrl: string) => ({
      ...output,
      view: {
        ...output.view,
        serverId: 'redirector',
        result: { content: [{ type: 'secret_reference', id: reference.id, label: 'k', redeemUrl }] },
      },
    });
    const redirected = await storeOutput(LOCAL_USER_ID, 'redirector', at(`${redirectorOrigin}/secrets/x`));
    const refused = await answer(await reveal({ ...redirected, referenceId: reference.id }));
    expect(refused.status).toBe(502);
    expect(refused.body).toMatchObject({ code: 'redirect' });
    const broken = await storeOutput(LOCAL_USER_ID, 'redirector', at(`${redirectorOrigin}/broken/x`));
    const failed = await answer(await reveal({ ...broken, referenceId: reference.id }));
    expect(failed.body).toMatchObject({ code: 'upstream', error: 'The server could not reveal the secret.' });
    expect(open.state.references.redeem(reference.id, Date.now())).toMatchObject({ status: 200 });
  });

  it("owner only: another user's conversation, an unknown call or reference answer 404, a bad body 400", async () => {
    const db = await getDb();
    await db.insertInto('users').values({ id: 'other', display_name: 'Other' }).execute();
    const { output, reference } = await revealedInChat('vault');
    const theirs = await storeOutput('other', 'vault', output);
    expect((await reveal({ ...theirs, referenceId: reference.id })).status).toBe(404);
    const mine = await storeOutput(LOCAL_USER_ID, 'vault', output);
    expect((await reveal({ ...mine, referenceId: 'ref_unknown' })).status).toBe(404);
    expect((await reveal({ ...mine, toolCallId: 'call-none', referenceId: reference.id })).status).toBe(404);
    expect((await reveal({ conversationId: 'bad id!', toolCallId: 'x', referenceId: 'y' })).status).toBe(400);
    // None of that spent the reference.
    expect(open.state.references.redeem(reference.id, Date.now())).toMatchObject({ status: 200 });
  });
});
