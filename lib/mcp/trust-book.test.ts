import { describe, expect, it } from 'vitest';
import { EMPTY_TRUST_STATE, serializeTrustState } from '../trust/trust-state';
import { TrustBook, type TrustStore } from './trust-book';

const WEB = { serverId: 'web', toolName: 'fetch_page' };
const openWorld = {
  _meta: { annotations: { openWorldHint: true, attribution: ['https://evil.example/page'] } },
};

function memoryStore(initial: Record<string, string> = {}) {
  const rows = new Map(Object.entries(initial));
  const store: TrustStore = {
    load: async (userId, id) => rows.get(`${userId}/${id}`) ?? null,
    save: async (userId, id, state) => {
      rows.set(`${userId}/${id}`, state);
    },
  };
  return { rows, store };
}

describe('the TrustBook keeps each conversation’s state through its store', () => {
  it('a recorded result is stored as the serialised state and read back', async () => {
    const { rows, store } = memoryStore();
    const book = new TrustBook(undefined, store);
    const after = await book.record('u', 'c1', WEB, undefined, openWorld);
    expect(rows.get('u/c1')).toBe(serializeTrustState(after));
    expect(await new TrustBook(undefined, store).state('u', 'c1')).toEqual(after);
    expect(await book.state('u', 'c2')).toEqual(EMPTY_TRUST_STATE);
    expect(await book.state('other', 'c1')).toEqual(EMPTY_TRUST_STATE);
  });

  it('a damaged stored state fails closed (open-world), and the next result writes a readable one keeping it', async () => {
    const { rows, store } = memoryStore({ 'u/c1': '{"version":9}' });
    const book = new TrustBook(undefined, store);
    const damaged = await book.state('u', 'c1');
    expect(damaged.openWorld).toBe(true);
    expect(damaged.origins[0]).toContain('version 9');
    await book.record('u', 'c1', WEB, undefined, {});
    expect(JSON.parse(rows.get('u/c1') ?? '{}')).toMatchObject({ version: 1, openWorld: true });
  });

  it('a result that adds nothing to the state is not written again; one that adds is', async () => {
    const { rows, store } = memoryStore();
    let saves = 0;
    const counted: TrustStore = {
      // As PostgreSQL's jsonb gives it back: the same state, its keys in another order.
      load: async (u, c) => {
        const text = await store.load(u, c);
        if (text === null) return null;
        const state = JSON.parse(text) as Record<string, unknown>;
        return JSON.stringify(
          Object.fromEntries(
            Object.keys(state)
              .sort()
              .map((k) => [k, state[k]]),
          ),
        );
      },
      save: async (u, c, state) => {
        saves++;
        await store.save(u, c, state);
      },
    };
    const book = new TrustBook(undefined, counted);
    await book.record('u', 'c1', WEB, undefined, openWorld);
    await book.record('u', 'c1', WEB, undefined, openWorld);
    await book.record('u', 'c1', { serverId: 's', toolName: 'plain' }, undefined, {});
    expect(saves).toBe(1);
    await book.record('u', 'c1', WEB, undefined, {
      _meta: { annotations: { attribution: ['https://other.example/'] } },
    });
    expect(saves).toBe(2);
    expect(JSON.parse(rows.get('u/c1') ?? '{}').attribution).toContain('https://other.example/');
  });

  it('a store that cannot be read fails closed too', async () => {
    const book = new TrustBook(undefined, {
      load: async () => {
        throw new Error('down');
      },
      save: async () => {},
    });
    expect((await book.state('u', 'c1')).openWorld).toBe(true);
  });

  it('updates of one conversation run one after another, so none is lost', async () => {
    const { store } = memoryStore();
    const slow: TrustStore = {
      // The row is read first and answered later, as a database round trip would.
      load: async (u, c) => {
        const row = await store.load(u, c);
        await new Promise((r) => setTimeout(r, 5));
        return row;
      },
      save: store.save,
    };
    const book = new TrustBook(undefined, slow);
    await Promise.all(
      ['a', 'b', 'c'].map((name) =>
        book.record('u', 'c1', { serverId: 's', toolName: name }, undefined, {
          _meta: { annotations: { attribution: [`https://${name}.example/`] } },
        }),
      ),
    );
    expect((await book.state('u', 'c1')).attribution).toEqual([
      'https://a.example/',
      'https://b.example/',
      'https://c.example/',
    ]);
  });

  it('outside a conversation: one preview-local state per user, in memory, and the flag can be spent there', async () => {
    const book = new TrustBook();
    await book.record('u', undefined, WEB, undefined, {
      _meta: { annotations: { maliciousActivityHint: true } },
    });
    expect(book.previewState('u').malicious).toEqual({ origin: 'web/fetch_page' });
    expect(book.previewState('v')).toEqual(EMPTY_TRUST_STATE);
    await book.spendMaliciousFlag('u', undefined);
    expect((await book.state('u')).malicious).toBeNull();
  });

  it('a result into a conversation with nothing stored that leaves it empty writes nothing', async () => {
    const { rows, store } = memoryStore();
    let saves = 0;
    const book = new TrustBook(undefined, {
      load: store.load,
      save: async (u, c, state) => {
        saves++;
        await store.save(u, c, state);
      },
    });
    await book.record('u', 'c1', { serverId: 's', toolName: 'plain' }, undefined, {});
    expect(saves).toBe(0);
    expect(rows.has('u/c1')).toBe(false);
    expect(await book.state('u', 'c1')).toEqual(EMPTY_TRUST_STATE);
    await book.record('u', 'c1', WEB, undefined, openWorld);
    expect(saves).toBe(1);
  });
});

