import { describe, expect, it } from 'vitest';
import { interleaveProgress, ProgressFeed, type ProgressItem } from './progress-feed';

/** Steps the test releases one at a time. */
function releasedSteps<S>() {
  const queue: Array<(value: IteratorResult<S>) => void> = [];
  const ready: Array<IteratorResult<S>> = [];
  const iterator: AsyncIterator<S> = {
    next: () =>
      new Promise((resolve) => {
        const value = ready.shift();
        if (value) resolve(value);
        else queue.push(resolve);
      }),
  };
  const give = (value: IteratorResult<S>) => {
    const waiting = queue.shift();
    if (waiting) waiting(value);
    else ready.push(value);
  };
  return {
    iterator,
    step: (value: S) => give({ done: false, value }),
    end: () => give({ done: true, value: undefined }),
  };
}

async function take<S>(items: AsyncGenerator<ProgressItem<S>>, count: number): Promise<ProgressItem<S>[]> {
  const got: ProgressItem<S>[] = [];
  while (got.length < count) {
    const next = await items.next();
    if (next.done) break;
    got.push(next.value);
  }
  return got;
}

describe("a call's progress between its steps", () => {
  it('passes the steps through in order and ends with them', async () => {
    const steps = releasedSteps<string>();
    const items = interleaveProgress(steps.iterator, new ProgressFeed(0));
    steps.step('waiting');
    steps.step('done');
    steps.end();
    expect(await take(items, 5)).toEqual([
      { kind: 'step', step: 'waiting' },
      { kind: 'step', step: 'done' },
    ]);
  });

  it('sends only the newest report when several came while one was being sent', async () => {
    const steps = releasedSteps<string>();
    const feed = new ProgressFeed(0);
    const items = interleaveProgress(steps.iterator, feed);
    feed.listener({ progress: 1, total: 4 });
    expect(await take(items, 1)).toEqual([{ kind: 'progress', progress: { progress: 1, total: 4 } }]);
    feed.listener({ progress: 2, total: 4 });
    feed.listener({ progress: 3, total: 4 });
    expect(await take(items, 1)).toEqual([{ kind: 'progress', progress: { progress: 3, total: 4 } }]);
    steps.step('done');
    steps.end();
    expect(await take(items, 2)).toEqual([{ kind: 'step', step: 'done' }]);
  });

  it('spaces reports out, but never holds a step back for one', async () => {
    const steps = releasedSteps<string>();
    const feed = new ProgressFeed(60_000);
    const items = interleaveProgress(steps.iterator, feed);
    feed.listener({ progress: 1 });
    expect(await take(items, 1)).toEqual([{ kind: 'progress', progress: { progress: 1 } }]);
    // The next report waits a minute; the result does not.
    feed.listener({ progress: 2 });
    steps.step('done');
    steps.end();
    expect(await take(items, 2)).toEqual([{ kind: 'step', step: 'done' }]);
  });

  it('a step that is ready goes before a report that is ready', async () => {
    const steps = releasedSteps<string>();
    const feed = new ProgressFeed(0);
    steps.step('done');
    feed.listener({ progress: 9 });
    const items = interleaveProgress(steps.iterator, feed);
    expect((await take(items, 1))[0]).toEqual({ kind: 'step', step: 'done' });
  });
});
