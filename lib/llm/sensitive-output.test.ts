import { convertToModelMessages, jsonSchema, type ToolSet, tool, type UIMessage } from 'ai';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, LOCAL_USER_ID, openDb } from '../db/connect';
import { parseHostKey } from '../db/host-key';
import { ensureConversation } from '../db/queries/conversations';
import { listMessages, saveMessage } from '../db/queries/messages';
import { redactToolResult, type SensitiveTool } from '../mcplet/model-facing';
import { DEFAULT_CREDENTIAL_PATTERNS } from '../trust/credentials';
import { WITHHELD_MARKER } from '../trust/scrub';
import { withViewContext } from './chat-turn';
import { type HostToolOutput, toolModelOutput } from './host-tools';
import { modelFacingHistory } from './model-history';
import { conversationSensitiveValues, ScrubBook } from './scrub-book';

// Secrets assembled from parts so that no literal credential sits in the repository.
const API_SECRET = 'plr_abc123def456ghi789';
const NESTED_PIN = 'pin-77441122-zz';
const AWS_KEY = `${'AKIA'}${'QWERTYUIOPASDFGH'}`;
const JWT = `${'eyJhbGciOiJIUzI1NiJ9'}.${'eyJzdWIiOiJ1c2VyLTEyMyJ9'}.${'c2lnbmF0dXJlLXNpZ25hdHVyZQ'}`;
const USER_ONLY = 'recovery code 5512-8890-1177';
const HINTED = 'hinted-secret-0099887766';
const REF_ID = 'ref_9f8e7d6c5b4a3210';
const REDEEM_URL = `https://vault.example.com/redeem/${REF_ID}`;
const KEY = parseHostKey('42'.repeat(32));
const OTHER_KEY = parseHostKey('43'.repeat(32));

interface Case {
  name: string;
  tool: SensitiveTool;
  result: Record<string, unknown>;
  /** Raw values the model must never read. */
  raw: string[];
  /** Text the model still reads. */
  visible: string[];
  /** Reasons the card names. */
  reasons: string[];
}

const plain = (name: string): SensitiveTool => ({ name });

/** The sensitive-output case table: every path to the model is tested with the same cases. */
const CASES: Case[] = [
  {
    name: 'sensitive-output 3: nested x-sensitive fields, the secret repeated in text',
    tool: {
      name: 'create_key',
      outputSchema: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          key: { type: 'string', 'x-sensitive': true },
          owner: {
            type: 'object',
            properties: { name: { type: 'string' }, pin: { type: 'string', 'x-sensitive': true } },
          },
        },
      },
    },
    result: {
      content: [{ type: 'text', text: `Created key_1: ${API_SECRET} (pin ${NESTED_PIN})` }],
      structuredContent: { id: 'key_1', key: API_SECRET, owner: { name: 'Ada', pin: NESTED_PIN } },
    },
    raw: [API_SECRET, NESTED_PIN],
    visible: ['Created key_1', WITHHELD_MARKER],
    reasons: ['/structuredContent/key', '/structuredContent/owner/pin'],
  },
  {
    name: 'MCP annotations.audience: a block for the user only never reaches the model',
    tool: plain('show_codes'),
    result: {
      content: [
        { type: 'text', text: 'Your codes are ready.' },
        { type: 'text', text: USER_ONLY, annotations: { audience: ['user'] } },
      ],
    },
    raw: [USER_ONLY],
    visible: ['Your codes are ready.'],
    reasons: ['audience'],
  },
  {
    name: 'sensitive-output 1: sensitiveHint withholds every value',
    tool: { name: 'read_secret', sensitiveHint: true },
    result: { content: [{ type: 'text', text: HINTED }], structuredContent: { value: HINTED } },
    raw: [HINTED],
    visible: [WITHHELD_MARKER],
    reasons: ['sensitiveHint'],
  },
  {
    name: 'credentials in the plain output of a tool that marked nothing',
    tool: plain('env_dump'),
    result: {
      content: [{ type: 'text', text: `AWS_ACCESS_KEY_ID=${AWS_KEY}\nTOKEN=${JWT}\nREGION=eu-west-1` }],
    },
    raw: [AWS_KEY, JWT],
    visible: ['REGION=eu-west-1'],
    reasons: ['credential: an AWS access key id', 'credential: a JSON Web Token'],
  },
  {
    name: 'sensitive-output 4b: a secret_reference reaches the model as its label only',
    tool: { name: 'issue_secret', sensitiveHint: true },
    result: {
      content: [
        { type: 'text', text: 'A new database password was issued.' },
        { type: 'secret_reference', id: REF_ID, redeemUrl: REDEEM_URL, label: 'database password' },
      ],
    },
    raw: [REF_ID, REDEEM_URL],
    visible: ['[secret reference: database password]', 'A new database password was issued.'],
    reasons: ['secret_reference'],
  },
];

