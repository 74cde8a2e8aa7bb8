import { describe, expect, it } from 'vitest';
import { buildCsp, cleanCsp } from './csp';
import {
  allowAttribute,
  cleanPermissions,
  FORBIDDEN_SANDBOX_TOKENS,
  INNER_SANDBOX,
  OUTER_SANDBOX,
  sandboxSrc,
  viewFrame,
} from './sandbox';

describe('view CSP (16.1, MCP Apps sandbox)', () => {
  const host = 'http://localhost:3000';

  it('is restrictive when nothing is declared: no connections, no frames', () => {
    const csp = buildCsp({}, host);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("connect-src 'none'");
    expect(csp).toContain("frame-src 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain('frame-ancestors http://localhost:3000');
  });

  it('maps connectDomains to connect-src and resourceDomains to script, style, img, font and media', () => {
    const csp = buildCsp(
      { connectDomains: ['https://api.example.com'], resourceDomains: ['https://cdn.example.com'] },
      host,
    );
    expect(csp).toContain('connect-src https://api.example.com');
    for (const d of ['script-src', 'style-src', 'img-src', 'font-src', 'media-src']) {
      expect(csp).toMatch(new RegExp(`${d} [^;]*https://cdn\\.example\\.com`));
    }
  });

  it('drops entries that could inject directives', () => {
    const { csp, dropped } = cleanCsp({
      connectDomains: [
        'https://ok.example.com',
        "https://x.com; script-src 'unsafe-eval'",
        'https://a.com\nscript-src *',
        "'unsafe-inline'",
        '*',
        'https://*.wild.example.com',
        'javascript:alert(1)',
        42,
      ],
      frameDomains: 'https://not-a-list.com',
    });
    expect(csp).toEqual({ connectDomains: ['https://ok.example.com', 'https://*.wild.example.com'] });
    expect(dropped).toHaveLength(6);
  });
});

describe('frame permissions and sandbox attributes (view isolation)', () => {
  it('delegates only declared features, never others', () => {
    const permissions = cleanPermissions({
      camera: {},
      clipboardWrite: {},
      tools: {},
      geolocation: true,
      payment: {},
    });
    expect(permissions).toEqual({ camera: {}, clipboardWrite: {} });
    expect(allowAttribute(permissions)).toBe('camera; clipboard-write');
    expect(allowAttribute(cleanPermissions(undefined))).toBe('');
  });

  it('never grants top navigation or popups that escape the sandbox', () => {
    for (const token of FORBIDDEN_SANDBOX_TOKENS) {
      expect(OUTER_SANDBOX.split(' ')).not.toContain(token);
      expect(INNER_SANDBOX.split(' ')).not.toContain(token);
    }
  });
});

describe('a view frame started before its resource is read (view isolation)', () => {
  const origin = 'http://abc.sandbox.localhost:3000';
  const hint = { sandboxOrigin: origin, allow: '', ticket: 't1' };

  it('starts from the hint, and keeps the same frame when the resource agrees', () => {
    const early = viewFrame(null, hint);
    expect(early?.frame).toEqual(hint);
    const read = viewFrame({ sandboxOrigin: origin, sandboxTicket: 't1', permissions: {} }, hint);
    expect(read?.key).toBe(early?.key);
  });

  it("replaces a hinted frame whose allow or origin is not the resource's", () => {
    const early = viewFrame(null, { sandboxOrigin: origin, allow: 'camera; microphone', ticket: 't1' });
    const read = viewFrame({ sandboxOrigin: origin, sandboxTicket: 't1', permissions: { camera: {} } }, hint);
    expect(read?.frame.allow).toBe('camera');
    expect(read?.key).not.toBe(early?.key);
    const moved = viewFrame(
      { sandboxOrigin: 'http://def.sandbox.localhost:3000', sandboxTicket: 't1', permissions: {} },
      hint,
    );
    expect(moved?.key).not.toBe(early?.key);
    expect(moved?.frame.sandboxOrigin).toBe('http://def.sandbox.localhost:3000');
    // A hint from an older page (its ticket's window passed) is replaced by a frame with the new ticket.
    const renewed = viewFrame({ sandboxOrigin: origin, sandboxTicket: 't2', permissions: {} }, hint);
    expect(renewed?.key).not.toBe(viewFrame(null, hint)?.key);
    expect(sandboxSrc(renewed?.frame ?? hint, 'ui://r/a b')).toBe(
      `${origin}/sandbox?uri=ui%3A%2F%2Fr%2Fa%20b&t=t2`,
    );
  });

  it('has no frame without a hint until the resource is read', () => {
    expect(viewFrame(null, undefined)).toBeNull();
  });
});
