import { APICallError, RetryError } from 'ai';
import { describe, expect, it } from 'vitest';
import { describeProviderError } from './provider-errors';

const apiError = (statusCode: number) =>
  new APICallError({
    message: 'boom',
    url: 'http://x',
    requestBodyValues: {},
    statusCode,
    responseBody: '{"error":"sk-secret-value"}',
  });

describe('provider error messages', () => {
  it.each([
    [401, /refused the credentials \(HTTP 401\)/],
    [403, /HTTP 403/],
    [429, /rate limiting/],
    [404, /does not know this model/],
    [500, /internal error \(HTTP 500\)/],
    [503, /HTTP 503/],
    [400, /rejected the request \(HTTP 400\)/],
  ])('maps HTTP %i', (status, pattern) => {
    expect(describeProviderError(apiError(status))).toMatch(pattern);
  });

  it('unwraps retry errors to the last attempt', () => {
    const retry = new RetryError({
      message: 'x',
      reason: 'maxRetriesExceeded',
      errors: [apiError(500), apiError(429)],
    });
    expect(describeProviderError(retry)).toMatch(/rate limiting/);
  });

  it('never echoes the response body', () => {
    expect(describeProviderError(apiError(401))).not.toContain('sk-secret');
  });

  it('recognises refused connections, timeouts and cut streams', () => {
    const refused = Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } });
    expect(describeProviderError(refused)).toMatch(/could not be reached/);
    const timeout = new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    expect(describeProviderError(timeout)).toMatch(/did not answer in time/);
    expect(describeProviderError(new TypeError('terminated'))).toMatch(/stopped streaming mid-way/);
  });

  it('treats a failure while reading a successful response as a cut stream', () => {
    const cut = new APICallError({
      message: 'Failed to process successful response',
      url: 'http://x',
      requestBodyValues: {},
      statusCode: 200,
      cause: new TypeError('terminated'),
    });
    expect(describeProviderError(cut)).toMatch(/stopped streaming mid-way/);
  });

  it('falls back to a generic sentence', () => {
    expect(describeProviderError('weird')).toMatch(/failed to answer/);
  });
});