function forms(value: string): string[] {
  return [value, JSON.stringify(value).slice(1, -1), encodeURIComponent(value)];
}

function expectNoRaw(text: string, values: readonly string[]) {
  for (const value of values) for (const form of forms(value)) expect(text).not.toContain(form);
}

/** What a tool's `execute` yields for a result (as buildHostTools does: the book grows with its values). */
function outputFor(c: Case, book: ScrubBook): HostToolOutput {
  const { model, withheld } = redactToolResult(c.result, c.tool, 'Vault', book.options());
  book.add(withheld?.values ?? []);
  return {
    model,
    ...(withheld ? { withheld } : {}),
    view: { serverId: 'vault', toolName: c.tool.name, sent: true, result: c.result as never },
  };
}

function toolPart(name: string, id: string, output: unknown): UIMessage['parts'][number] {
  return { type: `tool-vault__${name}`, toolCallId: id, state: 'output-available', input: {}, output };
}

function toolsFor(cases: readonly Case[], book: ScrubBook): ToolSet {
  const tools: ToolSet = {};
  for (const c of cases)
    tools[`vault__${c.tool.name}`] = tool({
      inputSchema: jsonSchema({ type: 'object' }),
      toModelOutput: toolModelOutput(book),
    });
  return tools;
}

/** The tool results the model reads when the history is rebuilt, by tool call id. */
async function rebuilt(history: UIMessage[], cases: readonly Case[]): Promise<Record<string, unknown>> {
  const book = new ScrubBook(conversationSensitiveValues(history));
  const messages = await convertToModelMessages(modelFacingHistory(history, book.options()), {
    tools: toolsFor(cases, book),
  });
  const out: Record<string, unknown> = {};
  for (const message of messages)
    if (message.role === 'tool')
      for (const part of message.content) if (part.type === 'tool-result') out[part.toolCallId] = part.output;
  return out;
}

