/**
 * The client the MCP conformance suite drives (issue 13 item 4): the host's own path, nothing
 * else. The server is started in a host registry (ServerConnection, the SDK's OAuth through
 * ServerOAuthBook, the outbound guard) and every tool is called through the gate (decide(),
 * precheck, dispatch). This script plays the user: it approves each gate, opens the authorization
 * URL as a browser would (the authorization server answers with a redirect to the host's callback,
 * which is handed to the callback's own code), and accepts each form with its defaults.
 *
 * Usage (by the runner): MCP_CONFORMANCE_SCENARIO=<name> conformance-client <server-url>
 */
import { answerGate, gatedDispatch } from '../lib/gates/gated-call';
import { answerElicitation } from '../lib/mcp/elicitation';
import { elicitationStore } from '../lib/mcp/elicitation-store';
import { memoryAuthStore } from '../lib/mcp/oauth/server-auth-store';
import { ServerOAuthBook } from '../lib/mcp/oauth/server-oauth';
import { McpRegistry } from '../lib/mcp/registry';
import type { ServerConfig, ServerOAuth } from '../lib/mcp/server-config';
import { conformanceSettings, sampleArguments } from './conformance-settings';

const USER = 'local';
const SERVER_ID = 'conformance';
/** A person signs in again when a server asks for more; after this many in a row they stop. */
const MAX_SIGN_INS = 3;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** The browser's part of a sign-in: follow the authorization URL to the redirect back to the host. */
async function consent(url: string): Promise<URLSearchParams> {
  let next = new URL(url);
  for (let hop = 0; hop < 5; hop++) {
    const response = await fetch(next, { redirect: 'manual' });
    await response.body?.cancel();
    const location = response.headers.get('location');
    if (!location)
      throw new Error(`the authorization server answered HTTP ${response.status} with no redirect`);
    next = new URL(location, next);
    if (next.pathname.endsWith('/oauth/callback')) return next.searchParams;
  }
  throw new Error('the authorization server redirected too many times');
}

async function signIn(registry: McpRegistry, book: ServerOAuthBook): Promise<void> {
  const connection = registry.getFor(SERVER_ID, USER);
  if (!connection) throw new Error('the server is gone');
  const started = await book.start(connection, USER, '/');
  if (started.kind === 'connected') return;
  const params = await consent(started.url);
  const finished = await book.finish(USER, params, (id) => registry.getFor(id, USER));
  if (finished.error) throw new Error(finished.error);
}

/** Answers each form the server asks with nothing typed: the host's defaults fill it (SEP-1034). */
function acceptForms(): () => void {
  const store = elicitationStore();
  return store.onAsk((userId) => {
    for (const prompt of store.prompts(userId))
      if (prompt.mode === 'form') answerElicitation(prompt.id, userId, 'accept', {});
  });
}

async function callEveryTool(registry: McpRegistry): Promise<'done' | 'sign-in'> {
  const connection = registry.getFor(SERVER_ID, USER);
  for (const tool of connection?.catalog.tools ?? []) {
    const intent = {
      serverId: SERVER_ID,
      toolName: tool.name,
      args: sampleArguments(tool.inputSchema),
      surface: { kind: 'model' as const },
      session: { userId: USER },
    };
    let answering: ReturnType<typeof answerGate> | undefined;
    for await (const step of gatedDispatch(registry, intent)) {
      if (step.kind === 'waiting') {
        // Answered while the call waits at its gate, as a browser answers a live turn: the approval
        // is answered once the waiting call has spent it, so the answer is not awaited here.
        answering = answerGate(registry, step.ticket.id, USER, { approved: true });
        continue;
      }
      const answered = await answering;
      if (answered && !answered.ok) throw new Error(`the gate refused the approval: ${answered.reason}`);
      const { envelope } = step.result;
      if ('error' in envelope && envelope.error) {
        if (connection?.status === 'authorization-required') return 'sign-in';
        throw new Error(`${tool.name}: ${envelope.error.code}: ${envelope.error.message}`);
      }
      console.log(`${tool.name}: called`);
    }
  }
  return 'done';
}

async function main(): Promise<void> {
  const scenario = process.env.MCP_CONFORMANCE_SCENARIO;
  const serverUrl = process.argv[2];
  if (!scenario || !serverUrl)
    fail('Usage: MCP_CONFORMANCE_SCENARIO=<scenario> conformance-client <server-url>');
  const settings = conformanceSettings(scenario, process.env.MCP_CONFORMANCE_CONTEXT);
  const registry = new McpRegistry(new Set());
  const book = new ServerOAuthBook(memoryAuthStore(), settings.env);
  registry.oauth = book;
  const oauth: ServerOAuth | undefined = settings.oauth;
  const config: ServerConfig = {
    id: SERVER_ID,
    name: 'Conformance server',
    transport: { type: 'http', url: serverUrl },
    admission: 'annotations',
    source: 'config',
    ...(oauth ? { oauth } : {}),
  };
  const stop = acceptForms();
  try {
    const connection = registry.start(config);
    await connection.connect();
    let signIns = 0;
    for (;;) {
      if (connection.status === 'authorization-required') {
        if (signIns++ >= MAX_SIGN_INS) throw new Error('the server keeps asking for a sign-in');
        await signIn(registry, book);
        continue;
      }
      if (connection.status !== 'ready') throw new Error(`${connection.status}: ${connection.lastError}`);
      if ((await callEveryTool(registry)) === 'done') break;
    }
  } finally {
    stop();
    await registry.closeAll();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => fail(`conformance client: ${error instanceof Error ? error.message : String(error)}`),
);
