import { describe, expect, it } from 'vitest';
import { isCrossSiteRequest } from './same-origin';

const host = 'http://localhost:3000';
const h = (init: Record<string, string>) => new Headers(init);

describe('cross-site requests: cross-site writes to the API', () => {
  it('allows reads from the host page and without browser headers', () => {
    expect(isCrossSiteRequest('GET', h({ 'sec-fetch-site': 'same-origin' }), host)).toBe(false);
    expect(isCrossSiteRequest('GET', h({ origin: 'http://evil.test' }), host)).toBe(false);
    expect(isCrossSiteRequest('GET', h({}), host)).toBe(false);
  });
  it('refuses reads from another site, including a view on a sibling sandbox origin (same-site)', () => {
    expect(isCrossSiteRequest('GET', h({ 'sec-fetch-site': 'cross-site' }), host)).toBe(true);
    expect(isCrossSiteRequest('GET', h({ 'sec-fetch-site': 'same-site' }), host)).toBe(true);
  });
  it('allows same-origin writes and writes without browser headers', () => {
    expect(isCrossSiteRequest('POST', h({ origin: host, 'sec-fetch-site': 'same-origin' }), host)).toBe(
      false,
    );
    expect(isCrossSiteRequest('DELETE', h({}), host)).toBe(false);
  });
  it('refuses a write from another origin', () => {
    expect(isCrossSiteRequest('POST', h({ origin: 'http://evil.test' }), host)).toBe(true);
    expect(isCrossSiteRequest('PATCH', h({ origin: 'http://127.0.0.1:3000' }), host)).toBe(true);
  });
  it('refuses a cross-site or same-site fetch even without Origin', () => {
    expect(isCrossSiteRequest('POST', h({ 'sec-fetch-site': 'cross-site' }), host)).toBe(true);
    expect(isCrossSiteRequest('POST', h({ 'sec-fetch-site': 'same-site' }), host)).toBe(true);
  });
  it('refuses an opaque (null) origin', () => {
    expect(isCrossSiteRequest('POST', h({ origin: 'null' }), host)).toBe(true);
  });
});
