import { describe, expect, it } from 'vitest';
import { replySaveBackoff, SaveTimeoutError, saveWithRetry, within } from './reply-save';

/** A clock that moves only when the code under test sleeps. */
function fakeTime() {
  let t = 0;
  const waits: number[] = [];
  return {
    waits,
    now: () => t,
    sleep: async (ms: number) => {
      waits.push(ms);
      t += ms;
    },
  };
}

const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

/** A save that fails with `errors` in turn, then succeeds. */
function saveFailing(...errors: Error[]) {
  let calls = 0;
  const save = async () => {
    const error = errors[calls++];
    if (error) throw error;
  };
  return { save, calls: () => calls };
}

describe("a reply's save waits out a short database outage, within a bound", () => {
  it('an unreachable database is retried with the backoff until the save succeeds', async () => {
    const time = fakeTime();
    const { save, calls } = saveFailing(refused(), refused(), refused());
    const outcome = await saveWithRetry(save, { ...time, boundMs: 30_000, backoff: (n) => 100 * n });
    expect(outcome).toEqual({ saved: true, attempts: 4 });
    expect(calls()).toBe(4);
    expect(time.waits).toEqual([100, 200, 300]);
  });

  it('succeeds at once without waiting when the database answers', async () => {
    const time = fakeTime();
    expect(await saveWithRetry(async () => {}, { ...time })).toEqual({ saved: true, attempts: 1 });
    expect(time.waits).toEqual([]);
  });

  it('gives up once the next retry could not start within the bound, and says the database was unreachable', async () => {
    const time = fakeTime();
    const down = refused();
    let calls = 0;
    const outcome = await saveWithRetry(
      async () => {
        calls++;
        throw down;
      },
      { ...time, boundMs: 1_000, backoff: () => 300 },
    );
    // Attempts at 0, 300, 600 and 900 ms; a fifth would start at 1,200 ms, past the bound.
    expect(outcome).toEqual({ saved: false, attempts: 4, error: down, unreachable: true });
    expect(calls).toBe(4);
    expect(time.now()).toBe(900);
  });

  it('only an unreachable database is retried: any other error fails at once', async () => {
    const time = fakeTime();
    const constraint = Object.assign(new Error('insert or update violates foreign key constraint'), {
      code: '23503',
    });
    const { save, calls } = saveFailing(constraint);
    const outcome = await saveWithRetry(save, { ...time });
    expect(outcome).toEqual({ saved: false, attempts: 1, error: constraint, unreachable: false });
    expect(calls()).toBe(1);
    expect(time.waits).toEqual([]);
  });

  it.each([
    ['a connection cut mid-query', new Error('Connection terminated unexpectedly')],
    ['a server shutting down (57P01)', Object.assign(new Error('terminating connection'), { code: '57P01' })],
    ['a refusal wrapped as a cause', new Error('save failed', { cause: refused() })],
  ])('%s counts as unreachable', async (_name, error) => {
    const time = fakeTime();
    const { save } = saveFailing(error);
    expect(await saveWithRetry(save, { ...time, backoff: () => 10 })).toEqual({ saved: true, attempts: 2 });
  });

  it('Redis being down is not the database: not retried', async () => {
    const time = fakeTime();
    const redis = Object.assign(new Error('The client is closed'), { name: 'ClientClosedError' });
    const { save } = saveFailing(redis);
    expect(await saveWithRetry(save, { ...time })).toMatchObject({ saved: false, unreachable: false });
  });

  it('an attempt that neither answers nor fails is given up at the bound, as unreachable', async () => {
    const outcome = await saveWithRetry(() => new Promise<void>(() => {}), {
      boundMs: 50,
      backoff: () => 1_000,
    });
    expect(outcome.saved).toBe(false);
    if (outcome.saved) return;
    expect(outcome.unreachable).toBe(true);
    expect(outcome.error).toBeInstanceOf(SaveTimeoutError);
  });

  it('the default backoff doubles from 250 ms up to 4 s, each wait between half and all of it', () => {
    expect([1, 2, 3, 4, 5, 6, 9].map((n) => replySaveBackoff(n, () => 1))).toEqual([
      250, 500, 1_000, 2_000, 4_000, 4_000, 4_000,
    ]);
    expect(replySaveBackoff(3, () => 0)).toBe(500);
  });

  it('within: the attempt’s own outcome when it comes first', async () => {
    await expect(within(Promise.resolve(), 1_000)).resolves.toBeUndefined();
    await expect(within(Promise.reject(new Error('no')), 1_000)).rejects.toThrow('no');
  });
});
