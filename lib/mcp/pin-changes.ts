import 'server-only';
import { VIEW_CHANGED, type ViewReview } from '../trust/view-pin';
import type { ServerConnection } from './connection';
import type { AcceptOutcome, PinBook, ToolChange, ViewChange } from './pins';
import type { McpRegistry } from './registry';
import { cachedUiResource, readUiResourceNow, type UiResource, uiResourcePin } from './ui-resource';

/** The pending change of one tool for one user, or why there is none to review. */
export function toolChange(
  registry: McpRegistry,
  userId: string,
  serverId: string,
  toolName: string,
): { ok: true; change: ToolChange } | { ok: false; status: 404; reason: string } {
  const connection = registry.getFor(serverId, userId);
  if (!connection || !registry.pins)
    return { ok: false, status: 404, reason: `No server has the id "${serverId}".` };
  const change = registry.pins
    .changes(userId, serverId, connection.catalog)
    .find((c) => c.toolName === toolName);
  if (!change) return { ok: false, status: 404, reason: `"${toolName}" has no change waiting for review.` };
  return { ok: true, change };
}

/** docs/security.md, "Rug-pulls": the user accepts the definition they reviewed (its hash); it becomes the pin. */
export function acceptChange(
  registry: McpRegistry,
  userId: string,
  serverId: string,
  toolName: string,
  hash: string,
): AcceptOutcome {
  const connection = registry.getFor(serverId, userId);
  if (!connection || !registry.pins)
    return { ok: false, status: 404, reason: `No server has the id "${serverId}".` };
  return registry.pins.accept(userId, serverId, connection.catalog, toolName, hash);
}

/**
 * The model proposed a name that was not offered (the turn's tool list is built through decide(), so
 * a changed tool is left out and the SDK refuses it): is it a tool waiting for review?
 */
export function changedToolByModelName(
  registry: McpRegistry,
  userId: string,
  modelName: string,
): { serverId: string; toolName: string } | undefined {
  const tool = registry.resolveModelName(modelName, userId);
  if (!tool) return undefined;
  const found = toolChange(registry, userId, tool.serverId, tool.name);
  return found.ok ? { serverId: tool.serverId, toolName: tool.name } : undefined;
}

/** A view refused because its HTML changed since the user trusted it: 409 with the typed code. */
export interface ViewRefusal extends ViewChange {
  status: 409;
  code: typeof VIEW_CHANGED;
  reason: string;
}

/**
 * Every path that gives a frame a view's HTML asks this first: the HTML the user trusted, or the
 * first HTML they are shown (pinned now), is served; a different one is refused until accepted.
 */
export function checkViewFor(
  registry: McpRegistry,
  userId: string,
  serverId: string,
  resource: UiResource,
): { ok: true } | { ok: false; refusal: ViewRefusal } {
  const checked = registry.pins?.checkView(userId, serverId, resource.uri, uiResourcePin(resource));
  if (!checked || checked.ok) return { ok: true };
  const { ok: _ok, ...change } = checked;
  return {
    ok: false,
    refusal: {
      ...change,
      status: 409,
      code: VIEW_CHANGED,
      reason: `The view ${resource.uri} changed since you trusted it; review the change and accept it before it is shown.`,
    },
  };
}

/** The user's changed views of a server, as far as their HTML has been read (the preview lists them). */
export function changedViewsOf(pins: PinBook, userId: string, connection: ServerConnection): ViewChange[] {
  return pins.changedViews(userId, connection.config.id, (uri) => {
    const read = readUiResourceNow(connection, uri);
    return read ? uiResourcePin(read) : undefined;
  });
}

type ViewLookup = { ok: true; resource: UiResource } | { ok: false; status: 404 | 502; reason: string };

async function currentView(
  registry: McpRegistry,
  userId: string,
  serverId: string,
  uri: string,
): Promise<ViewLookup> {
  const connection = registry.getFor(serverId, userId);
  if (!connection || !registry.pins)
    return { ok: false, status: 404, reason: `No server has the id "${serverId}".` };
  try {
    return { ok: true, resource: await cachedUiResource(connection, uri) };
  } catch (error) {
    return {
      ok: false,
      status: 502,
      reason: `Could not read ${uri}: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

/** The pending change of one view for one user (old and new), or why there is none to review. */
export async function viewChange(
  registry: McpRegistry,
  userId: string,
  serverId: string,
  uri: string,
): Promise<{ ok: true; change: ViewReview } | { ok: false; status: 404 | 502; reason: string }> {
  const found = await currentView(registry, userId, serverId, uri);
  if (!found.ok) return found;
  const change = registry.pins?.viewChange(userId, serverId, uri, uiResourcePin(found.resource));
  if (!change) return { ok: false, status: 404, reason: `The view ${uri} has no change waiting for review.` };
  return { ok: true, change };
}

/** The user accepts the view HTML they reviewed (its hash); it becomes the pin. */
export async function acceptViewChange(
  registry: McpRegistry,
  userId: string,
  serverId: string,
  uri: string,
  hash: string,
): Promise<AcceptOutcome | { ok: false; status: 502; reason: string }> {
  const found = await currentView(registry, userId, serverId, uri);
  if (!found.ok) return found;
  return (
    registry.pins?.acceptView(userId, serverId, uri, uiResourcePin(found.resource), hash) ?? {
      ok: false,
      status: 404,
      reason: `No server has the id "${serverId}".`,
    }
  );
}
