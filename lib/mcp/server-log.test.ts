import { describe, expect, it } from 'vitest';
import type { CredentialPattern } from '../trust/credentials';
import { DEFAULT_CREDENTIAL_PATTERNS } from '../trust/credentials';
import { WITHHELD_MARKER } from '../trust/scrub';
import type { LogLevel } from './log-levels';
import {
  callLogMeta,
  dataText,
  entriesFor,
  HOST_LOG_PER_SECOND,
  LOG_CAPACITY,
  LOG_LEVEL_META_KEY,
  MESSAGE_MAX,
  maskedText,
  Ring,
  ServerLog,
  type ServerLogOptions,
  type StoredLogEntry,
} from './server-log';

// Assembled from parts so that no literal credential sits in the repository.
const AWS_KEY = `${'AKIA'}${'Q7RZ2XN4UNIT0KEY'}`;
const GITHUB_TOKEN = `${'ghp_'}${'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8'}`;
const patterns = () => DEFAULT_CREDENTIAL_PATTERNS;

interface HostLine {
  level: string;
  message: string;
  fields?: Record<string, unknown>;
}

/** A log whose deferred masking the test runs by hand (`flush`), and whose host log it reads. */
function testLog(options: ServerLogOptions = {}) {
  const queued: Array<() => void> = [];
  const hostLines: HostLine[] = [];
  let clock = 1_000_000;
  const log = new ServerLog(() => ({ name: 'Bistro', key: 'alice/bistro' }), {
    patterns,
    hostLog: (level, message, fields) => hostLines.push({ level, message, ...(fields ? { fields } : {}) }),
    later: (run) => queued.push(run),
    now: () => clock,
    ...options,
  });
  return {
    log,
    hostLines,
    queued,
    flush: () => {
      for (const run of queued.splice(0)) run();
    },
    tick: (ms: number) => {
      clock += ms;
    },
  };
}

describe('masking of a server log entry (credentials as host.config.json names them)', () => {
  it("masks a credential in a message's text", () => {
    const masked = maskedText(`retrying with ${AWS_KEY} now`, DEFAULT_CREDENTIAL_PATTERNS);
    expect(masked).toBe(`retrying with ${WITHHELD_MARKER} now`);
  });

  it('masks every string of a data object, keys too, and writes it as compact JSON', () => {
    const text = dataText(
      { error: 'refused', [GITHUB_TOKEN]: 1, nested: [{ key: AWS_KEY }], ok: true, n: 3 },
      DEFAULT_CREDENTIAL_PATTERNS,
    );
    expect(text).not.toContain(AWS_KEY);
    expect(text).not.toContain(GITHUB_TOKEN);
    expect(text).not.toContain(': ');
    expect(JSON.parse(text)).toEqual({
      error: 'refused',
      [WITHHELD_MARKER]: 1,
      nested: [{ key: WITHHELD_MARKER }],
      ok: true,
      n: 3,
    });
  });

  it('masks what only the JSON text shows: a password after its label, a password in a URL', () => {
    const secret = `${'S3cr3t'}-${'Value'}-77`;
    const text = dataText(
      { password: secret, url: `postgres://menu:${secret}@db/menus` },
      DEFAULT_CREDENTIAL_PATTERNS,
    );
    expect(text).not.toContain(secret);
  });

  it('writes data of any JSON type', () => {
    expect(dataText('plain words', DEFAULT_CREDENTIAL_PATTERNS)).toBe('plain words');
    expect(dataText(42, DEFAULT_CREDENTIAL_PATTERNS)).toBe('42');
    expect(dataText(null, DEFAULT_CREDENTIAL_PATTERNS)).toBe('null');
    expect(dataText([1, 'two'], DEFAULT_CREDENTIAL_PATTERNS)).toBe('[1,"two"]');
    expect(dataText(undefined, DEFAULT_CREDENTIAL_PATTERNS)).toBe('undefined');
  });

  it('cuts a long entry to MESSAGE_MAX characters, after masking', () => {
    const text = maskedText('x'.repeat(5 * MESSAGE_MAX), DEFAULT_CREDENTIAL_PATTERNS);
    expect(text).toHaveLength(MESSAGE_MAX);
    expect(text.endsWith('…')).toBe(true);
    const data = dataText(
      { list: Array.from({ length: 2_000 }, (_, i) => `item ${i}`) },
      DEFAULT_CREDENTIAL_PATTERNS,
    );
    expect(data).toHaveLength(MESSAGE_MAX);
  });

  it('leaves no part of a credential that straddles the cut', () => {
    for (let shift = 0; shift < AWS_KEY.length; shift++) {
      const text = `${'a'.repeat(MESSAGE_MAX - shift - 2)} ${AWS_KEY} and more`;
      const masked = maskedText(text, DEFAULT_CREDENTIAL_PATTERNS);
      expect(masked).not.toContain(AWS_KEY.slice(0, 6));
    }
  });

  it('a large data value is masked on the text that is kept', () => {
    const big = { head: `key ${AWS_KEY}`, rest: 'y'.repeat(10 * MESSAGE_MAX) };
    const text = dataText(big, DEFAULT_CREDENTIAL_PATTERNS);
    expect(text).not.toContain(AWS_KEY);
    expect(text).toHaveLength(MESSAGE_MAX);
  });
});

