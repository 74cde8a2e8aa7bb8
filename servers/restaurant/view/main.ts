import { App } from '@modelcontextprotocol/ext-apps';

/**
 * The restaurant search view: an MCP App built with the official App SDK. It lists results, opens a
 * restaurant (`get_restaurant`, app-visible), checks a booking (`prepare_reservation`) and books it
 * (`create_reservation`, which the host stops at its passkey gate). It takes part in the host's
 * derived result channel (docs/derived-results.md): results the model shapes update the list in place.
 */

const DERIVED = {
  capability: 'mcplet/derived-results',
  update: 'mcplet/notifications/tool-result-update',
  expired: 'mcplet/notifications/tool-result-expired',
  invoking: 'mcplet/notifications/tool-invoking',
  error: 'mcplet/notifications/tool-error',
  consumed: 'mcplet/notifications/result-consumed',
} as const;

interface Summary {
  id: string;
  name: string;
  cuisine: string;
  area: string;
  priceLevel: number;
  rating: number;
}

type Result = {
  isError?: boolean;
  content?: Array<{ type: string; text?: string }>;
  structuredContent?: Record<string, unknown>;
};

const app = new App(
  { name: 'restaurant-search', version: '1.0.0' },
  // 10.5 step 1: registering for derived results is declaring the channel.
  { availableDisplayModes: ['inline', 'fullscreen', 'pip'], experimental: { [DERIVED.capability]: {} } },
);
const root = document.getElementById('app') as HTMLElement;
const status = document.getElementById('status') as HTMLElement;
const list = document.getElementById('results') as HTMLUListElement;
const detail = document.getElementById('detail') as HTMLElement;
let results: Summary[] = [];
/** The search the list shows, repeated by Retry. */
let lastQuery: Record<string, unknown> = {};
/** The last derived update applied, so a duplicate does not re-render (10.6). */
let lastUpdate = '';
/**
 * The bookings made in this view, by restaurant: its form shows the booking, not "Book it" again,
 * until the user starts another one ("Book again").
 */
const bookings = new Map<string, { reservationId: string; text: string }>();

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  text?: string,
) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

function textOf(result: Result): string {
  return (result.content ?? []).map((c) => (c.type === 'text' ? (c.text ?? '') : '')).join('\n');
}

/** The host's words for a refused request, without the SDK's protocol prefix ("MCP error -32800: "). */
function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/^MCP error -?\d+: /, '');
}

function setStatus(text: string, kind: 'info' | 'error' = 'info') {
  status.textContent = text;
  status.dataset.kind = kind;
  delete root.dataset.loading;
}

/** 10.7: an error, with a retry of the search the list stands for. */
function showError(text: string) {
  setStatus(text || 'The search failed.', 'error');
  const retry = el('button', { type: 'button', 'data-action': 'retry' }, 'Retry');
  retry.addEventListener('click', () => void runSearch(lastQuery));
  status.append(' ', retry);
}

async function runSearch(query: Record<string, unknown>) {
  root.dataset.loading = 'true';
  status.textContent = 'Searching…';
  const result = (await app
    .callServerTool({ name: 'search_restaurants', arguments: query })
    .catch((e: unknown) => ({
      isError: true,
      content: [{ type: 'text', text: errorText(e) }],
    }))) as Result;
  if (result.isError) return showError(textOf(result));
  showResults(result.structuredContent);
}

function showResults(structured: Record<string, unknown> | undefined, note?: string) {
  const data = structured as { results?: Summary[]; query?: Record<string, unknown> } | undefined;
  results = (data?.results ?? []).slice();
  if (data?.query) lastQuery = data.query;
  render();
  if (note) setStatus(`${status.textContent} · ${note}`);
}

function applyContext(ctx: ReturnType<typeof app.getHostContext>) {
  if (!ctx) return;
  if (ctx.theme) document.documentElement.dataset.theme = ctx.theme;
  for (const [name, value] of Object.entries(ctx.styles?.variables ?? {})) {
    if (value) document.documentElement.style.setProperty(name, value);
  }
  if (ctx.displayMode) root.dataset.mode = ctx.displayMode;
}

