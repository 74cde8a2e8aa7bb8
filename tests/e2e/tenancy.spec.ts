import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type BrowserContext, expect, test } from '@playwright/test';
import pg from 'pg';
import { invitedAccount } from './helpers/operator';
import { type RouteEntry, routeTable } from './helpers/route-table';
import { hostedDatabaseUrl } from './hosted-env';
import { FAKE_LLM_URL, HOSTED_HOST_PORT } from './ports';

// Every record and call is the user's own. The cases come from the route table
// (app/**/route.ts and page.tsx), so a new route without a case fails the first test.
const ORIGIN = `http://localhost:${HOSTED_HOST_PORT}`;
test.use({ baseURL: ORIGIN });

/** The routes a signed-out request may reach, each with why. */
const OPEN_ROUTES: Record<string, string> = {
  'PAGE /sign-in': 'the sign-in page itself',
  'GET /api/auth/[...all]': "Better Auth's endpoints act on the caller's own session or ceremony",
  'POST /api/auth/[...all]': "Better Auth's endpoints act on the caller's own session or ceremony",
  'GET /healthz': 'liveness for the load balancer; says nothing about any user',
  'GET /readyz': 'readiness for the load balancer; says nothing about any user',
  'GET /oauth/client-metadata.json': "the host's public OAuth client document",
  'GET /sandbox':
    "served on a server's sandbox origin only (never on the chat's names); see the sandbox case",
};

const CONVERSATION = "A's conversation is A's alone";
const RUNNING = "A's running reply is A's alone";
const GATE = "A's gate ticket is A's alone";
const BORROW = "a call cannot borrow A's conversation";
const RULES = "A's remembered approval is A's alone";
const OPERATOR =
  "B cannot remove, reconnect, sign out of, switch the admission of or read the session trace of the operator's servers";
const OWN_ONLY = "acts only on the caller's own records (looked up by the session user)";
const SERVERS =
  "a server's tools, views and resources: the operator's are shared, a user's are theirs alone (registry.getFor, lib/mcp/registry-visibility.test.ts)";

