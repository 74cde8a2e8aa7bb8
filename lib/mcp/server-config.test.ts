import { describe, expect, it } from 'vitest';
import { hintsTrusted, parseRegistration } from './server-config';

describe('server registration', () => {
  it('accepts a URL server and fills name and admission', () => {
    expect(
      parseRegistration({ id: 'weather', transport: { type: 'http', url: 'http://127.0.0.1:9/mcp' } }),
    ).toEqual({
      ok: true,
      registration: {
        id: 'weather',
        name: 'weather',
        admission: 'strict',
        transport: { type: 'http', url: 'http://127.0.0.1:9/mcp' },
      },
    });
  });

  it('command execution: a stdio command is an argv array, never a shell string', () => {
    expect(
      parseRegistration({ id: 'x', transport: { type: 'stdio', command: 'node server.js; rm -rf /' } }),
    ).toMatchObject({
      ok: false,
    });
    const parsed = parseRegistration({
      id: 'x',
      transport: { type: 'stdio', command: ['node', 'a.js; rm -rf /'] },
    });
    expect(parsed.ok && parsed.registration.transport).toEqual({
      type: 'stdio',
      command: ['node', 'a.js; rm -rf /'],
    });
  });

  it.each([
    [
      { id: 'Bad_Id', transport: { type: 'http', url: 'http://x' } },
      /\/id must start with a lowercase letter/,
    ],
    [{ id: 'x', transport: { type: 'http', url: 'file:///etc/passwd' } }, /transport/],
    [{ id: 'x', transport: { type: 'ftp', url: 'ftp://x' } }, /transport/],
    [{ id: 'x', transport: { type: 'http', url: 'http://x' }, admission: 'yolo' }, /admission/],
    [{ id: 'x', transport: { type: 'stdio', command: [] } }, /transport/],
    [{ transport: { type: 'http', url: 'http://x' } }, /required property 'id'/],
  ])('refuses %j', (input, message) => {
    const parsed = parseRegistration(input);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.error).toMatch(message);
  });
});

describe('servers[].trustHints (docs/gates.md)', () => {
  const http = { type: 'http' as const, url: 'http://127.0.0.1:9/mcp' };

  it('is a boolean in the registration schema', () => {
    expect(parseRegistration({ id: 'a', transport: http, trustHints: true })).toMatchObject({
      ok: true,
      registration: { trustHints: true },
    });
    expect(parseRegistration({ id: 'a', transport: http, trustHints: 'yes' })).toMatchObject({ ok: false });
  });

  it("is honoured only from the operator's host.config.json, never for a server added over the API", () => {
    const base = { id: 'a', name: 'a', admission: 'annotations' as const, transport: http, trustHints: true };
    expect(hintsTrusted({ ...base, source: 'config' })).toBe(true);
    expect(hintsTrusted({ ...base, source: 'user' })).toBe(false);
    expect(hintsTrusted({ ...base, source: 'demo' })).toBe(false);
    expect(hintsTrusted({ ...base, trustHints: false, source: 'config' })).toBe(false);
  });
});
