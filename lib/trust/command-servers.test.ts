import { describe, expect, it } from 'vitest';
import { bindRefusal, mayAskToRunCommand, restartsStoredCommand } from './command-servers';

const host = 'http://localhost:3000';

describe('command execution: a stdio server over the API', () => {
  it("may be asked for from the host's own page in local mode (the confirmation comes next)", () => {
    expect(mayAskToRunCommand('local', { origin: host, fetchSite: 'same-origin' }, host)).toEqual({
      ok: true,
    });
    expect(mayAskToRunCommand('local', { origin: host, fetchSite: null }, host)).toEqual({ ok: true });
    expect(mayAskToRunCommand('local', { origin: null, fetchSite: 'same-origin' }, host)).toEqual({
      ok: true,
    });
  });

  it('is refused from a request without Origin or Sec-Fetch-Site (curl, another program)', () => {
    expect(mayAskToRunCommand('local', { origin: null, fetchSite: null }, host)).toMatchObject({
      ok: false,
      reason: expect.stringContaining("host's own page"),
    });
  });

  it.each([
    ['a foreign Origin', { origin: 'http://evil.example', fetchSite: 'cross-site' }],
    [
      'a foreign Origin that claims same-origin (DNS rebinding)',
      { origin: 'http://evil.example:3000', fetchSite: 'same-origin' },
    ],
    ['the sandbox origin', { origin: 'http://127.0.0.1:3000', fetchSite: 'same-site' }],
    ['an opaque origin', { origin: 'null', fetchSite: 'cross-site' }],
    ['a same-site page', { origin: null, fetchSite: 'same-site' }],
    ['a typed-in navigation', { origin: null, fetchSite: 'none' }],
  ])('is refused from %s', (_label, from) => {
    expect(mayAskToRunCommand('local', from, host)).toMatchObject({ ok: false });
  });

  it("is refused in hosted mode, even from the host's own page", () => {
    expect(mayAskToRunCommand('hosted', { origin: host, fetchSite: 'same-origin' }, host)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('host.config.json'),
    });
  });

  it('a stored command server is restarted at start-up in local mode only', () => {
    expect(restartsStoredCommand('local')).toBe(true);
    expect(restartsStoredCommand('hosted')).toBe(false);
  });
});

describe('BIND_ADDRESS: no listening beyond this machine without sign-in', () => {
  it.each(['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]'])(
    'local mode accepts loopback %s',
    (bind) => {
      expect(bindRefusal(bind, 'local')).toBeNull();
    },
  );

  it.each(['0.0.0.0', '::', '192.168.1.20', 'example.com'])('local mode refuses %s, saying why', (bind) => {
    expect(bindRefusal(bind, 'local')).toBe(
      `BIND_ADDRESS=${bind} would expose the host without sign-in. Use a loopback address (127.0.0.1, ::1 or localhost), or hosted mode with passkey sign-in (AUTH_MODE=passkey; docs/hosted-mode.md).`,
    );
  });

  it('hosted mode (with sign-in) may listen on any address', () => {
    expect(bindRefusal('0.0.0.0', 'hosted')).toBeNull();
  });
});
