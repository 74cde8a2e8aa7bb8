import 'server-only';
import type { AuditEntry } from '../db/queries/audit';
import type { PinWrite, StoredPin } from '../db/queries/pins';
import { log } from '../log/logger';
import { gateFor } from '../mcplet/policy';
import type { InstanceEvent } from '../redis/instance-bus';
import { diffPinned, type FieldChange, type PinnedTool, pinVerdict, toolHash } from '../trust/tool-pin';
import { isPinnedView, type PinnedView, reviewView, type ViewReview } from '../trust/view-pin';
import type { ServerCatalog } from './catalog';

/** Where pins are kept and pin events written; the registry wires it to the database. */
export interface PinStore {
  save(pin: PinWrite): Promise<void>;
  forget(userId: string, serverId: string): Promise<void>;
  audit(entry: AuditEntry): void;
  /** Tells the deployment's other instances (hosted): they hold the same book in memory. */
  announce?(event: InstanceEvent): void;
  /**
   * Whether this instance is the first of the deployment to report `key` (every instance sees the
   * same re-listing); absent, this instance is the only one.
   */
  firstToReport?(key: string): Promise<boolean>;
}

export type PinEventKind = 'tool-changed' | 'tool-new' | 'change-accepted' | 'view-changed';

export interface PinEvent {
  kind: PinEventKind;
  userId: string;
  serverId: string;
  name: string;
}

export interface PinRecord {
  hash: string;
  tool?: PinnedTool;
  /** For a view: what the review compares a changed HTML with. */
  view?: PinnedView;
  addedLater: boolean;
  pinnedAt: string;
}

/** A changed tool as the user reviews it: old and new, field by field. */
export interface ToolChange {
  serverId: string;
  toolName: string;
  pinnedHash: string;
  currentHash: string;
  pinnedAt: string;
  changes: FieldChange[];
}

/** A view whose HTML differs from the user's pin: it is not served until the user accepts it. */
export interface ViewChange {
  uri: string;
  pinnedHash: string;
  currentHash: string;
}

export type ViewCheck = { ok: true } | ({ ok: false } & ViewChange);

export type AcceptOutcome = { ok: true } | { ok: false; status: 404 | 409; reason: string };

const key = (userId: string, serverId: string, kind: 'tool' | 'view') =>
  `${userId}\u0000${serverId}\u0000${kind}`;

/** How the host reads a listed tool, hashed once per catalog. */
const readings = new WeakMap<ServerCatalog, Map<string, PinnedTool>>();

function currentPins(catalog: ServerCatalog): Map<string, PinnedTool> {
  let cached = readings.get(catalog);
  if (cached) return cached;
  cached = new Map();
  for (const tool of catalog.tools) {
    const definition = catalog.definitions.get(tool.name) ?? { name: tool.name };
    cached.set(tool.name, {
      hash: toolHash(definition),
      definition,
      reading: { mcpletType: tool.mcpletType, visibility: [...tool.visibility], gate: gateFor(tool) },
    });
  }
  readings.set(catalog, cached);
  return cached;
}

/**
 * docs/security.md, "Rug-pulls": every admitted tool's definition is pinned per user and server. The book lives in
 * memory (decide() is synchronous and must see a change at once) and is written through to the
 * database, from which it is loaded at start-up, so a restart compares against the same pins.
 */
export class PinBook {
  private readonly pins = new Map<string, Map<string, PinRecord>>();
  private readonly reported = new Set<string>();
  private readonly listeners = new Set<(event: PinEvent) => void>();

  constructor(private readonly store: PinStore) {}

  load(rows: StoredPin[]): void {
    for (const row of rows) {
      const tool = row.kind === 'tool' ? (row.pinned as PinnedTool) : undefined;
      const view = row.kind === 'view' && isPinnedView(row.pinned) ? row.pinned : undefined;
      this.slot(row.userId, row.serverId, row.kind).set(row.name, {
        hash: row.hash,
        ...(tool ? { tool } : {}),
        ...(view ? { view } : {}),
        addedLater: row.addedLater,
        pinnedAt: row.pinnedAt,
      });
    }
  }

