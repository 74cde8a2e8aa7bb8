import { describe, expect, it } from 'vitest';
import { buildWebMcpShim } from '../../scripts/build-webmcp-shim';
import { sandboxPage, withLeadingScript } from './sandbox-page';
import { WEBMCP_SHIM } from './webmcp-shim-bundle';

describe('the WebMCP shim is written before the view page', () => {
  it.each([
    ['<!doctype html><html><head><script>page()</script>', '<!doctype html><script>S</script><html>'],
    ['<!DOCTYPE html>\n<html>', '<!DOCTYPE html><script>S</script>\n<html>'],
    ['\uFEFF <!-- c --> <!doctype html><p>', '\uFEFF <!-- c --> <!doctype html><script>S</script><p>'],
    ['<script>page()</script>', '<script>S</script><script>page()</script>'],
    ['', '<script>S</script>'],
  ])('%j', (html, start) => {
    const out = withLeadingScript(html, 'S');
    expect(out.startsWith(start)).toBe(true);
    expect(out.replace('<script>S</script>', '')).toBe(html);
  });

  it('the proxy page carries the shim and the same prologue rule', () => {
    const page = sandboxPage('http://localhost:3000', {});
    expect(page).toContain(JSON.stringify(WEBMCP_SHIM.slice(0, 40)).slice(1, -1));
    expect(page).toContain("'<\\/script>'");
    expect(page.match(/<\/script/gi)).toHaveLength(1);
  });

  it('the committed bundle is the build of lib/apps/webmcp-shim.ts (run npm run build:webmcp-shim)', () => {
    expect(WEBMCP_SHIM).toBe(buildWebMcpShim());
    expect(WEBMCP_SHIM).not.toMatch(/<\/script/i);
  });
});
