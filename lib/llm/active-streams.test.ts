import type { UIMessageChunk } from 'ai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FINISHED_KEPT_MS, resumeActiveStream, startActiveStream, stopActiveStream } from './active-streams';

/** A turn whose chunks the test releases one at a time; `ended` settles when it is read to its end. */
function manualTurn() {
  let push: ((chunk: UIMessageChunk | null) => void) | undefined;
  let signal: AbortSignal | undefined;
  let endedResolve: () => void = () => {};
  const ended = new Promise<void>((resolve) => {
    endedResolve = resolve;
  });
  const start = (s: AbortSignal) => {
    signal = s;
    return new ReadableStream<UIMessageChunk>({
      start(controller) {
        let closed = false;
        push = (chunk) => {
          if (closed) return;
          if (chunk) controller.enqueue(chunk);
          else {
            closed = true;
            controller.close();
            endedResolve();
          }
        };
        s.addEventListener('abort', () => push?.(null));
      },
    });
  };
  return {
    start,
    send: (text: string) => push?.({ type: 'text-delta', id: 't', delta: text }),
    end: () => push?.(null),
    ended,
    signal: () => signal,
  };
}

/** The text deltas in a stream of server-sent events; `[DONE]` must close it. */
function textOf(events: string): string {
  let text = '';
  for (const line of events.split('\n')) {
    if (!line.startsWith('data: ') || line === 'data: [DONE]') continue;
    const chunk = JSON.parse(line.slice(6)) as UIMessageChunk;
    if (chunk.type === 'text-delta') text += chunk.delta;
  }
  return text;
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let events = '';
  for await (const bytes of stream) events += decoder.decode(bytes, { stream: true });
  expect(events.endsWith('data: [DONE]\n\n')).toBe(true);
  return textOf(events);
}

/** Reads until `count` text deltas have arrived (a read may carry several), then leaves. */
async function readSome(stream: ReadableStream<Uint8Array>, count: number): Promise<string> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let events = '';
  while ((events.match(/"text-delta"/g) ?? []).length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    events += decoder.decode(value, { stream: true });
  }
  await reader.cancel();
  return textOf(events);
}

describe('a running reply outlives its reader', () => {
  it('a reader that joins late (a reload) gets every chunk so far, then the rest live', async () => {
    const turn = manualTurn();
    const first = startActiveStream('u1', 'c-late', turn.start);
    turn.send('Hello ');
    turn.send('there');
    expect(await readSome(first, 2)).toBe('Hello there');
    // The first reader is gone (the page reloaded); the turn is still running.
    const resumed = await resumeActiveStream('u1', 'c-late');
    expect(resumed).not.toBeNull();
    const all = readAll(resumed as ReadableStream<Uint8Array>);
    turn.send(', again.');
    turn.end();
    expect(await all).toBe('Hello there, again.');
    expect(turn.signal()?.aborted).toBe(false);
  });

  describe('a reply that ended just before the page asked', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('is replayed whole for a while (the page was rendered before it was saved), then is gone', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const turn = manualTurn();
      const first = readAll(startActiveStream('u1', 'c-ended', turn.start));
      turn.send('All ');
      turn.send('of it.');
      turn.end();
      expect(await first).toBe('All of it.');
      const late = await resumeActiveStream('u1', 'c-ended');
      expect(late).not.toBeNull();
      expect(await readAll(late as ReadableStream<Uint8Array>)).toBe('All of it.');
      expect(await stopActiveStream('u1', 'c-ended')).toBe(false);
      expect(await resumeActiveStream('u2', 'c-ended')).toBeNull();
      vi.advanceTimersByTime(FINISHED_KEPT_MS);
      expect(await resumeActiveStream('u1', 'c-ended')).toBeNull();
    });

    it('gives way to a newer turn of the same conversation', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const old = manualTurn();
      const first = readAll(startActiveStream('u1', 'c-newer', old.start));
      old.send('old');
      old.end();
      await first;
      const next = manualTurn();
      void startActiveStream('u1', 'c-newer', next.start);
      next.send('new');
      // The old turn's time runs out while the newer one runs: the newer one stays.
      vi.advanceTimersByTime(FINISHED_KEPT_MS);
      const resumed = readAll((await resumeActiveStream('u1', 'c-newer')) as ReadableStream<Uint8Array>);
      next.send(' one');
      next.end();
      expect(await resumed).toBe('new one');
      expect(next.signal()?.aborted).toBe(false);
    });
  });

  it('a turn with no reader at all still runs to its end', async () => {
    const turn = manualTurn();
    const reader = startActiveStream('u1', 'c-alone', turn.start);
    await reader.cancel();
    turn.send('kept');
    turn.end();
    await turn.ended;
    expect(turn.signal()?.aborted).toBe(false);
  });

  it('Stop ends the turn; another user or conversation cannot resume or stop it', async () => {
    const turn = manualTurn();
    const reader = readAll(startActiveStream('u1', 'c-stop', turn.start));
    turn.send('partial');
    expect(await resumeActiveStream('u2', 'c-stop')).toBeNull();
    expect(await stopActiveStream('u2', 'c-stop')).toBe(false);
    expect(await stopActiveStream('u1', 'c-other')).toBe(false);
    expect(await stopActiveStream('u1', 'c-stop')).toBe(true);
    expect(turn.signal()?.aborted).toBe(true);
    expect(await reader).toBe('partial');
    expect(await stopActiveStream('u1', 'c-stop')).toBe(false);
  });

  it('a new turn in the same conversation stops the one still running', async () => {
    const old = manualTurn();
    void readAll(startActiveStream('u1', 'c-twice', old.start));
    const next = manualTurn();
    const reader = readAll(startActiveStream('u1', 'c-twice', next.start));
    expect(old.signal()?.aborted).toBe(true);
    next.send('new');
    next.end();
    expect(await reader).toBe('new');
  });
});

describe('a reply seen to begin is one a crash leaves marked', () => {
  it('no chunk reaches a reader before the running marker is recorded; all of them after', async () => {
    const turn = manualTurn();
    let record: () => void = () => {};
    const recorded = new Promise<void>((resolve) => {
      record = resolve;
    });
    const reader = startActiveStream('u1', 'c-marked', turn.start, { recorded, ended() {} }).getReader();
    turn.send('Half');
    let seen = false;
    const first = reader.read().then((result) => {
      seen = true;
      return result;
    });
    // The model's chunk is in hand, but the marker is not written: the reader waits (every queued
    // promise has run by the next turn of the event loop).
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toBe(false);
    record();
    const { value } = await first;
    expect(new TextDecoder().decode(value)).toContain('"delta":"Half"');
    turn.end();
    await reader.cancel();
  });
});