/** Updates the list in place: rows are kept by id, so scroll position and open forms survive. */
function render() {
  const existing = new Map(
    [...list.children].map((li) => [(li as HTMLElement).dataset.id, li as HTMLElement]),
  );
  const keep = new Set<string>();
  results.forEach((r, index) => {
    keep.add(r.id);
    let li = existing.get(r.id);
    if (!li) {
      li = el('li', { 'data-id': r.id, 'data-testid': 'restaurant' });
      const head = el('div', { class: 'row' });
      head.append(el('strong', { class: 'name' }), el('span', { class: 'meta' }));
      const actions = el('div', { class: 'actions' });
      const open = el('button', { type: 'button', 'data-action': 'open' }, 'Details');
      const reserve = el('button', { type: 'button', 'data-action': 'reserve' }, 'Reserve');
      const ask = el('button', { type: 'button', 'data-action': 'ask' }, 'Ask in chat');
      open.addEventListener('click', () => void openRestaurant(r.id));
      reserve.addEventListener('click', () => showReservation(r.id));
      ask.addEventListener('click', () => void askInChat(r.id));
      actions.append(open, reserve, ask);
      li.append(head, actions);
    }
    (li.querySelector('.name') as HTMLElement).textContent = r.name;
    (li.querySelector('.meta') as HTMLElement).textContent =
      `${r.cuisine} · ${r.area} · ${'¥'.repeat(r.priceLevel)} · ★ ${r.rating}`;
    if (list.children[index] !== li) list.insertBefore(li, list.children[index] ?? null);
  });
  for (const [id, li] of existing) if (id && !keep.has(id)) li.remove();
  setStatus(results.length ? `${results.length} restaurant(s)` : 'No restaurant matches.');
}

async function openRestaurant(id: string) {
  setStatus('Loading details…');
  const result = (await app
    .callServerTool({ name: 'get_restaurant', arguments: { id } })
    .catch((e: unknown) => ({
      isError: true,
      content: [{ type: 'text', text: errorText(e) }],
    }))) as Result;
  detail.replaceChildren();
  if (result.isError) return setStatus(textOf(result), 'error');
  const r = (
    result.structuredContent as {
      restaurant: Summary & { description: string; opens: string; closes: string };
    }
  ).restaurant;
  detail.append(
    el('h2', {}, r.name),
    el('p', { 'data-testid': 'detail-text' }, `${r.description} Open ${r.opens}–${r.closes}.`),
  );
  setStatus(`Showing ${r.name}`);
  void app.updateModelContext({
    content: [{ type: 'text', text: `The user is looking at ${r.name} (${r.id}) in the restaurant view.` }],
  });
  void app.sendLog({ level: 'info', data: `opened ${r.id}` });
}

function showReservation(id: string) {
  const r = results.find((x) => x.id === id);
  detail.replaceChildren();
  const form = el('form', { 'data-testid': 'reservation-form' });
  const today = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  form.innerHTML = `<h2></h2>
    <label>Date <input name="date" type="date" required value="${today}"></label>
    <label>Time <input name="time" type="time" required value="19:00"></label>
    <label>Guests <input name="partySize" type="number" min="1" max="20" required value="2"></label>
    <label>Name <input name="name" required maxlength="100" value=""></label>
    <div class="actions"><button type="submit" data-action="check">Check availability</button></div>
    <p class="draft" data-testid="draft"></p>`;
  (form.querySelector('h2') as HTMLElement).textContent = `Reserve at ${r?.name ?? id}`;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void prepare(id, form);
  });
  detail.append(form);
  const booking = bookings.get(id);
  if (booking) showBooked(id, form, booking);
}

/** The form of a made booking: nothing in it can be sent again, and the reservation is shown. */
function showBooked(id: string, form: HTMLFormElement, booking: { reservationId: string; text: string }) {
  for (const control of form.querySelectorAll<HTMLInputElement | HTMLButtonElement>('input, button')) {
    control.disabled = true;
  }
  const actions = form.querySelector('.actions') as HTMLElement;
  let book = form.querySelector<HTMLButtonElement>('[data-action="book"]');
  if (!book) {
    book = el('button', { type: 'button', 'data-action': 'book' });
    actions.append(book);
  }
  book.textContent = 'Booked';
  book.disabled = true;
  form.dataset.state = 'booked';
  // The draft line says what was booked; under it, the reservation's number and the way to start over.
  const draft = form.querySelector('.draft') as HTMLElement;
  draft.textContent = booking.text;
  draft.dataset.kind = 'ok';
  form.querySelector('[data-testid="reservation"]')?.remove();
  const shown = el(
    'p',
    { class: 'booked', 'data-testid': 'reservation' },
    booking.reservationId ? `Reservation ${booking.reservationId}.` : 'Reserved.',
  );
  const again = el('button', { type: 'button', 'data-action': 'reset' }, 'Book again');
  again.addEventListener('click', () => {
    bookings.delete(id);
    showReservation(id);
  });
  shown.append(' ', again);
  form.append(shown);
}

function reservationArgs(id: string, form: HTMLFormElement) {
  const data = new FormData(form);
  return {
    restaurantId: id,
    date: String(data.get('date')),
    time: String(data.get('time')),
    partySize: Number(data.get('partySize')),
    name: String(data.get('name')),
  };
}

