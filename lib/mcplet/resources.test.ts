import { describe, expect, it } from 'vitest';
import {
  expandTemplate,
  matchesResource,
  readResourceList,
  readTemplateList,
  templateVariables,
} from './resources';

describe('MCP resources/list and resources/templates/list, read leniently', () => {
  it('keeps entries with a usable URI; names an unnamed one by its URI; skips duplicates and junk', () => {
    const { items, skipped } = readResourceList([
      { uri: 'file:///a', name: 'a', title: 'A file', mimeType: 'text/plain' },
      { uri: 'file:///b' },
      { uri: 'file:///a', name: 'again' },
      { name: 'no uri' },
      'junk',
      { uri: 'x'.repeat(3000), name: 'long' },
    ]);
    expect(items).toEqual([
      { uri: 'file:///a', name: 'a', title: 'A file', mimeType: 'text/plain', icons: [] },
      { uri: 'file:///b', name: 'file:///b', icons: [] },
    ]);
    expect(skipped).toBe(4);
  });

  it("keeps a listed resource's audience, a malformed one as an empty list (it names no assistant)", () => {
    const { items } = readResourceList([
      { uri: 'a', annotations: { audience: ['user', 3] } },
      { uri: 'b', annotations: { audience: 'assistant' } },
      { uri: 'c', annotations: {} },
    ]);
    expect(items.map((i) => i.audience)).toEqual([['user'], [], undefined]);
  });

  it('keeps only inline icons', () => {
    const { items } = readResourceList([
      { uri: 'a', icons: [{ src: 'https://evil.example/i.png' }, { src: 'data:image/png;base64,AAAA' }] },
    ]);
    expect(items[0]?.icons).toEqual([{ src: 'data:image/png;base64,AAAA' }]);
  });

  it('reads a template and its variables', () => {
    const { items } = readTemplateList([{ uriTemplate: 'notes://{topic}/{+path}{?q,lang}', name: 'notes' }]);
    expect(items[0]?.variables).toEqual(['topic', 'path', 'q', 'lang']);
  });
});

describe('RFC 6570 templates', () => {
  it('finds variables once each, dropping modifiers', () => {
    expect(templateVariables('x://{a}/{a}/{b*}/{c:3}')).toEqual(['a', 'b', 'c']);
    expect(templateVariables('x://plain')).toEqual([]);
  });

  it('expands a simple value with every reserved character encoded (no path or query of its own)', () => {
    expect(expandTemplate('notes://{topic}', { topic: 'a/b?c=d e' })).toEqual({
      ok: true,
      value: 'notes://a%2Fb%3Fc%3Dd%20e',
    });
  });

  it('expands + (reserved), / and ? operators', () => {
    expect(expandTemplate('f://{+path}', { path: 'a/b' })).toEqual({ ok: true, value: 'f://a/b' });
    expect(expandTemplate('f://x{/seg}', { seg: 'y' })).toEqual({ ok: true, value: 'f://x/y' });
    expect(expandTemplate('f://x{?q,lang}', { q: 'k y', lang: 'en' })).toEqual({
      ok: true,
      value: 'f://x?q=k%20y&lang=en',
    });
  });

  it('refuses a missing or blank value, a name the template does not have, and a non-object', () => {
    expect(expandTemplate('n://{a}', {}).ok).toBe(false);
    expect(expandTemplate('n://{a}', { a: '  ' }).ok).toBe(false);
    expect(expandTemplate('n://{a}', { a: 'x', b: 'y' }).ok).toBe(false);
    expect(expandTemplate('n://{a}', 'a=x').ok).toBe(false);
    expect(expandTemplate('n://{a}', { a: 3 }).ok).toBe(false);
  });
});

describe("the picker's filter", () => {
  it('every word in the name, title, URI or MIME type', () => {
    const item = { uri: 'file:///readme.md', name: 'readme', title: 'Read me', mimeType: 'text/markdown' };
    expect(matchesResource(item, 'read markdown')).toBe(true);
    expect(matchesResource(item, 'readme.md')).toBe(true);
    expect(matchesResource(item, 'json')).toBe(false);
    expect(matchesResource({ uriTemplate: 'notes://{topic}', name: 'notes' }, 'notes topic')).toBe(true);
  });
});
