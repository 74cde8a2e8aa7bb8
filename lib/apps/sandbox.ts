/** Permissions a UI resource may ask for (`_meta.ui.permissions`); nothing else is ever delegated. */
const PERMISSION_FEATURES: Record<string, string> = {
  camera: 'camera',
  microphone: 'microphone',
  geolocation: 'geolocation',
  clipboardWrite: 'clipboard-write',
};

export interface ResourcePermissions {
  camera?: object;
  microphone?: object;
  geolocation?: object;
  clipboardWrite?: object;
}

export function cleanPermissions(raw: unknown): ResourcePermissions {
  const out: Record<string, object> = {};
  if (!raw || typeof raw !== 'object') return out;
  for (const key of Object.keys(PERMISSION_FEATURES)) {
    const value = (raw as Record<string, unknown>)[key];
    if (value && typeof value === 'object') out[key] = {};
  }
  return out as ResourcePermissions;
}

/**
 * What the browser needs to start a view's sandbox frame before the view's HTML arrives (sent with
 * the tool in the chat stream). A hint only: once the resource is read, a frame started with
 * another origin or `allow` is replaced before the view's HTML is sent to it.
 */
export type ViewFrameHint = {
  sandboxOrigin: string;
  /** The outer frame's `allow` attribute (`allowAttribute` of the resource's permissions). */
  allow: string;
  /** The host's ticket for this view's sandbox page (lib/apps/sandbox-ticket.ts). */
  ticket: string;
};

/**
 * The frame a view runs in: the hint's until the resource is read, then the resource's own. A frame
 * keyed by another value is a different element, so a hinted frame that does not match the resource
 * is replaced, not reused.
 */
export function viewFrame(
  resource: { sandboxOrigin: string; sandboxTicket: string; permissions: ResourcePermissions } | null,
  hint: ViewFrameHint | undefined,
): { frame: ViewFrameHint; key: string } | null {
  const frame = resource
    ? {
        sandboxOrigin: resource.sandboxOrigin,
        allow: allowAttribute(resource.permissions),
        ticket: resource.sandboxTicket,
      }
    : hint;
  return frame ? { frame, key: frameKey(frame) } : null;
}

/** Names one frame: its sandbox origin, `allow` and ticket (another value is another element). */
export function frameKey(frame: ViewFrameHint): string {
  return `${frame.sandboxOrigin} ${frame.allow} ${frame.ticket}`;
}

/** The frame's address: the server's sandbox page for this view, with the host's ticket. */
export function sandboxSrc(frame: ViewFrameHint, resourceUri: string): string {
  return `${frame.sandboxOrigin}/sandbox?uri=${encodeURIComponent(resourceUri)}&t=${encodeURIComponent(frame.ticket)}`;
}

/** The accessible name of a view's frame. */
export function viewFrameTitle(toolTitle: string, serverName: string): string {
  return `${toolTitle} (view from ${serverName})`;
}

/** The `allow` attribute for both frame levels: only the declared features, scoped to the frame. */
export function allowAttribute(permissions: ResourcePermissions): string {
  return Object.keys(permissions)
    .map((key) => PERMISSION_FEATURES[key])
    .filter((f): f is string => !!f)
    .join('; ');
}

/**
 * docs/security.md, "View isolation": the frames run scripts and keep their own (sandbox) origin so views can use storage,
 * but never get top navigation, popups that escape the sandbox, or downloads; links and downloads
 * go through the host.
 */
export const OUTER_SANDBOX = 'allow-scripts allow-same-origin allow-forms';
export const INNER_SANDBOX = 'allow-scripts allow-same-origin allow-forms';
export const FORBIDDEN_SANDBOX_TOKENS = [
  'allow-top-navigation',
  'allow-top-navigation-by-user-activation',
  'allow-popups-to-escape-sandbox',
  'allow-downloads',
  'allow-modals',
];
