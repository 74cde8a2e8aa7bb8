import { describe, expect, it } from 'vitest';
import {
  clearMaliciousFlag,
  EMPTY_TRUST_STATE,
  propagate,
  propagateResult,
  type ResultTrust,
  requestAnnotations,
  restoreTrustState,
  resultTrust,
  serializeTrustState,
  type TrustState,
  withRequestAnnotations,
} from './trust-state';

const WEB = { serverId: 'web', toolName: 'fetch_page' };
const FILES = { serverId: 'files', toolName: 'read_file' };
const NOTES = { serverId: 'notes', toolName: 'list' };

const plain: ResultTrust = {
  openWorld: false,
  malicious: false,
  attribution: [],
  sensitivity: [],
  untrustedPublic: false,
};

function fold(results: Array<[typeof WEB, ResultTrust]>, from: TrustState = EMPTY_TRUST_STATE): TrustState {
  return results.reduce((s, [o, t]) => propagate(s, o, t), from);
}

describe('SEP Propagation Rules 1: openWorldHint is a boolean union that persists for the session', () => {
  it('once true, no later result (false, absent, or clean) sets it back', () => {
    const s = fold([
      [NOTES, plain],
      [WEB, { ...plain, openWorld: true }],
      [FILES, plain],
      [NOTES, { ...plain, openWorld: false }],
    ]);
    expect(s.openWorld).toBe(true);
  });

  it('over every sequence of three results, openWorld is true exactly when one of them was', () => {
    for (let mask = 0; mask < 8; mask++) {
      const seq = [0, 1, 2].map((i): [typeof WEB, ResultTrust] => [
        WEB,
        { ...plain, openWorld: (mask & (1 << i)) !== 0 },
      ]);
      expect(fold(seq).openWorld, String(mask)).toBe(mask !== 0);
    }
  });

  it('a tool-level openWorldHint: true marks its results even when the result says false (a hint only adds)', () => {
    const s = propagateResult(
      EMPTY_TRUST_STATE,
      WEB,
      { annotations: { openWorldHint: true } },
      { content: [], _meta: { annotations: { openWorldHint: false } } },
    );
    expect(s.openWorld).toBe(true);
    expect(s.origins).toEqual(['web/fetch_page']);
  });

  it('Note on openWorldHint: a response-level openWorldHint or returnMetadata.source untrustedPublic marks it', () => {
    expect(
      propagateResult(EMPTY_TRUST_STATE, WEB, {}, { _meta: { annotations: { openWorldHint: true } } })
        .openWorld,
    ).toBe(true);
    expect(
      propagateResult(
        EMPTY_TRUST_STATE,
        WEB,
        { annotations: { returnMetadata: { source: 'untrustedPublic' } } },
        {},
      ).openWorld,
    ).toBe(true);
    expect(
      propagateResult(
        EMPTY_TRUST_STATE,
        WEB,
        {},
        { _meta: { annotations: { returnMetadata: { source: ['internal', 'untrustedPublic'] } } } },
      ).openWorld,
    ).toBe(true);
    expect(
      propagateResult(
        EMPTY_TRUST_STATE,
        WEB,
        { annotations: { returnMetadata: { source: 'trustedPublic' } } },
        {},
      ).openWorld,
    ).toBe(false);
  });

  it('the tool-level maliciousActivityHint (a possible value in tools/list) flags nothing; the result-level one does', () => {
    expect(
      propagateResult(EMPTY_TRUST_STATE, WEB, { annotations: { maliciousActivityHint: true } }, {}).malicious,
    ).toBe(null);
    expect(
      propagateResult(EMPTY_TRUST_STATE, WEB, {}, { _meta: { annotations: { maliciousActivityHint: true } } })
        .malicious,
    ).toEqual({ origin: 'web/fetch_page' });
  });
});