/** For each route that needs a session: the case (a test below) or the rule that keeps B out of A's. */
const CROSS_USER: Record<string, string> = {
  'PAGE /': CONVERSATION,
  'POST /api/account/links': OWN_ONLY,
  'GET /api/approval-rules': RULES,
  'DELETE /api/approval-rules/[id]': RULES,
  'GET /api/apps/resources': SERVERS,
  'POST /api/apps/resources': SERVERS,
  'GET /api/apps/ui-resource': SERVERS,
  'GET /api/attachments/[id]': `${OWN_ONLY}: an attachment is looked up by its id and the session user`,
  'POST /api/chat': CONVERSATION,
  'GET /api/chat/[id]/stream': RUNNING,
  'DELETE /api/chat/[id]/stream': RUNNING,
  'DELETE /api/chat/[id]/calls/[callId]': RUNNING,
  'POST /api/chat/[id]/reply-save': `${CONVERSATION}: a held reply is keyed by its user (lib/llm/held-replies.ts)`,
  'GET /api/conversations': CONVERSATION,
  'GET /api/conversations/[id]': CONVERSATION,
  'PATCH /api/conversations/[id]': CONVERSATION,
  'DELETE /api/conversations/[id]': CONVERSATION,
  'GET /api/conversations/[id]/export': CONVERSATION,
  'POST /api/conversations/[id]/branch': CONVERSATION,
  'POST /api/conversations/[id]/view-tools': CONVERSATION,
  'DELETE /api/conversations/[id]/view-tools': CONVERSATION,
  'POST /api/conversations/[id]/view-tools/runs/[runId]': CONVERSATION,
  'POST /api/conversations/[id]/view-sampling': CONVERSATION,
  'GET /api/derived': `${OWN_ONLY}: the derived results store keys attempts by user`,
  'GET /api/search': `${OWN_ONLY}: the owner is part of the match (lib/db/queries/message-search.test.ts)`,
  'POST /api/derived/[id]': BORROW,
  'GET /api/elicitations': `${OWN_ONLY}: questions of the user's own calls`,
  'POST /api/elicitations/[id]': BORROW,
  'POST /api/gates/[id]': GATE,
  'POST /api/gates/[id]/challenge': GATE,
  'POST /api/gates/[id]/verified': GATE,
  'GET /api/icons': `${SERVERS}; an icon is served only for a server the user may see`,
  'GET /api/models': "shared: the operator's model list; nothing of a user's",
  'GET /api/passkey/status': `${OWN_ONLY}: the FIDO2 server's user is the session user`,
  'POST /api/passkey/register': `${OWN_ONLY}: the FIDO2 server's user is the session user`,
  'POST /api/secrets/reveal': BORROW,
  'GET /api/prompts': SERVERS,
  'POST /api/prompts/get': SERVERS,
  'POST /api/prompts/complete': SERVERS,
  'GET /api/resources': SERVERS,
  'POST /api/resources/complete': SERVERS,
  'POST /api/resources/changes': SERVERS,
  'GET /api/sampling': `${OWN_ONLY}: sampling requests of the user's own calls (lib/mcp/sampling.test.ts)`,
  'POST /api/sampling/[id]': GATE,
  'GET /api/servers': SERVERS,
  'POST /api/servers': `${OWN_ONLY}: a server added is the adder's`,
  'DELETE /api/servers/[id]': OPERATOR,
  'POST /api/servers/[id]/reconnect': OPERATOR,
  'POST /api/servers/[id]/log-level': OPERATOR,
  'GET /api/servers/[id]/admission': `${SERVERS}; what a switch would do, computed from the server B may see`,
  'POST /api/servers/[id]/admission': OPERATOR,
  'GET /api/servers/[id]/trace': OPERATOR,
  'POST /api/servers/[id]/oauth': `${SERVERS}; tokens are sealed per user (server_auth)`,
  'DELETE /api/servers/[id]/oauth': `${SERVERS}; tokens are sealed per user (server_auth)`,
  'GET /api/servers/[id]/tools/[name]/change': `${SERVERS}; pins are per user`,
  'POST /api/servers/[id]/tools/[name]/accept': `${SERVERS}; pins are per user`,
  'GET /api/servers/[id]/views/change': `${SERVERS}; view pins are per user (lib/mcp/pins.test.ts)`,
  'POST /api/servers/[id]/views/accept': `${SERVERS}; view pins are per user (lib/mcp/pins.test.ts)`,
  'POST /api/tools/call': BORROW,
  'POST /api/tools/decide': BORROW,
  'GET /api/tools/changed': `${SERVERS}; pins are per user`,
  'GET /api/trust': BORROW,
  'PAGE /audit': `${OWN_ONLY}: the action log is read by user id`,
  'PAGE /c/[id]': CONVERSATION,
  'PAGE /preview': SERVERS,
  'PAGE /settings': RULES,
  'GET /api/settings': `${OWN_ONLY}: the settings are read by the session user's id`,
  'PATCH /api/settings': `${OWN_ONLY}: the settings are saved under the session user's id`,
  'GET /oauth/callback': `${OWN_ONLY}: the pending sign-in is found by its state among the user's own`,
};

function key(route: RouteEntry): string {
  return `${route.method} ${route.path}`;
}

/** A concrete URL for a route pattern: every dynamic segment gets a value nobody owns. */
function concrete(path: string): string {
  return path
    .replace(/\[\.\.\.[^\]]+\]/g, 'session')
    .replace(/\[[^\]]+\]/g, `nobody-${randomUUID().slice(0, 8)}`);
}

async function send(request: APIRequestContext, method: string, url: string, data?: unknown) {
  const options = { data: data ?? {}, maxRedirects: 0, failOnStatusCode: false };
  if (method === 'PAGE' || method === 'GET') return request.get(url, { maxRedirects: 0 });
  if (method === 'DELETE') return request.delete(url, options);
  if (method === 'PATCH') return request.patch(url, options);
  return request.post(url, options);
}

const routes = routeTable();

test('every route of the host is open for a reason, or needs a session and has a cross-user case', () => {
  const unknownOpen = Object.keys(OPEN_ROUTES).filter((k) => !routes.some((r) => key(r) === k));
  expect(unknownOpen, 'open routes that no longer exist').toEqual([]);
  expect(routes.length).toBeGreaterThan(40);
  const withoutCase = routes.map(key).filter((k) => !(k in OPEN_ROUTES) && !(k in CROSS_USER));
  expect(withoutCase, 'routes with no cross-user case: add one to CROSS_USER').toEqual([]);
  const stale = Object.keys(CROSS_USER).filter((k) => !routes.some((r) => key(r) === k));
  expect(stale, 'cross-user cases of routes that no longer exist').toEqual([]);
});

