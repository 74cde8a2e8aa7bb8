import type { UIMessageChunk } from 'ai';
import { describe, expect, it } from 'vitest';
import { resumeActiveStream, startActiveStream, stopActiveStream } from './active-streams';

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
        push = (chunk) => {
          if (chunk) controller.enqueue(chunk);
          else {
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

async function readAll(stream: ReadableStream<UIMessageChunk>): Promise<string> {
  let text = '';
  for await (const chunk of stream) if (chunk.type === 'text-delta') text += chunk.delta;
  return text;
}

async function readSome(stream: ReadableStream<UIMessageChunk>, count: number): Promise<string> {
  const reader = stream.getReader();
  let text = '';
  for (let i = 0; i < count; i++) {
    const { value } = await reader.read();
    if (value?.type === 'text-delta') text += value.delta;
  }
  await reader.cancel();
  return text;
}

describe('issue 15 item 3: a running reply outlives its reader', () => {
  it('a reader that joins late (a reload) gets every chunk so far, then the rest live', async () => {
    const turn = manualTurn();
    const first = startActiveStream('u1', 'c-late', turn.start);
    turn.send('Hello ');
    turn.send('there');
    expect(await readSome(first, 2)).toBe('Hello there');
    // The first reader is gone (the page reloaded); the turn is still running.
    const resumed = resumeActiveStream('u1', 'c-late');
    expect(resumed).not.toBeNull();
    const all = readAll(resumed as ReadableStream<UIMessageChunk>);
    turn.send(', again.');
    turn.end();
    expect(await all).toBe('Hello there, again.');
    expect(turn.signal()?.aborted).toBe(false);
    expect(resumeActiveStream('u1', 'c-late')).toBeNull();
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
    expect(resumeActiveStream('u2', 'c-stop')).toBeNull();
    expect(stopActiveStream('u2', 'c-stop')).toBe(false);
    expect(stopActiveStream('u1', 'c-other')).toBe(false);
    expect(stopActiveStream('u1', 'c-stop')).toBe(true);
    expect(turn.signal()?.aborted).toBe(true);
    expect(await reader).toBe('partial');
    expect(stopActiveStream('u1', 'c-stop')).toBe(false);
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
