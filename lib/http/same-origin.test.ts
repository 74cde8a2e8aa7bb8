import { describe, expect, it } from 'vitest';
import { isCrossSiteWrite } from './same-origin';

const host = 'http://localhost:3000';
const h = (init: Record<string, string>) => new Headers(init);

describe('attack 12: cross-site writes to the API', () => {
  it('allows reads from anywhere', () => {
    expect(
      isCrossSiteWrite('GET', h({ origin: 'http://evil.test', 'sec-fetch-site': 'cross-site' }), host),
    ).toBe(false);
  });
  it('allows same-origin writes and writes without browser headers', () => {
    expect(isCrossSiteWrite('POST', h({ origin: host, 'sec-fetch-site': 'same-origin' }), host)).toBe(false);
    expect(isCrossSiteWrite('DELETE', h({}), host)).toBe(false);
  });
  it('refuses a write from another origin', () => {
    expect(isCrossSiteWrite('POST', h({ origin: 'http://evil.test' }), host)).toBe(true);
    expect(isCrossSiteWrite('PATCH', h({ origin: 'http://127.0.0.1:3000' }), host)).toBe(true);
  });
  it('refuses a cross-site or same-site fetch even without Origin', () => {
    expect(isCrossSiteWrite('POST', h({ 'sec-fetch-site': 'cross-site' }), host)).toBe(true);
    expect(isCrossSiteWrite('POST', h({ 'sec-fetch-site': 'same-site' }), host)).toBe(true);
  });
  it('refuses an opaque (null) origin', () => {
    expect(isCrossSiteWrite('POST', h({ origin: 'null' }), host)).toBe(true);
  });
});
