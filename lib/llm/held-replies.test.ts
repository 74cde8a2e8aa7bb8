import { afterEach, describe, expect, it, vi } from 'vitest';
import { PartUnavailableError } from '../http/host-errors';
import { HeldReplies, type ReplyOwner } from './held-replies';

const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
const owner = (messageId: string, conversationId = 'c1', userId = 'u1'): ReplyOwner => ({
  userId,
  conversationId,
  messageId,
});

/** A save whose database is down until `up()`; counts its calls. */
function flakySave() {
  let down = true;
  let calls = 0;
  return {
    save: async () => {
      calls++;
      if (down) throw refused();
    },
    up: () => {
      down = false;
    },
    calls: () => calls,
  };
}

let book: HeldReplies | undefined;
afterEach(() => {
  book?.clear();
  vi.restoreAllMocks();
});

describe('a reply the database did not take is held in this process until stored or dropped', () => {
  it('Retry saving: 503 (PartUnavailableError) while the database is down, saved once it is back; then no longer held', async () => {
    book = new HeldReplies({ everyMs: 60_000 });
    const flaky = flakySave();
    book.hold(owner('m1'), flaky.save);
    await expect(book.retry(owner('m1'))).rejects.toBeInstanceOf(PartUnavailableError);
    expect(book.has(owner('m1'))).toBe(true);
    flaky.up();
    expect(await book.retry(owner('m1'))).toEqual({ status: 'saved' });
    expect(book.has(owner('m1'))).toBe(false);
    expect(await book.retry(owner('m1'))).toEqual({ status: 'not-held' });
  });

  it("another user's or another conversation's key finds nothing", async () => {
    book = new HeldReplies();
    book.hold(owner('m1'), async () => {});
    expect(await book.retry(owner('m1', 'c1', 'u2'))).toEqual({ status: 'not-held' });
    expect(await book.retry(owner('m1', 'c2'))).toEqual({ status: 'not-held' });
    expect(book.has(owner('m1'))).toBe(true);
  });

  it('a save that fails for another reason is dropped (it would fail again), and logged by id', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    book = new HeldReplies();
    book.hold(owner('m1'), async () => {
      throw Object.assign(new Error('violates foreign key constraint'), { code: '23503' });
    });
    expect(await book.retry(owner('m1'))).toEqual({ status: 'failed' });
    expect(book.has(owner('m1'))).toBe(false);
    expect(logged.mock.calls.flat().join(' ')).toMatch(/a reply that could not be saved was dropped.*m1/);
  });

  it('the background retries store it once the database is back', async () => {
    book = new HeldReplies({ everyMs: 10 });
    const flaky = flakySave();
    book.hold(owner('m1'), flaky.save);
    await vi.waitFor(() => expect(flaky.calls()).toBeGreaterThanOrEqual(2));
    expect(book.has(owner('m1'))).toBe(true);
    flaky.up();
    await vi.waitFor(() => expect(book?.has(owner('m1'))).toBe(false));
  });

  it('is dropped unsaved after the keeping time', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let now = 0;
    book = new HeldReplies({ keepMs: 1_000, everyMs: 60_000, now: () => now });
    book.hold(owner('m1'), flakySave().save);
    now = 1_001;
    expect(await book.retry(owner('m1'))).toEqual({ status: 'not-held' });
    expect(book.size).toBe(0);
  });

  it('holds at most `max`: the oldest goes first', () => {
    book = new HeldReplies({ max: 2 });
    for (const id of ['m1', 'm2', 'm3']) book.hold(owner(id), async () => {});
    expect([book.has(owner('m1')), book.has(owner('m2')), book.has(owner('m3'))]).toEqual([
      false,
      true,
      true,
    ]);
  });

  it("a new turn stores the conversation's held replies first; none held costs nothing", async () => {
    book = new HeldReplies();
    expect(book.saveBefore('u1', 'c1')).toBeNull();
    const flaky = flakySave();
    const other = flakySave();
    book.hold(owner('m1'), flaky.save);
    book.hold(owner('m2', 'c2'), other.save);
    await expect(book.saveBefore('u1', 'c1')).rejects.toBeInstanceOf(PartUnavailableError);
    flaky.up();
    await book.saveBefore('u1', 'c1');
    expect(book.has(owner('m1'))).toBe(false);
    expect(book.has(owner('m2', 'c2'))).toBe(true);
    expect(other.calls()).toBe(0);
  });
});