describe('SEP Propagation Rules 2: attribution accumulates as a union', () => {
  it('attribution from tools and results of several servers is merged, sorted and deduplicated', () => {
    let s = propagateResult(
      EMPTY_TRUST_STATE,
      FILES,
      { annotations: { attribution: ['mcp://file-server.acme.local/hr'] } },
      { _meta: { annotations: { attribution: ['mcp://file-server.acme.local/hr/salaries.xlsx'] } } },
    );
    s = propagateResult(
      s,
      WEB,
      {},
      { _meta: { annotations: { attribution: ['https://evil.example/page'] } } },
    );
    s = propagateResult(
      s,
      WEB,
      {},
      { _meta: { annotations: { attribution: ['https://evil.example/page'] } } },
    );
    s = propagateResult(s, NOTES, {}, { content: [] });
    expect(s.attribution).toEqual([
      'https://evil.example/page',
      'mcp://file-server.acme.local/hr',
      'mcp://file-server.acme.local/hr/salaries.xlsx',
    ]);
  });

  it('union over every order of the same results gives the same state', () => {
    const a: [typeof WEB, ResultTrust] = [WEB, { ...plain, openWorld: true, attribution: ['https://a'] }];
    const b: [typeof WEB, ResultTrust] = [
      FILES,
      { ...plain, attribution: ['mcp://b'], sensitivity: ['financial'] },
    ];
    const c: [typeof WEB, ResultTrust] = [
      NOTES,
      { ...plain, attribution: ['https://a', 'urn:c'], sensitivity: ['pii'] },
    ];
    const orders = [
      [a, b, c],
      [a, c, b],
      [b, a, c],
      [b, c, a],
      [c, a, b],
      [c, b, a],
    ];
    const states = orders.map((o) => fold(o));
    for (const s of states) expect(s).toEqual(states[0]);
    expect(states[0]).toEqual({
      version: 1,
      openWorld: true,
      attribution: ['https://a', 'mcp://b', 'urn:c'],
      sensitivity: ['financial', 'pii'],
      origins: ['files/read_file', 'notes/list', 'web/fetch_page'],
      malicious: null,
      sources: [
        {
          origin: 'files/read_file',
          serverId: 'files',
          openWorld: false,
          sensitivity: ['financial'],
          attribution: ['mcp://b'],
        },
        {
          origin: 'notes/list',
          serverId: 'notes',
          openWorld: false,
          sensitivity: ['pii'],
          attribution: ['https://a', 'urn:c'],
        },
        {
          origin: 'web/fetch_page',
          serverId: 'web',
          openWorld: true,
          sensitivity: [],
          attribution: ['https://a'],
        },
      ],
    });
  });
});

describe('the sensitivity classes seen are a union', () => {
  it('tool-level possible classes and result classes both count; none is never recorded', () => {
    let s = propagateResult(
      EMPTY_TRUST_STATE,
      FILES,
      { annotations: { returnMetadata: { source: 'internal', sensitivity: ['pii', 'none'] } } },
      { _meta: { annotations: { returnMetadata: { source: 'internal', sensitivity: 'financial' } } } },
    );
    s = propagateResult(
      s,
      NOTES,
      { annotations: { returnMetadata: { source: 'user', sensitivity: 'none' } } },
      {},
    );
    s = propagateResult(
      s,
      NOTES,
      {},
      { _meta: { annotations: { returnMetadata: { sensitivity: { regulated: { scopes: ['HIPAA'] } } } } } },
    );
    expect(s.sensitivity).toEqual(['financial', 'pii', 'regulated:HIPAA']);
    expect(s.origins).toEqual(['files/read_file', 'notes/list']);
  });

  it('a clean result adds no origin', () => {
    expect(propagate(EMPTY_TRUST_STATE, NOTES, plain).origins).toEqual([]);
  });
});

describe('SEP Response Annotations Scope / Example 2: maliciousActivityHint on a result', () => {
  it('sets a pending flag naming the tool; a later clean result does not clear it; clearMaliciousFlag does', () => {
    let s = propagate(EMPTY_TRUST_STATE, WEB, { ...plain, malicious: true, openWorld: true });
    expect(s.malicious).toEqual({ origin: 'web/fetch_page' });
    s = propagate(s, NOTES, plain);
    expect(s.malicious).toEqual({ origin: 'web/fetch_page' });
    const cleared = clearMaliciousFlag(s);
    expect(cleared.malicious).toBeNull();
    expect(cleared.openWorld).toBe(true);
    expect(clearMaliciousFlag(cleared)).toBe(cleared);
  });
});

