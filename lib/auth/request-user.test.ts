import { describe, expect, it } from 'vitest';
import { isSignedOutPath } from './request-user';

describe('what a signed-out request may reach in hosted mode', () => {
  it.each([
    '/sign-in',
    '/api/auth/passkey/generate-authenticate-options',
    '/healthz',
    '/readyz',
    '/_next/static/chunks/app.js',
    '/favicon.svg',
    '/icon-192.png',
    '/manifest.webmanifest',
    '/oauth/client-metadata.json',
  ])('%s is open', (path) => {
    expect(isSignedOutPath(path)).toBe(true);
  });

  it.each([
    '/',
    '/c/abc',
    '/settings',
    '/audit',
    '/preview',
    '/api/chat',
    '/api/conversations',
    '/api/tools/call',
    '/api/gates/x',
    '/api/authx',
    '/oauth/callback',
    '/sign-in/../api/chat',
    '/healthz/x',
  ])('%s needs a session', (path) => {
    expect(isSignedOutPath(path)).toBe(false);
  });
});
