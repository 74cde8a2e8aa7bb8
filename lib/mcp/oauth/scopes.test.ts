import { describe, expect, it } from 'vitest';
import { grantLacks, scopeUnion } from './scopes';

describe('step-up scopes', () => {
  it('the union keeps every scope held or asked for, each once, in order; none is undefined', () => {
    expect(scopeUnion('mcp:basic offline_access', 'mcp:basic', 'mcp:write')).toBe(
      'mcp:basic offline_access mcp:write',
    );
    expect(scopeUnion(undefined, '', 'mcp:write')).toBe('mcp:write');
    expect(scopeUnion(undefined, undefined)).toBeUndefined();
  });

  it('a grant lacks what it does not hold; offline_access does not count (it is the refresh token itself)', () => {
    expect(grantLacks('mcp:basic', 'mcp:basic mcp:write')).toBe(true);
    expect(grantLacks('mcp:basic mcp:write', 'mcp:write offline_access')).toBe(false);
    expect(grantLacks(undefined, 'mcp:write')).toBe(true);
    expect(grantLacks('mcp:basic', undefined)).toBe(false);
  });
});