describe('trust state is immutable and serialisable', () => {
  it('propagate returns a new state and leaves the old one as it was', () => {
    const before = fold([[WEB, { ...plain, attribution: ['https://a'] }]]);
    const snapshot = JSON.parse(JSON.stringify(before));
    const after = propagate(before, FILES, {
      ...plain,
      openWorld: true,
      attribution: ['mcp://b'],
      malicious: true,
    });
    expect(before).toEqual(snapshot);
    expect(after).not.toBe(before);
    expect(Object.isFrozen(EMPTY_TRUST_STATE)).toBe(true);
  });

  it('round trip: restore(serialize(s)) equals s for states built from sequences of results', () => {
    const states = [
      EMPTY_TRUST_STATE,
      fold([[WEB, { ...plain, openWorld: true, malicious: true, attribution: ['https://a'] }]]),
      fold([
        [
          FILES,
          { ...plain, sensitivity: ['credentials', 'regulated:GDPR'], attribution: ['urn:org:acme:hr'] },
        ],
        [NOTES, plain],
      ]),
    ];
    for (const s of states) expect(restoreTrustState(serializeTrustState(s))).toEqual({ ok: true, state: s });
  });

  it('a damaged stored state is refused with a reason (never read as the empty state)', () => {
    const good = JSON.parse(serializeTrustState(fold([[WEB, { ...plain, openWorld: true }]])));
    const cases: Array<[string, string]> = [
      ['{', 'trust state is not JSON'],
      ['[]', 'trust state is not an object'],
      [JSON.stringify({ ...good, version: 2 }), 'trust state version 2 is unknown'],
      [JSON.stringify({ ...good, openWorld: 'yes' }), 'trust state openWorld is not a boolean'],
      [JSON.stringify({ ...good, attribution: [1] }), 'trust state attribution is not a string array'],
      [JSON.stringify({ ...good, sensitivity: null }), 'trust state sensitivity is not a string array'],
      [JSON.stringify({ ...good, origins: 'x' }), 'trust state origins is not a string array'],
      [
        JSON.stringify({ ...good, malicious: { who: 1 } }),
        'trust state malicious is neither null nor { origin }',
      ],
      [
        JSON.stringify({ ...good, malicious: undefined }),
        'trust state malicious is neither null nor { origin }',
      ],
    ];
    for (const [text, reason] of cases) expect(restoreTrustState(text), text).toEqual({ ok: false, reason });
  });
});