async function prepare(id: string, form: HTMLFormElement) {
  const args = reservationArgs(id, form);
  const draft = form.querySelector('.draft') as HTMLElement;
  const result = (await app
    .callServerTool({ name: 'prepare_reservation', arguments: args })
    .catch((e: unknown) => ({
      isError: true,
      content: [{ type: 'text', text: errorText(e) }],
    }))) as Result;
  draft.textContent = textOf(result);
  draft.dataset.kind = result.isError ? 'error' : 'info';
  form.querySelector('[data-action="book"]')?.remove();
  if (result.isError) return;
  const book = el('button', { type: 'button', 'data-action': 'book' }, 'Book it');
  book.addEventListener('click', () => void create(id, args, form, book));
  (form.querySelector('.actions') as HTMLElement).append(book);
}

/** Longer than any gate the host keeps open for a user: the host, not this view, ends the wait. */
const GATE_WAIT_MS = 30 * 60_000;

async function create(
  id: string,
  args: Record<string, unknown>,
  form: HTMLFormElement,
  book: HTMLButtonElement,
) {
  const out = form.querySelector('.draft') as HTMLElement;
  out.textContent = 'Waiting for your confirmation in the host…';
  // One booking at a time: a second press while the host asks would only be refused.
  book.disabled = true;
  try {
    // The host answers once its gate is answered or expires (GATE_TTL_MS, 2 minutes by default): the
    // SDK's 60 s default would show an error while the booking could still be approved and made.
    const result = (await app.callServerTool(
      { name: 'create_reservation', arguments: args },
      { timeout: GATE_WAIT_MS },
    )) as Result;
    out.textContent = textOf(result);
    out.dataset.kind = result.isError ? 'error' : 'ok';
    if (!result.isError) {
      const made = result.structuredContent as { reservationId?: unknown } | undefined;
      const booking = {
        reservationId: typeof made?.reservationId === 'string' ? made.reservationId : '',
        text: textOf(result),
      };
      bookings.set(id, booking);
      showBooked(id, form, booking);
      return;
    }
  } catch (error) {
    out.textContent = errorText(error);
    out.dataset.kind = 'error';
  }
  book.disabled = false;
}

async function askInChat(id: string) {
  const r = results.find((x) => x.id === id);
  await app.sendMessage({
    role: 'user',
    content: [{ type: 'text', text: `Tell me more about ${r?.name ?? id}.` }],
  });
}

app.addEventListener('toolinputpartial', (params) =>
  setStatus(`Searching… ${JSON.stringify(params.arguments ?? {})}`),
);
app.addEventListener('toolinput', (params) => {
  const { mcplet_display_mode: _mode, ...query } = (params.arguments ?? {}) as Record<string, unknown>;
  lastQuery = query;
  setStatus(`Searching for ${JSON.stringify(query)}…`);
});
app.addEventListener('toolresult', (result) => {
  const r = result as Result;
  if (r.isError) return showError(textOf(r));
  showResults(r.structuredContent);
});

interface Update {
  toolId: string;
  result: Record<string, unknown>;
  timestamp: string;
  revision?: number;
  expiresAt?: string;
  source?: 'model' | 'backend';
}

/** Spec 10.5: apply derived results in place, drop stale and duplicate ones, and say what was used. */
app.fallbackNotificationHandler = async (notification) => {
  const params = (notification.params ?? {}) as Record<string, unknown>;
  switch (notification.method) {
    case DERIVED.update: {
      const update = params as unknown as Update;
      if (update.expiresAt && Date.parse(update.expiresAt) <= Date.now()) {
        void app.sendLog({ level: 'warning', data: 'discarded a stale derived result' });
        return;
      }
      const key = `${update.timestamp}|${update.revision ?? ''}`;
      if (key === lastUpdate) return;
      lastUpdate = key;
      showResults(update.result, update.source === 'backend' ? 'refreshed' : 'updated by the assistant');
      await app.notification({
        method: DERIVED.consumed,
        params: {
          toolId: update.toolId,
          timestamp: update.timestamp,
          ...(update.revision !== undefined ? { revision: update.revision } : {}),
        },
      } as never);
      return;
    }
    case DERIVED.expired:
      void app.sendLog({
        level: 'info',
        data: `a derived result expired (${String(params.expirationTime)})`,
      });
      return;
    case DERIVED.invoking:
      root.dataset.loading = 'true';
      status.textContent = 'Searching…';
      return;
    case DERIVED.error:
      showError(
        `${String(params.error ?? 'The search failed.')} (${String(params.code ?? 'UNKNOWN_ERROR')})`,
      );
      return;
  }
};
app.addEventListener('toolcancelled', (params) =>
  setStatus(`Cancelled${params.reason ? `: ${params.reason}` : ''}`, 'error'),
);
app.addEventListener('hostcontextchanged', (ctx) => applyContext({ ...app.getHostContext(), ...ctx }));

// No fullscreen button of its own: the host's toolbar above the view switches modes (one control).
await app.connect();
applyContext(app.getHostContext());
