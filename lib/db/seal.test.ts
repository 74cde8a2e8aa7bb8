import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hostKey, parseHostKey } from './host-key';
import { isSealed, SealError, seal, unseal } from './seal';

const KEY = parseHostKey('11'.repeat(32));
const OTHER = parseHostKey('22'.repeat(32));

describe('sealing at rest (AES-256-GCM)', () => {
  it('seals a value so its text does not appear, and opens it with the same key', () => {
    const value = { secret: 'AKIAIOSFODNN7EXAMPLE', n: [1, 2] };
    const sealed = seal(value, KEY);
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain('AKIA');
    expect(seal(value, KEY)).not.toBe(sealed);
    expect(unseal(sealed, KEY)).toEqual(value);
  });

  it('a wrong key, or an altered value, fails with a clear error', () => {
    const sealed = seal('s3cret-value', KEY);
    expect(() => unseal(sealed, OTHER)).toThrow(SealError);
    expect(() => unseal(sealed, OTHER)).toThrow(/host key \(HOST_KEY/);
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    const altered = [...parts.slice(0, 3), body.toString('base64url')].join('.');
    expect(altered).not.toBe(sealed);
    expect(() => unseal(altered, KEY)).toThrow(SealError);
    expect(() => unseal('hk1.x', KEY)).toThrow(/malformed/);
  });

  it('HOST_KEY is 64 hex characters or base64 of 32 bytes; anything else is refused', () => {
    expect(parseHostKey(Buffer.alloc(32, 7).toString('base64')).length).toBe(32);
    expect(() => parseHostKey('abcd')).toThrow(/32 bytes/);
  });

  it('local mode: without HOST_KEY a key is generated once under DATA_DIR, mode 0600, and reused', () => {
    const dir = mkdtempSync(join(tmpdir(), 'host-key-'));
    const first = hostKey({ DATA_DIR: dir });
    const file = join(dir, 'host.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.toString('hex'));
    expect(hostKey({ DATA_DIR: dir }).equals(first)).toBe(true);
    expect(hostKey({ DATA_DIR: dir, HOST_KEY: '33'.repeat(32) }).equals(first)).toBe(false);
  });

  it('hosted mode: no key is generated; HOST_KEY is required', () => {
    const dir = mkdtempSync(join(tmpdir(), 'host-key-'));
    expect(() => hostKey({ DATA_DIR: dir }, 'hosted')).toThrow(/HOST_KEY is required in hosted mode/);
    expect(existsSync(join(dir, 'host.key'))).toBe(false);
    expect(hostKey({ DATA_DIR: dir, HOST_KEY: '44'.repeat(32) }, 'hosted').length).toBe(32);
  });
});
