import { allowAttribute, INNER_SANDBOX, type ResourcePermissions } from './sandbox';
import { WEBMCP_SHIM } from './webmcp-shim-bundle';

/** What stays before the injected script: a BOM, blanks, comments and the doctype (moved, it would set quirks mode). */
export const DOCUMENT_PROLOGUE = /^\uFEFF?(?:\s|<!--[\s\S]*?-->)*(?:<!doctype[^>]*>)?/i;

/** The view's HTML with `script` run first, before any of the page's own scripts. */
export function withLeadingScript(html: string, script: string): string {
  const prologue = DOCUMENT_PROLOGUE.exec(html)?.[0] ?? '';
  return `${prologue}<script>${script}</script>${html.slice(prologue.length)}`;
}

function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The MCP Apps sandbox proxy page. It runs only when framed by the host origin, relays JSON-RPC
 * between the host and the view's inner frame (never the reserved `ui/notifications/sandbox-*`
 * messages), posts only to explicit origins, and reports CSP violations of the view to the host.
 * It writes the WebMCP shim (lib/apps/webmcp-shim.ts) at the start of the view's document, so a page
 * written for `navigator.modelContext` works as a view unchanged (same steps as `withLeadingScript`).
 */
export function sandboxPage(hostOrigin: string, permissions: ResourcePermissions): string {
  const config = scriptJson({
    host: hostOrigin,
    sandbox: INNER_SANDBOX,
    allow: allowAttribute(permissions),
    prologue: DOCUMENT_PROLOGUE.source,
    shim: WEBMCP_SHIM,
  });
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>MCPlet view sandbox</title>
<style>html,body{margin:0;height:100%;overflow:hidden;background:transparent}iframe{border:0;width:100%;height:100%;display:block}</style>
</head><body><script>
(function () {
  var CONFIG = ${config};
  var RESERVED = 'ui/notifications/sandbox-';
  function refuse(why) { document.body.textContent = why; }
  if (window.top === window) return refuse('This page only runs inside the MCPlet host.');
  var framer = (location.ancestorOrigins && location.ancestorOrigins[0]) || (document.referrer ? new URL(document.referrer).origin : '');
  if (framer !== CONFIG.host) return refuse('Refused: framed by an unexpected origin.');
  try { void window.top.document; return refuse('Refused: the sandbox shares an origin with its host.'); } catch (e) {}
  var inner = document.createElement('iframe');
  inner.setAttribute('sandbox', CONFIG.sandbox);
  if (CONFIG.allow) inner.setAttribute('allow', CONFIG.allow);
  inner.setAttribute('title', 'MCP App view');
  document.body.appendChild(inner);
  function isRpc(m) { return m && typeof m === 'object' && m.jsonrpc === '2.0'; }
  function toHost(m) { window.parent.postMessage(m, CONFIG.host); }
  var PROLOGUE = new RegExp(CONFIG.prologue, 'i');
  function withShim(html) {
    var prologue = (PROLOGUE.exec(html) || [''])[0];
    return prologue + '<script>' + CONFIG.shim + '<\\/script>' + html.slice(prologue.length);
  }
  function reportViolations(doc) {
    doc.addEventListener('securitypolicyviolation', function (e) {
      toHost({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-csp-violation', params: { directive: e.effectiveDirective, blocked: String(e.blockedURI).slice(0, 200) } });
    });
  }
  var written = false;
  function load(params) {
    if (!params || typeof params.html !== 'string') return;
    var doc = null;
    try { doc = inner.contentDocument; } catch (e) {}
    if (!doc || written) {
      inner.srcdoc = withShim(params.html);
      return;
    }
    // Written into the frame's first document rather than loaded as srcdoc: no second navigation, and
    // the document keeps the frame's sandbox flags and this page's CSP. open() drops listeners, so the
    // violation listener is added after it, before the view's first script runs.
    written = true;
    doc.open();
    reportViolations(doc);
    doc.write(withShim(params.html));
    doc.close();
  }
  window.addEventListener('message', function (event) {
    var m = event.data;
    if (!isRpc(m)) return;
    var method = typeof m.method === 'string' ? m.method : '';
    if (event.source === window.parent && event.origin === CONFIG.host) {
      if (method === 'ui/notifications/sandbox-resource-ready') return load(m.params);
      if (method.indexOf(RESERVED) === 0) return;
      if (inner.contentWindow) inner.contentWindow.postMessage(m, location.origin);
    } else if (event.source === inner.contentWindow && event.origin === location.origin) {
      if (method.indexOf(RESERVED) === 0) return;
      toHost(m);
    }
  });
  document.addEventListener('securitypolicyviolation', function (e) {
    toHost({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-csp-violation', params: { directive: e.effectiveDirective, blocked: String(e.blockedURI).slice(0, 200) } });
  }, true);
  inner.addEventListener('load', function () {
    // A srcdoc document (a second resource-ready) is a new document: it needs the listener too.
    try { if (inner.srcdoc) reportViolations(inner.contentDocument); } catch (e) {}
  });
  toHost({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} });
})();
</script></body></html>`;
}
