import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOST_WORDS } from '../../lib/gates/answers';
import { answerGate } from '../../lib/gates/gated-call';
import type { AnsweringInstance } from '../../lib/gates/lost-calls';
import { redisGateStore } from '../../lib/gates/redis-gate-store';
import { McpRegistry } from '../../lib/mcp/registry';
import { type RedisLiveness, redisLiveness } from '../../lib/runtime/instance-liveness';
import { connectedGated } from '../fixtures/mcp/gated-server';
import { instanceConnections, testRedisUrl } from '../fixtures/redis-connections';

/**
 * Two instances of a hosted deployment sharing Redis. Instance A, a process of its own
 * (tests/fixtures/gate-holder.ts), runs a model's call to a gate and waits there; instance B, this
 * process, takes the user's answer. A is killed by signal: B never says the call was made, ends the
 * ticket as lost, and nothing reaches the MCP server. A alive: B answers ok only once A spent the
 * approval, and the call goes out once (docs/architecture.md, "Approvals that outlive their instance").
 */

const HEARTBEAT_MS = 200;
const USER = 'local';
const LOST = { ok: false, status: 410, reason: LOST_WORDS, lost: true };

type Line =
  | { waiting: string; holder: string }
  | { done: { sent: boolean; error?: { code: string; message: string } } };

interface Holder {
  child: ChildProcess;
  ticket: string;
  holderId: string;
  next(): Promise<Line>;
  exited: Promise<NodeJS.Signals | number | null>;
}

let gated: Awaited<ReturnType<typeof connectedGated>>;
let b: AnsweringInstance & { liveness: RedisLiveness };
const children: ChildProcess[] = [];

beforeAll(async () => {
  gated = await connectedGated();
  const connections = instanceConnections();
  b = {
    store: redisGateStore(connections),
    liveness: redisLiveness({ client: connections.client, heartbeatMs: HEARTBEAT_MS }),
    checkMs: HEARTBEAT_MS,
  };
});

afterAll(async () => {
  await b?.liveness.stop();
  await gated?.close();
});

afterEach(() => {
  vi.restoreAllMocks();
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

/** Starts instance A, beating every `heartbeatMs`, and waits until its call stops at the gate. */
async function startHolder(heartbeatMs = HEARTBEAT_MS): Promise<Holder> {
  const child = spawn(
    process.execPath,
    ['--conditions=react-server', '--import', 'tsx', 'tests/fixtures/gate-holder.ts'],
    {
      env: {
        ...process.env,
        REDIS_URL: testRedisUrl,
        INSTANCE_HEARTBEAT_MS: String(heartbeatMs),
        GATED_URL: gated.url,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.push(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(signal ?? code)),
  );
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })[Symbol.asyncIterator]();
  const next = async (): Promise<Line> => {
    for (;;) {
      const read = await Promise.race([lines.next(), exited.then(() => undefined)]);
      if (!read || read.done) throw new Error(`instance A ended without a line; its stderr:\n${stderr}`);
      if (read.value.startsWith('{')) return JSON.parse(read.value) as Line;
    }
  };
  const first = await next();
  if (!('waiting' in first)) throw new Error(`instance A did not stop at its gate: ${JSON.stringify(first)}`);
  return { child, ticket: first.waiting, holderId: first.holder, next, exited };
}

const answer = (ticket: string, approved = true) =>
  answerGate(new McpRegistry(new Set()), ticket, USER, { approved }, undefined, undefined, b);

describe.runIf(testRedisUrl)(
  'a model call held by an instance that is killed (two instances, one Redis)',
  () => {
    it('approved through B just after A is killed: B waits for the spend, finds A gone, answers lost; nothing is sent', async () => {
      gated.received.length = 0;
      // A beats every second, so its key outlives it by about three: B still sees it alive at first.
      const a = await startHolder(1_000);
      expect(await b.store.holder(a.ticket, USER)).toBe(a.holderId);
      await expect.poll(() => b.liveness.alive(a.holderId)).toBe(true);
      const decide = vi.spyOn(b.store, 'decide');
      a.child.kill('SIGKILL');
      expect(await a.exited).toBe('SIGKILL');
      // B takes the approval, then waits for a spend that never comes until A's key lapses.
      expect(await answer(a.ticket)).toEqual(LOST);
      expect(decide).toHaveBeenCalledOnce();
      // The ticket has ended: a second answer, approval or refusal, is told so, never ok.
      expect(await answer(a.ticket)).toEqual(LOST);
      expect(await answer(a.ticket, false)).toEqual(LOST);
      expect(await b.store.spend(a.ticket, USER, 'gated', 'send_note', { text: 'from the holder' })).toEqual({
        ok: false,
        lost: true,
      });
      expect(gated.received).toEqual([]);
    }, 60_000);

    it('answered through B once A is known gone: ended as lost at once, without approving anything', async () => {
      gated.received.length = 0;
      const a = await startHolder();
      a.child.kill('SIGKILL');
      await a.exited;
      await expect.poll(() => b.liveness.alive(a.holderId), { timeout: 5_000 }).toBe(false);
      const decide = vi.spyOn(b.store, 'decide');
      expect(await answer(a.ticket)).toEqual(LOST);
      expect(decide).not.toHaveBeenCalled();
      expect(await answer(a.ticket)).toEqual(LOST);
      expect(gated.received).toEqual([]);
    }, 60_000);

    it('A frozen (SIGSTOP) past its heartbeat: B ends the approved call as lost; A, woken, sends nothing and its model is told', async () => {
      gated.received.length = 0;
      const a = await startHolder();
      a.child.kill('SIGSTOP');
      try {
        expect(await answer(a.ticket)).toEqual(LOST);
      } finally {
        a.child.kill('SIGCONT');
      }
      // Whether A heard the approval before it froze or reads the ticket once it runs again, it finds
      // the call lost: its spend is refused and its model is told why nothing was sent.
      expect(await a.next()).toEqual({
        done: { sent: false, error: expect.objectContaining({ code: 'AUTH_REQUIRED', message: LOST_WORDS }) },
      });
      expect(await a.exited).toBe(0);
      expect(gated.received).toEqual([]);
    }, 60_000);

    it('A alive: B approves, A spends and sends the call; B answers ok exactly once', async () => {
      gated.received.length = 0;
      const a = await startHolder();
      const answers = await Promise.all([answer(a.ticket), answer(a.ticket)]);
      expect(answers.filter((x) => x.ok)).toEqual([{ ok: true, result: null }]);
      expect(answers.filter((x) => !x.ok)).toEqual([expect.objectContaining({ ok: false, status: 409 })]);
      expect(await a.next()).toEqual({ done: { sent: true } });
      expect(await a.exited).toBe(0);
      expect(gated.received).toEqual([expect.objectContaining({ name: 'send_note' })]);
      expect(await answer(a.ticket)).toMatchObject({ ok: false, status: 409 });
    }, 60_000);
  },
);
