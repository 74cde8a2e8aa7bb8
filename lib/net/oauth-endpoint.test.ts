import { describe, expect, it } from 'vitest';
import { checkOAuthEndpoint } from './oauth-endpoint';

const server = new URL('http://localhost:4100/mcp');
const local = { mode: 'local', addedBy: 'user' } as const;
const hosted = { mode: 'hosted', addedBy: 'operator' } as const;
const ok = (url: string, policy: typeof local | typeof hosted = local) =>
  checkOAuthEndpoint(new URL(url), server, policy).ok;

describe('OAuth endpoints named by metadata', () => {
  it('https anywhere the address rules allow', () => {
    expect(ok('https://auth.example.com/authorize')).toBe(true);
    expect(ok('https://auth.example.com/token', hosted)).toBe(true);
  });

  it("plain http only on the MCP server's own origin, or on loopback in local mode", () => {
    expect(ok('http://localhost:4100/.well-known/oauth-protected-resource')).toBe(true);
    expect(ok('http://localhost:4200/token')).toBe(true);
    expect(ok('http://auth.localhost:4200/token')).toBe(true);
    expect(ok('http://127.0.0.1:4200/token')).toBe(true);
    expect(ok('http://[::1]:4200/token')).toBe(true);
    expect(ok('http://auth.example.com/token')).toBe(false);
    expect(ok('http://localhost:4200/token', hosted)).toBe(false);
  });

  it('javascript:, file:, data: and other schemes are refused, whatever else matches', () => {
    for (const url of [
      'javascript:alert(1)',
      'file:///etc/passwd',
      'data:text/html,x',
      'ftp://localhost/x',
    ]) {
      const verdict = checkOAuthEndpoint(new URL(url), server, local);
      expect(verdict.ok).toBe(false);
      expect(verdict.ok ? '' : verdict.kind).toBe('scheme');
    }
  });

  it('link-local and metadata addresses are refused even over https', () => {
    expect(ok('https://169.254.169.254/token')).toBe(false);
    expect(ok('https://metadata.google.internal/token')).toBe(false);
    expect(ok('http://169.254.169.254/token')).toBe(false);
  });
});
