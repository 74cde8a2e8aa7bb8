import { afterEach, describe, expect, it } from 'vitest';
import { SANDBOX_WARMUP_PATH, sandboxWarmupUrl } from '../apps/sandbox-warmup';
import { frontDoor } from './front-door';

const savedPort = process.env.PORT;
afterEach(() => {
  if (savedPort === undefined) delete process.env.PORT;
  else process.env.PORT = savedPort;
});

function knock(method: string, url: string) {
  process.env.PORT = '3000';
  const target = new URL(url);
  return frontDoor(
    { method, url: target, headers: new Headers({ host: target.host }) },
    'request-id-1',
    async () => null,
  );
}

describe('the front door: the sandbox warm-up page (lib/apps/sandbox-warmup.ts)', () => {
  it('is an empty page on the warm-up sandbox origin, where nothing may run or load', async () => {
    const url = sandboxWarmupUrl('http://{server}.sandbox.localhost:3000');
    expect(url).toBe(`http://warmup.sandbox.localhost:3000${SANDBOX_WARMUP_PATH}`);
    const outcome = await knock('GET', url);
    if (outcome.kind !== 'answer') throw new Error('the front door passed the warm-up page on');
    expect(outcome.response.status).toBe(200);
    expect(outcome.response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(outcome.response.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(await outcome.response.text()).toBe('<!doctype html><title></title>');
  });

  it('is the only thing besides /sandbox a sandbox origin answers, and only to GET', async () => {
    const post = await knock('POST', `http://warmup.sandbox.localhost:3000${SANDBOX_WARMUP_PATH}`);
    expect(post.kind === 'answer' && post.response.status).toBe(404);
    const other = await knock('GET', 'http://warmup.sandbox.localhost:3000/sandbox-warmup/x');
    expect(other.kind === 'answer' && other.response.status).toBe(404);
    const proxy = await knock('GET', 'http://0a1b2c.sandbox.localhost:3000/sandbox');
    expect(proxy.kind).toBe('pass');
  });

  it("is not the chat's: on the chat's own origin the path goes on to Next like any page", async () => {
    const outcome = await knock('GET', `http://localhost:3000${SANDBOX_WARMUP_PATH}`);
    expect(outcome.kind).toBe('pass');
  });
});

describe('the front door: Host spellings no browser sends (DNS rebinding, docs/security.md)', () => {
  it.each(['localhost:03000', 'user@localhost:3000', 'localhost:3000/'])(
    '%s is answered 421 before any route',
    async (host) => {
      process.env.PORT = '3000';
      const outcome = await frontDoor(
        { method: 'GET', url: new URL('http://localhost:3000/api/models'), headers: new Headers({ host }) },
        'request-id-1',
        async () => null,
      );
      expect(outcome.kind).toBe('answer');
      if (outcome.kind === 'answer') expect(outcome.response.status).toBe(421);
    },
  );
});
