import { describe, expect, it } from 'vitest';
import { answerRun, openRun, pendingRunCount, waitForRun } from './view-runs';

const run = { conversationId: 'c1', viewId: 'v1', toolName: 'view_reset', args: {} };

describe('single-use runs of approved view-tool calls', () => {
  it('a run the view never answers ends with a clear timeout error and is forgotten', async () => {
    const opened = openRun('u1', run, 20);
    if ('error' in opened) throw new Error(opened.error);
    await expect(waitForRun(opened.id)).resolves.toEqual({
      ok: false,
      code: 'SERVICE_UNAVAILABLE',
      message: 'the view did not answer within 0 s',
    });
    expect(answerRun(opened.id, 'u1', 'c1', { error: 'late' }).ok).toBe(false);
    expect(pendingRunCount()).toBe(0);
  });

  it('a stopped turn ends its run; an answered run is forgotten', async () => {
    const stopped = openRun('u1', run);
    if ('error' in stopped) throw new Error(stopped.error);
    const controller = new AbortController();
    const waiting = waitForRun(stopped.id, controller.signal);
    controller.abort();
    await expect(waiting).resolves.toMatchObject({ ok: false, message: 'the turn was stopped' });

    const early = openRun('u1', run);
    if ('error' in early) throw new Error(early.error);
    answerRun(early.id, 'u1', 'c1', { result: { content: [] } });
    expect(pendingRunCount()).toBe(0);
  });
});