describe('a server log', () => {
  it('stores an entry of each source with its level; the host note "warn" is MCP\'s warning', () => {
    const { log, flush } = testLog();
    log.note('warn', 'the server forgot the session');
    log.message({ level: 'notice', logger: 'db', data: { rows: 3 } });
    const stderr = log.stderrReader();
    stderr.data('starting up\n');
    flush();
    expect(log.entries()).toEqual([
      { seq: 1, at: 1_000_000, level: 'warning', source: 'host', message: 'the server forgot the session' },
      { seq: 2, at: 1_000_000, level: 'notice', source: 'server', logger: 'db', message: '{"rows":3}' },
      { seq: 3, at: 1_000_000, level: 'info', source: 'stderr', message: 'starting up' },
    ]);
  });

  it('masks every source before an entry is stored: message, data, logger, host notes, stderr', () => {
    const { log } = testLog();
    log.message({ level: 'error', logger: `aws ${AWS_KEY}`, data: { key: AWS_KEY } });
    log.message({ level: 'info', data: `token ${GITHUB_TOKEN}` });
    log.note('error', `could not reach https://user:${'p4ss'}${'W0rd-77'}@example.com/mcp`);
    const stderr = log.stderrReader();
    stderr.data(`using ${AWS_KEY}\n`);
    const stored = JSON.stringify(log.entries());
    expect(stored).not.toContain(AWS_KEY);
    expect(stored).not.toContain(GITHUB_TOKEN);
    expect(stored).not.toContain(`${'p4ss'}${'W0rd-77'}`);
    expect(log.entries()).toHaveLength(4);
  });

  it('keeps the newest LOG_CAPACITY entries, oldest first', () => {
    const { log, flush } = testLog();
    for (let i = 1; i <= LOG_CAPACITY + 40; i++) {
      log.message({ level: 'info', data: `message ${i}` });
      if (i % 7 === 0) flush();
    }
    const entries = log.entries();
    expect(entries).toHaveLength(LOG_CAPACITY);
    expect(entries[0]?.message).toBe('message 41');
    expect(entries.at(-1)?.message).toBe(`message ${LOG_CAPACITY + 40}`);
  });

  it('a message costs a push as it arrives: masking waits for the next turn of the event loop', () => {
    let scans = 0;
    const counting: CredentialPattern = {
      name: 'counting',
      reason: 'counts the texts masked',
      find: () => {
        scans++;
        return [];
      },
    };
    const { log, queued, flush } = testLog({ patterns: () => [counting] });
    for (let i = 0; i < 10; i++) log.message({ level: 'debug', data: `m${i}` });
    expect(scans).toBe(0);
    expect(queued).toHaveLength(1);
    flush();
    expect(scans).toBe(10);
  });

  it('a flood larger than the ring masks at most one ring of it, and a host note says how many were not kept', () => {
    let scans = 0;
    const counting: CredentialPattern = {
      name: 'counting',
      reason: 'counts the texts masked',
      find: () => {
        scans++;
        return [];
      },
    };
    const { log, flush } = testLog({ patterns: () => [counting] });
    const flood = 20_000;
    for (let i = 1; i <= flood; i++) log.message({ level: 'debug', data: `flood ${i}` });
    flush();
    expect(scans).toBeLessThanOrEqual(LOG_CAPACITY);
    const entries = log.entries();
    expect(entries).toHaveLength(LOG_CAPACITY);
    expect(entries[0]).toMatchObject({ source: 'host', level: 'warning' });
    expect(entries[0]?.message).toContain(`${flood - LOG_CAPACITY + 1} log entries arrived faster`);
    expect(entries.at(-1)?.message).toBe(`flood ${flood}`);
    expect(entries[1]?.message).toBe(`flood ${flood - LOG_CAPACITY + 2}`);
  });

  it('reading the log stores what arrived without waiting for the next turn', () => {
    const { log } = testLog();
    log.message({ level: 'info', data: 'now' });
    expect(log.entries().map((e) => e.message)).toEqual(['now']);
  });

  it('numbers entries so a key never moves', () => {
    const { log } = testLog({ capacity: 3 });
    for (let i = 0; i < 5; i++) {
      log.message({ level: 'info', data: i });
      log.entries();
    }
    expect(log.entries().map((e) => e.seq)).toEqual([3, 4, 5]);
  });
});