describe('one projection for a fresh and a stored tool output', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDb({ dataDir: 'memory://' });
  });
  afterAll(async () => {
    await db.destroy();
  });

  for (const [index, c] of CASES.entries()) {
    it(`${c.name}: the model reads the same at dispatch and after storage, without the raw value`, async () => {
      const book = new ScrubBook([]);
      const output = outputFor(c, book);
      const fresh = await toolModelOutput(book)({ output });
      const conversation = `case-${index}`;
      await ensureConversation(db, LOCAL_USER_ID, conversation, {
        title: 't',
        chatMode: 'normal',
        modelId: null,
      });
      await saveMessage(
        db,
        LOCAL_USER_ID,
        conversation,
        { id: 'a1', role: 'assistant', parts: [toolPart(c.tool.name, 'call_1', output)] },
        { key: () => KEY },
      );
      // At rest: the stored row (read with raw SQL) holds none of the values.
      const stored = await sql<{
        parts: string;
      }>`select parts::text as parts from messages where conversation_id = ${conversation}`.execute(db);
      expect(stored.rows).toHaveLength(1);
      expectNoRaw(stored.rows[0]?.parts ?? '', c.raw);
      expect(stored.rows[0]?.parts).toMatch(/"sealed": ?"hk1\./);
      await expect(listMessages(db, LOCAL_USER_ID, conversation, () => OTHER_KEY)).rejects.toThrow(
        /host key \(HOST_KEY/,
      );
      const history = await listMessages(db, LOCAL_USER_ID, conversation, () => KEY);
      // The user still gets the raw result (tool card, view) from the loaded history.
      expect(JSON.stringify(history)).toContain(JSON.stringify(c.result).slice(1, -1));
      const again = (await rebuilt(history, [c])).call_1;
      expect(again).toEqual(fresh);
      const seen = JSON.stringify(fresh);
      expectNoRaw(seen, c.raw);
      for (const text of c.visible) expect(seen).toContain(JSON.stringify(text).slice(1, -1));
      const reasons = JSON.stringify(output.withheld?.reasons ?? []);
      for (const reason of c.reasons)
        expect(
          `${reasons} ${output.withheld?.reasons.map((r) => `${r.rule}: ${r.detail}`).join(' ')}`,
        ).toContain(reason);
    });
  }

  it('a value withheld once is scrubbed from a later tool that marks nothing, in both paths', async () => {
    const first = CASES[0] as Case;
    const later: Case = {
      name: 'echo',
      tool: plain('echo'),
      result: {
        content: [{ type: 'text', text: `echo: ${API_SECRET} and ${encodeURIComponent(NESTED_PIN)}` }],
      },
      raw: [API_SECRET, NESTED_PIN],
      visible: ['echo:'],
      reasons: [],
    };
    const book = new ScrubBook([]);
    const firstOutput = outputFor(first, book);
    const laterOutput = outputFor(later, book);
    expect(laterOutput.withheld?.reasons.map((r) => r.rule)).toEqual(['scrub']);
    const fresh = await toolModelOutput(book)({ output: laterOutput });
    expectNoRaw(JSON.stringify(fresh), later.raw);
    const history: UIMessage[] = [
      {
        id: 'a1',
        role: 'assistant',
        parts: [toolPart('create_key', 'call_1', firstOutput), toolPart('echo', 'call_2', laterOutput)],
      },
    ];
    const replay = await rebuilt(JSON.parse(JSON.stringify(history)), [first, later]);
    expect(replay.call_2).toEqual(fresh);
  });

  it('a value learned later is scrubbed from an older stored output at rebuild (the book is read now)', async () => {
    const older = outputFor(
      { ...CASES[3], result: { content: [{ type: 'text', text: `note ${API_SECRET}` }] } } as Case,
      new ScrubBook([]),
    );
    const book = new ScrubBook([]);
    const secret = outputFor(CASES[0] as Case, book);
    const history: UIMessage[] = [
      { id: 'a1', role: 'assistant', parts: [toolPart('env_dump', 'call_1', older)] },
      { id: 'a2', role: 'assistant', parts: [toolPart('create_key', 'call_2', secret)] },
    ];
    const replay = await rebuilt(history, [CASES[3] as Case, CASES[0] as Case]);
    expectNoRaw(JSON.stringify(replay), [API_SECRET]);
    // At dispatch too: an output that arrived before the value was known (a parallel call) is scrubbed.
    expectNoRaw(JSON.stringify(await toolModelOutput(book)({ output: older })), [API_SECRET]);
  });

  it('a message repeating a known value, or holding a credential, is sealed at rest; others are not', async () => {
    await ensureConversation(db, LOCAL_USER_ID, 'messages', {
      title: 't',
      chatMode: 'normal',
      modelId: null,
    });
    const rules = {
      key: () => KEY,
      scrubSet: new ScrubBook([API_SECRET]).set,
      credentialPatterns: DEFAULT_CREDENTIAL_PATTERNS,
    };
    const say = (id: string, text: string) =>
      saveMessage(
        db,
        LOCAL_USER_ID,
        'messages',
        { id, role: 'user', parts: [{ type: 'text', text }] },
        rules,
      );
    await say('m1', `from the view: ${API_SECRET}`);
    await say('m2', `my key is ${AWS_KEY}`);
    await say('m3', 'nothing secret here');
    const stored = await sql<{
      parts: string;
    }>`select parts::text as parts from messages where conversation_id = 'messages' order by seq`.execute(db);
    expectNoRaw(stored.rows.map((r) => r.parts).join('\n'), [API_SECRET, AWS_KEY]);
    expect(stored.rows[2]?.parts).toContain('nothing secret here');
    const loaded = await listMessages(db, LOCAL_USER_ID, 'messages', () => KEY);
    expect(loaded.map((m) => (m.parts[0] as { text: string }).text)).toEqual([
      `from the view: ${API_SECRET}`,
      `my key is ${AWS_KEY}`,
      'nothing secret here',
    ]);
  });

  it("the user's messages (a view's ui/message among them) and the view model context are scrubbed and credentials masked", async () => {
    const book = new ScrubBook([API_SECRET]);
    const history: UIMessage[] = [
      {
        id: 'u1',
        role: 'user',
        parts: [{ type: 'text', text: `from the view: ${API_SECRET} and ${AWS_KEY}` }],
      },
    ];
    const messages = await convertToModelMessages(modelFacingHistory(history, book.options()));
    expectNoRaw(JSON.stringify(messages), [API_SECRET, AWS_KEY]);
    const context = withViewContext(
      'base',
      [{ serverId: 'vault', toolName: 'v', text: `key ${API_SECRET} ${JWT}` }],
      book.options(),
    );
    expectNoRaw(context, [API_SECRET, JWT]);
    expect(context).toContain(WITHHELD_MARKER);
  });
});