/** A store that counts its reads; `outside` writes a row as another instance would. */
function countedStore() {
  const { rows, store } = memoryStore();
  const counts = { loads: 0, saves: 0 };
  const counted: TrustStore = {
    load: async (u, c) => {
      counts.loads++;
      return store.load(u, c);
    },
    save: async (u, c, state) => {
      counts.saves++;
      await store.save(u, c, state);
    },
  };
  return { rows, counts, store: counted };
}

describe('a store with no other writer is read once per conversation', () => {
  it('with soleWriter, a state read or written is not read again, and is what the store holds', async () => {
    const { rows, counts, store } = countedStore();
    const book = new TrustBook(undefined, store, { soleWriter: true });
    expect(await book.state('u', 'c1')).toEqual(EMPTY_TRUST_STATE);
    const after = await book.record('u', 'c1', WEB, undefined, openWorld);
    expect(await book.state('u', 'c1')).toEqual(after);
    await book.record('u', 'c1', WEB, undefined, {});
    expect(counts.loads).toBe(1);
    expect(rows.get('u/c1')).toBe(serializeTrustState(after));
    // A new process (a restart) reads what this one wrote.
    expect(await new TrustBook(undefined, store, { soleWriter: true }).state('u', 'c1')).toEqual(after);
  });

  it('without it (instances sharing a database), every use reads the row another instance may have written', async () => {
    const { rows, counts, store } = countedStore();
    const book = new TrustBook(undefined, store);
    expect(await book.state('u', 'c1')).toEqual(EMPTY_TRUST_STATE);
    const elsewhere = await new TrustBook(undefined, store).record('u', 'c1', WEB, undefined, openWorld);
    expect(rows.has('u/c1')).toBe(true);
    expect(await book.state('u', 'c1')).toEqual(elsewhere);
    expect(counts.loads).toBe(3);
  });

  it('with soleWriter, a write that failed leaves the kept state as the store has it', async () => {
    const { rows, store } = memoryStore();
    let failing = true;
    const book = new TrustBook(
      undefined,
      {
        load: store.load,
        save: async (u, c, state) => {
          if (failing) throw new Error('disk full');
          await store.save(u, c, state);
        },
      },
      { soleWriter: true },
    );
    await expect(book.record('u', 'c1', WEB, undefined, openWorld)).rejects.toThrow('disk full');
    expect(await book.state('u', 'c1')).toEqual(EMPTY_TRUST_STATE);
    failing = false;
    const after = await book.record('u', 'c1', WEB, undefined, openWorld);
    expect(await book.state('u', 'c1')).toEqual(after);
    expect(rows.get('u/c1')).toBe(serializeTrustState(after));
  });

  it('with soleWriter, a state that could not be read is read again next time', async () => {
    let down = true;
    const book = new TrustBook(
      undefined,
      {
        load: async () => {
          if (down) throw new Error('down');
          return null;
        },
        save: async () => {},
      },
      { soleWriter: true },
    );
    expect((await book.state('u', 'c1')).openWorld).toBe(true);
    down = false;
    expect(await book.state('u', 'c1')).toEqual(EMPTY_TRUST_STATE);
  });

  it('a conversation this process just created is not read for its state with soleWriter, and is without it', async () => {
    const sole = countedStore();
    const book = new TrustBook(undefined, sole.store, { soleWriter: true });
    book.created('u', 'c1');
    expect(await book.state('u', 'c1')).toEqual(EMPTY_TRUST_STATE);
    const after = await book.record('u', 'c1', WEB, undefined, openWorld);
    expect(sole.counts).toEqual({ loads: 0, saves: 1 });
    expect(sole.rows.get('u/c1')).toBe(serializeTrustState(after));
    const shared = countedStore();
    const other = new TrustBook(undefined, shared.store);
    other.created('u', 'c1');
    await other.state('u', 'c1');
    expect(shared.counts.loads).toBe(1);
  });
});
