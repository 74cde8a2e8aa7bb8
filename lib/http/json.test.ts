import { describe, expect, it } from 'vitest';
import { readJson } from './json';
import { keepLaneBody } from './lane-body';

const post = (body: BodyInit) => new Request('http://localhost/api/x', { method: 'POST', body });

describe('readJson', () => {
  it('takes the bytes the lane kept, without streaming the body again', async () => {
    const bytes = new TextEncoder().encode('{"from":"lane"}');
    const request = post(bytes);
    keepLaneBody(request, bytes);
    expect(await readJson(request)).toEqual({ ok: true, value: { from: 'lane' } });
    expect(request.bodyUsed).toBe(false);
  });

  it('decodes kept bytes as text() does: a leading BOM dropped, bad bytes replaced', async () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('"a'), 0xff, 0x22]);
    const kept = post(bytes);
    keepLaneBody(kept, bytes);
    const streamed = await readJson(post(bytes));
    expect(await readJson(kept)).toEqual(streamed);
    expect(streamed).toEqual({ ok: true, value: 'a\ufffd' });
  });

  it('reads any other request from its body', async () => {
    const request = post('[1,2]');
    expect(await readJson(request)).toEqual({ ok: true, value: [1, 2] });
    expect(request.bodyUsed).toBe(true);
  });

  it('answers 413 over the limit and 400 for a body that is not JSON', async () => {
    const big = await readJson(post('"0123456789"'), 5);
    expect(!big.ok && big.response.status).toBe(413);
    const bytes = new TextEncoder().encode('{nope');
    const bad = post(bytes);
    keepLaneBody(bad, bytes);
    const answer = await readJson(bad);
    expect(!answer.ok && answer.response.status).toBe(400);
  });
});
