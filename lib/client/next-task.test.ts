import { describe, expect, it } from 'vitest';
import { nextTaskOnce } from './next-task';

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A publisher and how often it has run. */
function counted() {
  const counter = { runs: 0 };
  return {
    counter,
    publish: nextTaskOnce(() => {
      counter.runs += 1;
    }),
  };
}

describe('the chat publishes its snapshot in a later task, once', () => {
  it('runs nothing in the task that asks, nor in its microtasks (the request goes out first)', async () => {
    const runs: string[] = [];
    const publish = nextTaskOnce(() => runs.push('published'));
    publish.request();
    await Promise.resolve();
    await Promise.resolve();
    runs.push('request sent');
    await nextTask();
    expect(runs).toEqual(['request sent', 'published']);
  });

  it('runs once however often it was asked for in one task, and again when asked later', async () => {
    const { counter, publish } = counted();
    publish.request();
    publish.request();
    publish.request();
    await nextTask();
    expect(counter.runs).toBe(1);
    publish.request();
    await nextTask();
    expect(counter.runs).toBe(2);
  });

  it('runs nothing once cancelled (the chat has gone)', async () => {
    const { counter, publish } = counted();
    publish.request();
    publish.cancel();
    await nextTask();
    expect(counter.runs).toBe(0);
  });
});