describe('SEP Request Annotations / client responsibility 1: params._meta.annotations of every call', () => {
  it('an empty session sends an empty annotations object', () => {
    expect(requestAnnotations(EMPTY_TRUST_STATE, 'web')).toEqual({});
  });

  it('Example 1: after an open-world result the request carries openWorldHint: true and the attribution', () => {
    const s = propagateResult(
      EMPTY_TRUST_STATE,
      WEB,
      { annotations: { openWorldHint: true } },
      { _meta: { annotations: { openWorldHint: true, attribution: ['https://evil.example/page'] } } },
    );
    expect(requestAnnotations(s, 'web')).toEqual({
      openWorldHint: true,
      attribution: ['https://evil.example/page'],
    });
  });

  it('Privacy Considerations: another server gets the open-world mark and web origins only, never a record id or a page', () => {
    let s = fold([
      [WEB, { ...plain, openWorld: true, attribution: ['https://evil.example/page?q=1'] }],
      [
        FILES,
        { ...plain, sensitivity: ['regulated:HIPAA'], attribution: ['urn:patient:12345', '/hr/x.pdf'] },
      ],
    ]);
    expect(requestAnnotations(s, 'files')).toEqual({
      openWorldHint: true,
      attribution: ['/hr/x.pdf', 'https://evil.example', 'urn:patient:12345'],
    });
    expect(requestAnnotations(s, 'web')).toEqual({
      openWorldHint: true,
      attribution: ['https://evil.example/page?q=1'],
    });
    expect(requestAnnotations(s, 'mail')).toEqual({
      openWorldHint: true,
      attribution: ['https://evil.example'],
    });
    // A later server's own result does not make the others' attribution its own.
    s = fold(
      [
        [
          { serverId: 'mail', toolName: 'send' },
          { ...plain, attribution: ['mailto:a@b.example'] },
        ],
      ],
      s,
    );
    expect(requestAnnotations(s, 'mail').attribution).toEqual(['https://evil.example', 'mailto:a@b.example']);
  });

  it('a state stored before sources were kept sends its attribution minimized to every server', () => {
    const old = restoreTrustState(
      JSON.stringify({
        version: 1,
        openWorld: true,
        attribution: ['https://a.example/p', 'urn:patient:1'],
        sensitivity: [],
        origins: ['web/fetch_page'],
        malicious: null,
      }),
    );
    if (!old.ok) throw new Error(old.reason);
    expect(old.state.sources).toEqual([]);
    expect(requestAnnotations(old.state, 'web')).toEqual({
      openWorldHint: true,
      attribution: ['https://a.example'],
    });
  });

  it('the sources name, per tool, what its results brought', () => {
    const s = fold([
      [WEB, { ...plain, openWorld: true, attribution: ['https://a.example/p'] }],
      [FILES, { ...plain, sensitivity: ['financial'] }],
      [WEB, { ...plain, attribution: ['https://b.example/q'] }],
      [NOTES, plain],
    ]);
    expect(s.sources).toEqual([
      {
        origin: 'files/read_file',
        serverId: 'files',
        openWorld: false,
        sensitivity: ['financial'],
        attribution: [],
      },
      {
        origin: 'web/fetch_page',
        serverId: 'web',
        openWorld: true,
        sensitivity: [],
        attribution: ['https://a.example/p', 'https://b.example/q'],
      },
    ]);
  });

  it('attribution alone (no open-world) is sent without openWorldHint', () => {
    const s = fold([[FILES, { ...plain, attribution: ['mcp://file-server.acme.local/hr/salaries.xlsx'] }]]);
    expect(requestAnnotations(s, 'files')).toEqual({
      attribution: ['mcp://file-server.acme.local/hr/salaries.xlsx'],
    });
  });

  it('the returned attribution is a copy: changing it does not change the state', () => {
    const s = fold([[FILES, { ...plain, attribution: ['urn:a'] }]]);
    requestAnnotations(s, 'files').attribution?.push('urn:b');
    expect(s.attribution).toEqual(['urn:a']);
  });

  it("withRequestAnnotations keeps the caller's _meta but always replaces its annotations with the host's", () => {
    const s = fold([[WEB, { ...plain, openWorld: true, attribution: ['https://a'] }]]);
    expect(
      withRequestAnnotations(
        { progressToken: 7, annotations: { openWorldHint: false, attribution: [] } },
        s,
        'web',
      ),
    ).toEqual({ progressToken: 7, annotations: { openWorldHint: true, attribution: ['https://a'] } });
    expect(withRequestAnnotations(undefined, EMPTY_TRUST_STATE, 'web')).toEqual({ annotations: {} });
  });
});

describe('resultTrust: what one result contributes', () => {
  it('unions tool and result declarations and reports untrustedPublic', () => {
    expect(
      resultTrust(
        { attribution: ['a'], returnMetadata: { source: ['untrustedPublic'], sensitivity: ['user'] } },
        { attribution: ['b'], maliciousActivityHint: true, returnMetadata: { sensitivity: ['none', 'pii'] } },
      ),
    ).toEqual({
      openWorld: true,
      malicious: true,
      attribution: ['a', 'b'],
      sensitivity: ['pii', 'user'],
      untrustedPublic: true,
    });
  });
});