describe("a stdio server's stderr", () => {
  it('is one entry per line, joined across chunks, so a credential split between chunks is still masked', () => {
    const { log } = testLog();
    const stderr = log.stderrReader();
    stderr.data(`first line\nkey ${AWS_KEY.slice(0, 9)}`);
    stderr.data(Buffer.from(`${AWS_KEY.slice(9)} in use\n\n`));
    stderr.data('no end yet');
    stderr.end();
    expect(log.entries().map((e) => e.message)).toEqual([
      'first line',
      `key ${WITHHELD_MARKER} in use`,
      'no end yet',
    ]);
  });

  it('reads UTF-8 split between chunks', () => {
    const { log } = testLog();
    const stderr = log.stderrReader();
    const bytes = Buffer.from('café ☕\n');
    stderr.data(bytes.subarray(0, 4));
    stderr.data(bytes.subarray(4, 8));
    stderr.data(bytes.subarray(8));
    expect(log.entries().map((e) => e.message)).toEqual(['café ☕']);
  });

  it('takes a line without an end at a bounded length', () => {
    const { log } = testLog();
    const stderr = log.stderrReader();
    stderr.data('z'.repeat(9_000));
    const entries = log.entries();
    expect(entries.length).toBe(2);
    for (const entry of entries) expect(entry.message.length).toBeLessThanOrEqual(MESSAGE_MAX);
  });
});