test.describe('signed out', () => {
  for (const route of routes.filter((r) => !(key(r) in OPEN_ROUTES))) {
    test(`${key(route)} needs a session`, async ({ request }) => {
      const response = await send(request, route.method, concrete(route.path));
      if (route.method === 'PAGE') {
        expect(response.status(), key(route)).toBe(303);
        expect(response.headers().location).toContain('/sign-in');
      } else {
        expect(response.status(), key(route)).toBe(401);
      }
    });
  }
});

test.describe
  .serial('user B and user A', () => {
    let contextA: BrowserContext;
    let contextB: BrowserContext;
    let a: APIRequestContext;
    let b: APIRequestContext;
    let conversationA = '';
    let messageA = '';
    let nameA = '';

    test.beforeAll(async ({ browser }) => {
      const signUp = (name: string) => invitedAccount(browser, ORIGIN, name);
      nameA = `A ${randomUUID().slice(0, 6)}`;
      contextA = await signUp(nameA);
      contextB = await signUp(`B ${randomUUID().slice(0, 6)}`);
      a = contextA.request;
      b = contextB.request;
      // A's conversation, made by a chat turn (the fake model echoes).
      conversationA = randomUUID();
      messageA = randomUUID();
      const turn = await a.post('/api/chat', {
        data: {
          id: conversationA,
          trigger: 'submit-message',
          message: {
            id: messageA,
            role: 'user',
            parts: [{ type: 'text', text: 'tenancy: a private note' }],
          },
        },
      });
      expect(turn.status()).toBe(200);
      await turn.body();
    });

    test.afterAll(async () => {
      await contextA?.close();
      await contextB?.close();
    });

    test("A's conversation is A's alone: B lists, reads, renames, deletes, continues, resumes and stops none of it", async () => {
      const mine = (await (await a.get('/api/conversations')).json()) as { conversations: { id: string }[] };
      expect(JSON.stringify(mine)).toContain(conversationA);
      const theirs = await b.get('/api/conversations');
      expect(theirs.status()).toBe(200);
      expect(JSON.stringify(await theirs.json())).not.toContain(conversationA);

      const path = `/api/conversations/${conversationA}`;
      expect((await b.get(path)).status()).toBe(404);
      expect((await b.patch(path, { data: { title: 'taken over' } })).status()).toBe(404);
      expect((await b.delete(path)).status()).toBe(404);
      for (const format of ['md', 'json']) {
        expect((await b.get(`${path}/export?format=${format}`)).status()).toBe(404);
        const own = await a.get(`${path}/export?format=${format}`);
        expect(own.status()).toBe(200);
        expect(await own.text()).toContain('tenancy: a private note');
      }
      expect((await b.get(`/c/${conversationA}`)).status()).toBe(404);
      // Nor show one of its versions (lib/llm/message-branch.ts), while A can.
      const branch = `/api/conversations/${conversationA}/branch`;
      expect((await b.post(branch, { data: { messageId: messageA } })).status()).toBe(404);
      expect((await a.post(branch, { data: { messageId: messageA } })).status()).toBe(200);
      const viewTools = `/api/conversations/${conversationA}/view-tools`;
      expect((await b.post(viewTools, { data: { viewId: 'v', tools: [] } })).status()).toBe(404);
      // Dropping a view's listing acts on B's own records only (none here): a no-op, never A's.
      expect([204, 404]).toContain((await b.delete(`${viewTools}?viewId=v`)).status());
      expect((await b.post(`${viewTools}/runs/r1`, { data: { result: {} } })).status()).toBe(404);
      const viewSampling = {
        viewId: 'v',
        params: { messages: [{ role: 'user', content: { type: 'text', text: 'from B' } }], maxTokens: 10 },
      };
      expect(
        (await b.post(`/api/conversations/${conversationA}/view-sampling`, { data: viewSampling })).status(),
      ).toBe(404);
      const replySave = `/api/chat/${conversationA}/reply-save`;
      expect((await b.post(replySave, { data: { messageId: 'msg-a' } })).status()).toBe(404);
      const hijack = await b.post('/api/chat', {
        data: {
          id: conversationA,
          trigger: 'submit-message',
          message: { id: randomUUID(), role: 'user', parts: [{ type: 'text', text: 'tenancy: from B' }] },
        },
      });
      expect(hijack.status()).toBe(404);

      const still = (await (await a.get(path)).json()) as {
        conversation?: { title?: string };
        messages?: unknown[];
      };
      expect(JSON.stringify(still)).not.toContain('taken over');
      expect(JSON.stringify(still)).not.toContain('from B');
      expect(JSON.stringify(still)).toContain('a private note');
    });

    test("A's attachment is A's alone: B can neither read it nor name it in a message of B's", async () => {
      const conversation = randomUUID();
      const words = Buffer.from('tenancy: an attached note').toString('base64');
      const turn = await a.post('/api/chat', {
        data: {
          id: conversation,
          trigger: 'submit-message',
          message: {
            id: randomUUID(),
            role: 'user',
            parts: [
              {
                type: 'file',
                mediaType: 'text/plain',
                filename: 'note.txt',
                url: `data:text/plain;base64,${words}`,
              },
              { type: 'text', text: 'tenancy: with a file' },
            ],
          },
        },
      });
      expect(turn.status()).toBe(200);
      await turn.body();
      const stored = (await (await a.get(`/api/conversations/${conversation}`)).json()) as {
        messages: Array<{ parts: Array<{ type: string; url?: string }> }>;
      };
      const url = stored.messages[0]?.parts.find((p) => p.type === 'file')?.url ?? '';
      expect(url).toMatch(/^\/api\/attachments\/[A-Za-z0-9_-]+$/);
      expect(await (await a.get(url)).text()).toBe('tenancy: an attached note');
      expect((await b.get(url)).status()).toBe(404);
      const borrowed = await b.post('/api/chat', {
        data: {
          id: randomUUID(),
          trigger: 'submit-message',
          message: {
            id: randomUUID(),
            role: 'user',
            parts: [
              { type: 'file', mediaType: 'text/plain', filename: 'note.txt', url },
              { type: 'text', text: 'tenancy: read this' },
            ],
          },
        },
      });
      expect(borrowed.status()).toBe(400);
    });

    test("A's running reply is A's alone: B can neither read it, stop it nor cancel its calls", async () => {
      await fetch(`${FAKE_LLM_URL}/__script`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          match: 'tenancy slow',
          steps: [{ kind: 'text', chunks: ['one ', 'two ', 'three ', 'four ', 'five'], delayMs: 250 }],
        }),
      });
      const turn = a.post('/api/chat', {
        data: {
          id: conversationA,
          trigger: 'submit-message',
          message: { id: randomUUID(), role: 'user', parts: [{ type: 'text', text: 'tenancy slow' }] },
        },
      });
      await expect.poll(async () => (await a.get(`/api/chat/${conversationA}/stream`)).status()).toBe(200);
      // The stream is looked up by (user, conversation): for B there is none to resume, and A's
      // conversation is not found when B asks to stop it.
      expect((await b.get(`/api/chat/${conversationA}/stream`)).status()).toBe(204);
      expect((await b.delete(`/api/chat/${conversationA}/stream`)).status()).toBe(404);
      // Nor cancel one of its calls: none runs for B, and the conversation is not B's.
      expect((await b.delete(`/api/chat/${conversationA}/calls/call_1_0`)).status()).toBe(404);
      expect(await (await turn).text()).toContain('five');
    });

    test("A's remembered approval is A's alone: B neither sees nor revokes it", async () => {
      const db = new pg.Client({ connectionString: hostedDatabaseUrl() });
      await db.connect();
      const user = await db.query<{ id: string }>('select id from users where display_name = $1', [nameA]);
      const rule = await db.query<{ id: string }>(
        `insert into approval_rules (user_id, server_id, tool_name, pin_hash, scope)
       values ($1, 'vault', 'create_api_key', 'pin', 'always') returning id`,
        [user.rows[0]?.id],
      );
      await db.end();
      const ruleId = String(rule.rows[0]?.id);
      const listed = (rules: unknown) =>
        (rules as { rules: { id: string | number }[] }).rules.map((r) => String(r.id));
      expect(listed(await (await a.get('/api/approval-rules')).json())).toContain(ruleId);
      expect(listed(await (await b.get('/api/approval-rules')).json())).not.toContain(ruleId);
      expect((await b.delete(`/api/approval-rules/${ruleId}`)).status()).toBe(404);
      expect(listed(await (await a.get('/api/approval-rules')).json())).toContain(ruleId);
      expect(await (await b.get('/settings')).text()).not.toContain('create_api_key');
    });

    test("A's gate ticket is A's alone: B cannot answer it, ask for its challenge, or approve it verified", async () => {
      const started = await a.post('/api/tools/call', {
        data: { serverId: 'vault', toolName: 'create_api_key', args: { name: 'tenancy' }, surface: 'model' },
      });
      expect(started.status()).toBe(202);
      const { gate } = (await started.json()) as { gate: { id: string } };
      expect((await b.post(`/api/gates/${gate.id}`, { data: { approved: true } })).status()).toBe(404);
      expect((await b.post(`/api/gates/${gate.id}/challenge`, { data: {} })).status()).toBe(404);
      expect((await b.post(`/api/gates/${gate.id}/verified`, { data: { step: 'challenge' } })).status()).toBe(
        404,
      );
      // Still open for A, who cancels it.
      const cancelled = await a.post(`/api/gates/${gate.id}`, {
        data: { approved: false, reason: 'cancelled' },
      });
      expect(cancelled.status()).toBe(200);
    });

    test("a call cannot borrow A's conversation, and A's trust state, approvals and log are not B's", async () => {
      const borrowed = await b.post('/api/tools/call', {
        data: {
          serverId: 'restaurant',
          toolName: 'search_restaurants',
          args: {},
          surface: 'app',
          conversationId: conversationA,
          viewId: 'v1',
        },
      });
      // It runs as B's own call: the conversation and view it names are not B's, so the server drops
      // them (viewCallContext finds no view of B's there) and nothing of A's applies or changes.
      expect(borrowed.status()).toBe(200);
      const a_trust = JSON.stringify(await (await a.get('/api/trust')).json());
      expect(a_trust).not.toContain('search_restaurants');
      expect(JSON.stringify(await (await b.get('/api/trust')).json())).not.toContain(conversationA);
      expect(JSON.stringify(await (await b.get('/api/approval-rules')).json())).not.toContain(conversationA);
      // Derived results are looked up by (user, conversation, id): none of B's has this id (409).
      expect([404, 409]).toContain(
        (
          await b.post(`/api/derived/${randomUUID()}`, {
            data: { conversationId: conversationA, state: 'consumed' },
          })
        ).status(),
      );
      expect(
        (await b.post(`/api/elicitations/${randomUUID()}`, { data: { action: 'decline' } })).status(),
      ).toBe(404);
      const secret = await b.post('/api/secrets/reveal', {
        data: { conversationId: conversationA, toolCallId: 'call_1', referenceId: 'ref_1' },
      });
      expect(secret.status()).toBe(404);
      // A value masked on reopen is read from the asker's own messages only (display-messages.test.ts).
      const masked = await b.post('/api/secrets/reveal', {
        data: { conversationId: conversationA, toolCallId: 'call_1', valueId: '0' },
      });
      expect(masked.status()).toBe(404);
    });

    test("B cannot remove, reconnect, sign out of, re-admit or trace the operator's servers for everyone", async () => {
      expect([403, 404]).toContain((await b.delete('/api/servers/vault')).status());
      expect([403, 404]).toContain((await b.post('/api/servers/vault/reconnect', { data: {} })).status());
      expect((await b.post('/api/servers/vault/log-level', { data: { level: 'debug' } })).status()).toBe(403);
      // Its admission is the operator's; its session carries every user's calls.
      const admission = await b.post('/api/servers/vault/admission', { data: { admission: 'annotations' } });
      expect(admission.status()).toBe(403);
      expect((await b.get('/api/servers/vault/trace')).status()).toBe(403);
      const servers = (await (await a.get('/api/servers')).json()) as { servers: { id: string }[] };
      expect(servers.servers.map((s) => s.id)).toContain('vault');
    });
  });