  /**
   * Called on every pin event. Remembered approvals subscribe here and drop what
   * they hold for a tool that changed.
   */
  onEvent(listener: (event: PinEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Users whose pins of this server are checked as soon as its catalog changes. */
  usersOf(serverId: string, always: readonly string[]): string[] {
    const users = new Set(always);
    for (const k of this.pins.keys()) {
      const [userId, server] = k.split('\u0000');
      if (server === serverId && userId) users.add(userId);
    }
    return [...users];
  }

  private slot(userId: string, serverId: string, kind: 'tool' | 'view'): Map<string, PinRecord> {
    const k = key(userId, serverId, kind);
    let slot = this.pins.get(k);
    if (!slot) {
      slot = new Map();
      this.pins.set(k, slot);
    }
    return slot;
  }

  private emit(event: PinEvent, hash: string, gate: string, surface: 'host' | 'user') {
    const entry: AuditEntry = {
      userId: event.userId,
      surface,
      serverId: event.serverId,
      toolName: event.name,
      argsHash: hash.slice(0, 16),
      gate,
      outcome: event.kind,
    };
    // A changed tool or view is seen by every instance at once; the action log has it once.
    const { firstToReport } = this.store;
    if ((event.kind === 'tool-changed' || event.kind === 'view-changed') && firstToReport)
      firstToReport(`${event.kind}:${event.userId}/${event.serverId}/${event.name}/${hash}`).then(
        (first) => first && this.store.audit(entry),
        (error: unknown) => log('error', '[pins] could not claim a change report:', { error }),
      );
    else this.store.audit(entry);
    for (const listener of this.listeners) listener(event);
  }

  /**
   * Stores pins one review made, and tells the other instances in one message: one that heard only
   * some of them would take the others, when it next reviews, for tools added later.
   */
  private persist(
    userId: string,
    serverId: string,
    kind: 'tool' | 'view',
    pins: Array<{ name: string; record: PinRecord }>,
  ) {
    if (pins.length === 0) return;
    for (const { name, record } of pins)
      this.store
        .save({
          userId,
          serverId,
          kind,
          name,
          hash: record.hash,
          pinned: record.tool ?? record.view ?? {},
          addedLater: record.addedLater,
        })
        .catch((error: unknown) => log('error', '[pins] could not store a pin:', { error }));
    this.store.announce?.({
      kind: 'pins',
      userId,
      serverId,
      pinKind: kind,
      pins: pins.map(({ name, record }) => ({ name, record: { ...record } })),
    });
  }

  /**
   * A pin or a forgotten server another instance of the deployment recorded: the same change here,
   * in memory only (that instance wrote the database). Without it this instance would pin a tool
   * it never saw pinned as it is now, and a changed definition would pass unnoticed here.
   */
  applyRemote(event: InstanceEvent): void {
    if (event.kind === 'pins') {
      const slot = this.slot(event.userId, event.serverId, event.pinKind);
      for (const { name, record } of event.pins) slot.set(name, record);
    } else if (event.kind === 'pins-forgotten') {
      this.dropSlots(event.userId, event.serverId);
    }
  }

  private dropSlots(userId: string, serverId: string) {
    this.pins.delete(key(userId, serverId, 'tool'));
    this.pins.delete(key(userId, serverId, 'view'));
  }

  /**
   * The state of each admitted tool of one server for one user (only `changed` and `new` are
   * listed). A tool without a pin is pinned now: synchronously in memory, then in the database.
   */
  review(userId: string, serverId: string, catalog: ServerCatalog): Map<string, 'changed' | 'new'> {
    const slot = this.slot(userId, serverId, 'tool');
    const serverPinned = slot.size > 0;
    const states = new Map<string, 'changed' | 'new'>();
    const pinned: Array<{ name: string; record: PinRecord }> = [];
    for (const [name, current] of currentPins(catalog)) {
      const pin = slot.get(name);
      const verdict = pinVerdict(serverPinned, pin, current.hash);
      if (verdict === 'pin-first' || verdict === 'pin-new') {
        const record: PinRecord = {
          hash: current.hash,
          tool: current,
          addedLater: verdict === 'pin-new',
          pinnedAt: new Date().toISOString(),
        };
        slot.set(name, record);
        pinned.push({ name, record });
        if (verdict === 'pin-new') {
          this.emit({ kind: 'tool-new', userId, serverId, name }, current.hash, current.reading.gate, 'host');
          states.set(name, 'new');
        }
      } else if (verdict === 'changed') {
        states.set(name, 'changed');
        const reported = `${key(userId, serverId, 'tool')}\u0000${name}\u0000${current.hash}`;
        if (!this.reported.has(reported)) {
          this.reported.add(reported);
          this.emit(
            { kind: 'tool-changed', userId, serverId, name },
            current.hash,
            current.reading.gate,
            'host',
          );
        }
      } else if (verdict === 'new') states.set(name, 'new');
    }
    this.persist(userId, serverId, 'tool', pinned);
    return states;
  }

  /**
   * The hash a remembered approval binds to: the user's pin of this tool, only while the server's
   * current definition still matches it (a changed or unpinned tool has none).
   */
  pinnedHash(userId: string, serverId: string, catalog: ServerCatalog, name: string): string | undefined {
    const pin = this.slot(userId, serverId, 'tool').get(name);
    const now = currentPins(catalog).get(name);
    return pin && now && pin.hash === now.hash ? pin.hash : undefined;
  }

  /** The changed tools of one server for one user, with their diffs. */
  changes(userId: string, serverId: string, catalog: ServerCatalog): ToolChange[] {
    const states = this.review(userId, serverId, catalog);
    const slot = this.slot(userId, serverId, 'tool');
    const current = currentPins(catalog);
    const out: ToolChange[] = [];
    for (const [name, state] of states) {
      const pin = slot.get(name);
      const now = current.get(name);
      if (state !== 'changed' || !pin || !now) continue;
      const before: PinnedTool = pin.tool ?? {
        hash: pin.hash,
        definition: { name },
        reading: { mcpletType: '', visibility: [], gate: '' },
      };
      out.push({
        serverId,
        toolName: name,
        pinnedHash: pin.hash,
        currentHash: now.hash,
        pinnedAt: pin.pinnedAt,
        changes: diffPinned(before, now),
      });
    }
    return out;
  }

  /**
   * The user accepts the definition they reviewed: it becomes the pin. Bound to the hash shown, so a
   * server that changes the tool again while the diff is open is not accepted by that click.
   */
  accept(
    userId: string,
    serverId: string,
    catalog: ServerCatalog,
    name: string,
    hash: string,
  ): AcceptOutcome {
    const now = currentPins(catalog).get(name);
    if (!now) return { ok: false, status: 404, reason: `The server lists no admitted tool "${name}" now.` };
    const slot = this.slot(userId, serverId, 'tool');
    const pin = slot.get(name);
    if (pin?.hash === now.hash) return { ok: true };
    if (now.hash !== hash)
      return {
        ok: false,
        status: 409,
        reason: `"${name}" changed again since you opened the change; review it again.`,
      };
    const record: PinRecord = {
      hash: now.hash,
      tool: now,
      addedLater: pin?.addedLater ?? false,
      pinnedAt: new Date().toISOString(),
    };
    slot.set(name, record);
    this.persist(userId, serverId, 'tool', [{ name, record }]);
    this.emit({ kind: 'change-accepted', userId, serverId, name }, now.hash, now.reading.gate, 'user');
    return { ok: true };
  }

  /**
   * A view's HTML is code that runs with the user's data, so it is pinned like a tool: the first HTML
   * a user's frame receives becomes the pin, and a different HTML is refused (logged once per new
   * hash) until the user accepts it. Nothing here serves anything; the routes ask before they do.
   */
  checkView(userId: string, serverId: string, uri: string, current: PinnedView): ViewCheck {
    const slot = this.slot(userId, serverId, 'view');
    const pin = slot.get(uri);
    if (pin?.hash === current.hash) return { ok: true };
    if (!pin) {
      this.pinView(userId, serverId, uri, current);
      return { ok: true };
    }
    const reported = `${key(userId, serverId, 'view')}\u0000${uri}\u0000${current.hash}`;
    if (!this.reported.has(reported)) {
      this.reported.add(reported);
      this.emit({ kind: 'view-changed', userId, serverId, name: uri }, current.hash, 'none', 'host');
    }
    return { ok: false, uri, pinnedHash: pin.hash, currentHash: current.hash };
  }

  private pinView(userId: string, serverId: string, uri: string, view: PinnedView) {
    const record: PinRecord = {
      hash: view.hash,
      view,
      addedLater: false,
      pinnedAt: new Date().toISOString(),
    };
    this.slot(userId, serverId, 'view').set(uri, record);
    this.persist(userId, serverId, 'view', [{ name: uri, record }]);
  }

  /**
   * Whether a frame may be started for this HTML before the route checks it (the chat's early frame):
   * only when it is the user's pin, or the user has none yet and the route will pin it.
   */
  viewTrusted(userId: string, serverId: string, uri: string, hash: string): boolean {
    const pin = this.slot(userId, serverId, 'view').get(uri);
    return !pin || pin.hash === hash;
  }

  /** The user's changed views of one server, given the HTML each reads as now (unread ones are skipped). */
  changedViews(
    userId: string,
    serverId: string,
    currentOf: (uri: string) => PinnedView | undefined,
  ): ViewChange[] {
    const out: ViewChange[] = [];
    for (const [uri, pin] of this.slot(userId, serverId, 'view')) {
      const current = currentOf(uri);
      if (current && current.hash !== pin.hash)
        out.push({ uri, pinnedHash: pin.hash, currentHash: current.hash });
    }
    return out;
  }

  /** The review of a changed view: old and new; undefined when the HTML is the user's pin (or none is). */
  viewChange(userId: string, serverId: string, uri: string, current: PinnedView): ViewReview | undefined {
    const pin = this.slot(userId, serverId, 'view').get(uri);
    if (!pin || pin.hash === current.hash) return undefined;
    return reviewView(serverId, uri, pin, current);
  }

  /**
   * The user accepts the HTML they reviewed: it becomes the pin. Bound to the hash shown, so a server
   * that changes the view again while the review is open is not accepted by that click.
   */
  acceptView(
    userId: string,
    serverId: string,
    uri: string,
    current: PinnedView,
    hash: string,
  ): AcceptOutcome {
    const slot = this.slot(userId, serverId, 'view');
    const pin = slot.get(uri);
    if (pin?.hash === current.hash) return { ok: true };
    if (current.hash !== hash)
      return {
        ok: false,
        status: 409,
        reason: `The view ${uri} changed again since you opened the change; review it again.`,
      };
    this.pinView(userId, serverId, uri, current);
    this.emit({ kind: 'change-accepted', userId, serverId, name: uri }, current.hash, 'none', 'user');
    return { ok: true };
  }

  /** A removed server's pins go with it. */
  forget(userId: string, serverId: string): void {
    this.dropSlots(userId, serverId);
    this.store.announce?.({ kind: 'pins-forgotten', userId, serverId });
    this.store
      .forget(userId, serverId)
      .catch((error: unknown) => log('error', '[pins] could not delete pins:', { error }));
  }
}