describe("the host's own log", () => {
  const levels: LogLevel[] = [
    'debug',
    'info',
    'notice',
    'warning',
    'error',
    'critical',
    'alert',
    'emergency',
  ];

  it('gets the server messages from warning up, one line each, naming the server, masked', () => {
    const { log, hostLines, flush } = testLog();
    for (const level of levels)
      log.message({ level, logger: 'db', data: `${level} with ${AWS_KEY}\nsecond line` });
    log.note('error', 'a host note stays in the server log');
    log.stderrReader().data('an error on stderr stays there too\n');
    flush();
    expect(hostLines.map((line) => line.level)).toEqual(['warn', 'error', 'error', 'error', 'error']);
    for (const [i, level] of ['warning', 'error', 'critical', 'alert', 'emergency'].entries()) {
      const line = hostLines[i];
      expect(line?.message).toBe(
        `[mcp] Bistro (alice/bistro) ${level} [db]: ${level} with ${WITHHELD_MARKER}\\nsecond line`,
      );
      expect(line?.message).not.toContain('\n');
    }
    expect(JSON.stringify(hostLines)).not.toContain(AWS_KEY);
  });

  it(`writes at most ${HOST_LOG_PER_SECOND} lines a second per server and counts the rest on the next`, () => {
    const { log, hostLines, flush, tick } = testLog();
    for (let i = 0; i < HOST_LOG_PER_SECOND + 15; i++) log.message({ level: 'error', data: `e${i}` });
    flush();
    expect(hostLines).toHaveLength(HOST_LOG_PER_SECOND);
    tick(1_000);
    log.message({ level: 'error', data: 'later' });
    flush();
    expect(hostLines).toHaveLength(HOST_LOG_PER_SECOND + 1);
    expect(hostLines.at(-1)?.message).toContain('later (15 more of its messages were not written here)');
    // Every one of them is still in the server's own log.
    expect(log.entries()).toHaveLength(HOST_LOG_PER_SECOND + 16);
  });
});

describe('the ring', () => {
  it('pushes in O(1), drops the oldest when full, and says so', () => {
    const ring = new Ring<number>(3);
    expect([ring.push(1), ring.push(2), ring.push(3), ring.push(4)]).toEqual([false, false, false, true]);
    expect(ring.items()).toEqual([2, 3, 4]);
    expect(ring.take()).toEqual([2, 3, 4]);
    expect(ring.size).toBe(0);
    ring.push(5);
    expect(ring.items()).toEqual([5]);
  });
});

describe('SEP-2575: the level a 2026-07-28 call asks for', () => {
  it('a modern call names a level in _meta; a 2025-era call carries nothing', () => {
    expect(callLogMeta('2026-07-28')).toEqual({ [LOG_LEVEL_META_KEY]: 'info' });
    expect(LOG_LEVEL_META_KEY).toBe('io.modelcontextprotocol/logLevel');
    expect(callLogMeta('2025-11-25')).toEqual({});
    expect(callLogMeta(null)).toEqual({});
  });
});

describe("what one user is shown of a server's log (multi-user)", () => {
  const entry = (seq: number, source: StoredLogEntry['source'], userId?: string): StoredLogEntry => ({
    seq,
    at: seq,
    level: 'info',
    source,
    message: `m${seq}`,
    ...(userId ? { userId } : {}),
  });
  const log = [
    entry(1, 'host'),
    entry(2, 'server', 'alice'),
    entry(3, 'server', 'bob'),
    entry(4, 'server'),
    entry(5, 'stderr'),
  ];

  it('a server of their own, or any server in local mode: everything, without whose call it was', () => {
    const shown = entriesFor(log, { userId: 'alice', shared: false });
    expect(shown.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(shown.some((e) => 'userId' in e)).toBe(false);
  });

  it("a shared operator server in hosted mode: the host's notes and the messages of the user's own calls only", () => {
    expect(entriesFor(log, { userId: 'alice', shared: true }).map((e) => e.seq)).toEqual([1, 2]);
    expect(entriesFor(log, { userId: 'bob', shared: true }).map((e) => e.seq)).toEqual([1, 3]);
    expect(entriesFor(log, { shared: true }).map((e) => e.seq)).toEqual([1]);
  });
});

describe("a server's own header secrets in its log", () => {
  it('a bearer token or API key the server echoes is masked in every entry, whatever its source', () => {
    const token = 'tok-Z8v1Q4mYlogged';
    const { log, flush } = testLog({ secrets: () => [`Bearer ${token}`, token, 'api-key-991'] });
    log.message({ level: 'info', data: `authorized with Bearer ${token}` });
    log.message({ level: 'info', data: { key: 'api-key-991' } });
    log.stderrReader().data(`upstream got ${token}\n`);
    flush();
    const messages = log.entries().map((e) => e.message);
    expect(messages).toEqual(['authorized with [secret]', '{"key":"[secret]"}', 'upstream got [secret]']);
  });
});
