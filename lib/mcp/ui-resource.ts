import { cleanCsp, type ResourceCsp } from '../apps/csp';
import { cleanPermissions, type ResourcePermissions } from '../apps/sandbox';
import { viewHash } from '../trust/tool-pin';
import { type PinnedView, pinnedView } from '../trust/view-pin';
import type { ServerConnection } from './connection';

export const MCP_APP_MIME = 'text/html;profile=mcp-app';
const LEGACY_MIME = 'text/html+mcp';
const MAX_HTML = 5_000_000;

export interface UiResource {
  uri: string;
  html: string;
  csp: ResourceCsp;
  permissions: ResourcePermissions;
  prefersBorder?: boolean;
  /** `_meta.ui.domain` as the server declared it (MCP Apps); honoured only if it is the server's own sandbox origin. */
  domain?: string;
  /** Problems worth showing in the developer log (dropped CSP entries, legacy mime type). */
  notes: string[];
}

export class UiResourceError extends Error {}

type Item = {
  uri?: string;
  mimeType?: string;
  text?: unknown;
  blob?: unknown;
  _meta?: unknown;
  meta?: unknown;
};

function uiMeta(item: { _meta?: unknown; meta?: unknown } | undefined): Record<string, unknown> | undefined {
  const meta = (item?._meta ?? item?.meta) as { ui?: unknown } | undefined;
  return meta && typeof meta.ui === 'object' && meta.ui !== null
    ? (meta.ui as Record<string, unknown>)
    : undefined;
}

/**
 * Reads a view's HTML (MCP Apps): only `ui://` resources that an admitted tool of the same server
 * declares. `_meta.ui` comes from the read content first, then from the `resources/list` entry.
 */
export async function readUiResource(connection: ServerConnection, uri: string): Promise<UiResource> {
  if (!uri.startsWith('ui://')) throw new UiResourceError('Only ui:// resources can be shown as views.');
  if (!connection.catalog.tools.some((t) => t.ui?.resourceUri === uri)) {
    throw new UiResourceError(`No admitted tool of ${connection.config.name} declares ${uri}.`);
  }
  const read = await connection.readResource(uri);
  const item = (read.contents as Item[]).find((c) => c.uri === uri) ?? (read.contents[0] as Item | undefined);
  if (!item) throw new UiResourceError(`${uri} has no content.`);
  const notes: string[] = [];
  if (item.mimeType === LEGACY_MIME) notes.push(`${uri} uses the old mime type ${LEGACY_MIME}`);
  else if (item.mimeType !== MCP_APP_MIME)
    throw new UiResourceError(`${uri} is ${item.mimeType ?? 'untyped'}, not ${MCP_APP_MIME}.`);
  let html: string;
  if (typeof item.text === 'string') html = item.text;
  else if (typeof item.blob === 'string')
    html = new TextDecoder('utf-8').decode(Buffer.from(item.blob, 'base64'));
  else throw new UiResourceError(`${uri} has neither text nor blob content.`);
  if (html.length > MAX_HTML) throw new UiResourceError(`${uri} is larger than 5 MB.`);

  let ui = uiMeta(item);
  if (!ui) {
    try {
      const listed = (await connection.listResources()).resources as Item[];
      ui = uiMeta(listed.find((r) => r.uri === uri));
    } catch {
      notes.push('resources/list failed; the view gets the restrictive default CSP');
    }
  }
  const { csp, dropped } = cleanCsp(ui?.csp);
  if (dropped.length > 0) notes.push(`CSP entries dropped: ${dropped.join(', ')}`);
  const resource: UiResource = { uri, html, csp, permissions: cleanPermissions(ui?.permissions), notes };
  if (typeof ui?.prefersBorder === 'boolean') resource.prefersBorder = ui.prefersBorder;
  if (typeof ui?.domain === 'string') resource.domain = ui.domain.slice(0, 300);
  return resource;
}

/** Views are cached per catalog: a re-listing or a reconnect makes a new catalog, and so a fresh read. */
const cache = new WeakMap<object, Map<string, Promise<UiResource>>>();
/** The reads of `cache` that have finished, for callers that must not wait (the chat's tool metadata). */
const settled = new WeakMap<object, Map<string, UiResource>>();

export function cachedUiResource(connection: ServerConnection, uri: string): Promise<UiResource> {
  let perCatalog = cache.get(connection.catalog);
  if (!perCatalog) {
    perCatalog = new Map();
    cache.set(connection.catalog, perCatalog);
  }
  const hit = perCatalog.get(uri);
  if (hit) return hit;
  const read = readUiResource(connection, uri);
  perCatalog.set(uri, read);
  const catalog = connection.catalog;
  read.then(
    (resource) => {
      const done = settled.get(catalog) ?? new Map<string, UiResource>();
      settled.set(catalog, done);
      done.set(uri, resource);
    },
    () => perCatalog.delete(uri),
  );
  return read;
}

/** The view as already read for the server's current catalog, or undefined: never starts a read. */
export function readUiResourceNow(connection: ServerConnection, uri: string): UiResource | undefined {
  return settled.get(connection.catalog)?.get(uri);
}

/** The host may prefetch views at connect time (MCP Apps); failures only mean a read on first use. */
export function prefetchUiResources(connection: ServerConnection): void {
  const uris = new Set(
    connection.catalog.tools.map((t) => t.ui?.resourceUri).filter((u): u is string => !!u),
  );
  for (const uri of uris) cachedUiResource(connection, uri).catch(() => {});
}

/** Per read view (the cache keeps one object per catalog): its HTML as JSON's UTF-8 bytes, and its hash. */
const escapedHtml = new WeakMap<UiResource, Uint8Array>();
const hashes = new WeakMap<UiResource, string>();

/**
 * The view with `extra` beside it, as the UTF-8 bytes of one JSON object, in parts (GET
 * /api/apps/ui-resource). The HTML, up to 5 MB, is escaped and encoded once per read, not once per
 * request: a response made from the whole JSON as a string copied it twice more per
 * request (a well-formed copy of the string, then its bytes), over 1 MB of garbage a view's boot.
 */
export function uiResourceJson(resource: UiResource, extra: Record<string, unknown>): Uint8Array[] {
  let head = escapedHtml.get(resource);
  if (head === undefined) {
    head = Buffer.from(`{"html":${JSON.stringify(resource.html)},`);
    escapedHtml.set(resource, head);
  }
  const { html: _html, ...rest } = resource;
  // `rest` always has `uri`: its JSON is an object with at least one member, after which the rest follows.
  return [head, Buffer.from(JSON.stringify({ ...rest, ...extra, html: undefined }).slice(1))];
}

/** `viewHash` of the view's HTML, computed once per read. */
export function uiResourceHash(resource: UiResource): string {
  let hash = hashes.get(resource);
  if (hash === undefined) {
    hash = viewHash(resource.html);
    hashes.set(resource, hash);
  }
  return hash;
}

const pinned = new WeakMap<UiResource, PinnedView>();

/** What the user's pin of this view keeps (hash, size, CSP, permissions, bounded HTML), made once per read. */
export function uiResourcePin(resource: UiResource): PinnedView {
  let pin = pinned.get(resource);
  if (pin === undefined) {
    pin = pinnedView(resource.html, uiResourceHash(resource), resource.csp, resource.permissions);
    pinned.set(resource, pin);
  }
  return pin;
}
