/**
 * The client the MCP conformance suite drives: the host's own path, nothing
 * else. The server is started in a host registry (ServerConnection, the SDK's OAuth through
 * ServerOAuthBook, the outbound guard) and the tools it offers are called through the gate
 * (decide(), precheck, dispatch). This script plays the user: it approves each gate, opens the
 * authorization URL as a browser would (the authorization server answers with a redirect to the
 * host's callback, which is handed to the callback's own code), accepts each form with its
 * defaults, and types into a tool's form the values the scenario hands over (plannedCalls).
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

/** One call as the person makes it: a tool the host offers and the values typed into its form. */
interface PlannedCall {
  name: string;
  args: Record<string, unknown>;
}

/** The runner's MCP_CONFORMANCE_CONTEXT as an object (empty when there is none or it is not one). */
function runnerContext(raw: string | undefined): Record<string, unknown> {
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** json-schema-2020-12-preservation: the tool whose schema is shown, and the tool it is pasted into. */
const SCHEMA_SHOWN = 'json_schema_2020_12_tool';
const SCHEMA_ECHO = 'json_schema_echo';

/**
 * What the person calls, among the tools the host offers: the values the scenario hands over
 * (`toolCalls` in the runner's context, e.g. http-custom-headers) when it names them; in
 * json-schema-2020-12-preservation, the schema the host shows for one tool pasted into the echo
 * tool (what comes back is what the host kept of it); else every tool with plain values.
 */
function plannedCalls(
  scenario: string,
  context: Record<string, unknown>,
  tools: { name: string; inputSchema: unknown }[],
): PlannedCall[] {
  const offered = new Map(tools.map((tool) => [tool.name, tool]));
  if (Array.isArray(context.toolCalls)) {
    const calls: PlannedCall[] = [];
    for (const entry of context.toolCalls as { name?: unknown; arguments?: unknown }[]) {
      if (typeof entry?.name !== 'string') continue;
      if (!offered.has(entry.name)) {
        console.log(`${entry.name}: not offered by the host`);
        continue;
      }
      const args = entry.arguments;
      calls.push({
        name: entry.name,
        args: typeof args === 'object' && args !== null ? (args as Record<string, unknown>) : {},
      });
    }
    return calls;
  }
  if (scenario === 'json-schema-2020-12-preservation') {
    const shown = offered.get(SCHEMA_SHOWN);
    if (!shown || !offered.has(SCHEMA_ECHO))
      throw new Error(`the host does not offer ${SCHEMA_SHOWN} and ${SCHEMA_ECHO}`);
    return [{ name: SCHEMA_ECHO, args: { schema: shown.inputSchema } }];
  }
  return tools.map((tool) => ({ name: tool.name, args: sampleArguments(tool.inputSchema) }));
}

/**
 * Makes each planned call through the gate. A call the host refuses or the server fails is reported
 * and the person goes on to the next one (so one refusal does not hide what the others do); the run
 * fails at the end if any did. A stop for authorization ends the round: the person signs in again.
 */
async function callTools(
  registry: McpRegistry,
  scenario: string,
  context: Record<string, unknown>,
): Promise<'done' | 'sign-in'> {
  const connection = registry.getFor(SERVER_ID, USER);
  const failures: string[] = [];
  for (const call of plannedCalls(scenario, context, connection?.catalog.tools ?? [])) {
    const intent = {
      serverId: SERVER_ID,
      toolName: call.name,
      args: call.args,
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
        const failure = `${call.name}: ${envelope.error.code}: ${envelope.error.message}`;
        console.error(failure);
        failures.push(failure);
        continue;
      }
      console.log(`${call.name}: called`);
    }
  }
  if (failures.length > 0)
    throw new Error(`${failures.length} call(s) failed: ${failures.map((f) => f.split(':')[0]).join(', ')}`);
  return 'done';
}

/**
 * Scenarios the suite renamed: auth/enterprise-managed-authorization (0.2.0) is the SEP-990 flow
 * of auth/cross-app-access-complete-flow (0.1.16), with the same context; the operator's settings
 * for it are the same.
 */
const SAME_SETTINGS_AS: Record<string, string> = {
  'auth/enterprise-managed-authorization': 'auth/cross-app-access-complete-flow',
};

async function main(): Promise<void> {
  const scenario = process.env.MCP_CONFORMANCE_SCENARIO;
  const serverUrl = process.argv[2];
  if (!scenario || !serverUrl)
    fail('Usage: MCP_CONFORMANCE_SCENARIO=<scenario> conformance-client <server-url>');
  const settings = conformanceSettings(
    SAME_SETTINGS_AS[scenario] ?? scenario,
    process.env.MCP_CONFORMANCE_CONTEXT,
  );
  const context = runnerContext(process.env.MCP_CONFORMANCE_CONTEXT);
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
      if ((await callTools(registry, scenario, context)) === 'done') break;
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
