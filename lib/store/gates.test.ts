import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { askGate, type GatePrompt, useGates } from './gates';

function prompt(id: string): GatePrompt {
  return {
    id,
    gate: 'confirm',
    serverName: 'server',
    toolName: 'poll',
    args: {},
    expiresAt: Date.now() + 60_000,
  };
}

const shown = () => useGates.getState().queue[0]?.prompt.id;

describe('spec 4 / 6.7: the host-drawn gate shows one ticket until it is answered', () => {
  beforeEach(() => {
    useGates.setState({ queue: [], asked: new Set() });
  });

  it('a ticket that arrives while the user reads another waits behind it (a polling view cannot swap the dialog)', async () => {
    const first = useGates.getState().ask(prompt('t1'));
    void useGates.getState().ask(prompt('t2'));
    void useGates.getState().ask(prompt('t3'));
    expect(shown()).toBe('t1');
    useGates.getState().answer('t1', { approved: true, remember: 'view' });
    await expect(first).resolves.toEqual({ approved: true, remember: 'view' });
    expect(shown()).toBe('t2');
  });

  it('a re-ask with the reason the last answer was refused comes back first, with the reason', () => {
    void useGates.getState().ask(prompt('t1'));
    void useGates.getState().ask(prompt('t2'));
    useGates.getState().answer('t1', { approved: true, args: { n: -1 } });
    void useGates.getState().ask(prompt('t1'), 'n must be at least 0');
    expect(shown()).toBe('t1');
    expect(useGates.getState().queue[0]?.error).toBe('n must be at least 0');
  });

  it('asking twice for one ticket without a reason does not queue it twice', async () => {
    void useGates.getState().ask(prompt('t1'));
    await expect(useGates.getState().ask(prompt('t1'))).resolves.toEqual({
      approved: false,
      reason: 'cancelled',
    });
    expect(useGates.getState().queue).toHaveLength(1);
  });
});

describe('an answer that came too late for its call: lost with the server instance that ran the turn', () => {
  const LOST_WORDS = 'This request was lost when the server restarted; nothing was sent.';

  beforeEach(() => {
    useGates.setState({ queue: [], asked: new Set() });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("the dialog shows the server's sentence instead of a bare failure, asks nothing, and closes", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: LOST_WORDS, lost: true }, { status: 410 })),
    );
    const answered = askGate(prompt('t1'));
    useGates.getState().answer('t1', { approved: true });
    await expect(answered).resolves.toMatchObject({ ok: false, error: LOST_WORDS, lost: true });
    expect(useGates.getState().queue).toEqual([expect.objectContaining({ ended: LOST_WORDS })]);
    expect(shown()).toBe('t1');
    useGates.getState().answer('t1', { approved: false });
    expect(useGates.getState().queue).toEqual([]);
  });

  it('another refusal is not shown as lost', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ error: 'This confirmation request expired. Ask again.' }, { status: 410 }),
      ),
    );
    const answered = askGate(prompt('t2'));
    useGates.getState().answer('t2', { approved: true });
    await expect(answered).resolves.toMatchObject({ ok: false });
    expect(useGates.getState().queue).toEqual([]);
  });
});
