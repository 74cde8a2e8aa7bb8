import {
  type DescribedTool,
  describeTool,
  errorResult,
  RegistrationError,
  toCallToolResult,
} from './webmcp-tools';

/**
 * WebMCP inside MCP Apps views: the script the sandbox proxy writes at the start of every view
 * document (bundled into lib/apps/webmcp-shim-bundle.ts by scripts/build-webmcp-shim.ts). It gives
 * the page `navigator.modelContext` and, for a page that does not speak MCP Apps itself, performs
 * the view side of MCP Apps: `ui/initialize`, then `tools/list` and `tools/call` from the registered
 * tools, and `notifications/tools/list_changed` when they change. The host treats these tools like
 * any view-provided tool: admitted, decided and gated by the server, run here only on a server run id.
 *
 * Coexistence with the MCP Apps App SDK: a page that sends its own `ui/initialize` owns the channel.
 * The shim starts its handshake only once the page has used `navigator.modelContext` and the
 * document has loaded plus a short window; if the page's own `ui/initialize` is seen (it posts to
 * the same-origin proxy, whose messages the shim watches), the shim stands down for good and answers
 * nothing, so the App SDK's handshake and tools are untouched.
 */

const PROTOCOL_VERSION = '2026-01-26';
const HANDSHAKE_WINDOW_MS = 250;
const ID_PREFIX = 'webmcp-';

type State = 'waiting' | 'initializing' | 'active' | 'yielded';

interface Rpc {
  jsonrpc: '2.0';
  id?: string | number;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isRpc(value: unknown): value is Rpc {
  return isRecord(value) && value.jsonrpc === '2.0';
}

function ownId(id: unknown): boolean {
  return typeof id === 'string' && id.startsWith(ID_PREFIX);
}

function asDomError(error: unknown): unknown {
  if (!(error instanceof RegistrationError)) return error;
  return error.kind === 'TypeError'
    ? new TypeError(error.message)
    : new DOMException(error.message, error.kind);
}

function install(): void {
  if ('modelContext' in navigator) return;
  const host = window.parent;
  if (host === window) return;
  const tools = new Map<string, DescribedTool>();
  const pending = new Map<string, (message: Rpc) => void>();
  let state: State = 'waiting';
  let touched = false;
  let windowOver = false;
  let nextId = 1;
  let toolchangeHandler: ((event: Event) => unknown) | null = null;

  const send = (message: Rpc) => host.postMessage(message, '*');

  const yieldToPage = () => {
    if (state === 'yielded') return;
    state = 'yielded';
    if (tools.size > 0)
      console.warn(
        'WebMCP: this page speaks MCP Apps itself; its navigator.modelContext tools are not provided',
      );
  };

  const reportSize = () => {
    let scheduled = false;
    let last = '';
    const measure = () => {
      if (scheduled) return;
      scheduled = true;
      requestAnimationFrame(() => {
        scheduled = false;
        const root = document.documentElement;
        const previous = root.style.height;
        root.style.height = 'max-content';
        const height = Math.ceil(root.getBoundingClientRect().height);
        root.style.height = previous;
        const width = Math.ceil(window.innerWidth);
        if (`${width}x${height}` === last || state !== 'active') return;
        last = `${width}x${height}`;
        send({ jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: { width, height } });
      });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.documentElement);
    if (document.body) observer.observe(document.body);
  };

  const initialize = () => {
    state = 'initializing';
    const id = `${ID_PREFIX}${nextId++}`;
    pending.set(id, (answer) => {
      if (state !== 'initializing') return;
      if (answer.error !== undefined) {
        state = 'yielded';
        console.warn('WebMCP: the host refused ui/initialize', answer.error);
        return;
      }
      state = 'active';
      send({ jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {} });
      reportSize();
    });
    send({
      jsonrpc: '2.0',
      id,
      method: 'ui/initialize',
      params: {
        appInfo: { name: 'webmcp-view', version: '1.0.0' },
        appCapabilities: { tools: { listChanged: true } },
        protocolVersion: PROTOCOL_VERSION,
      },
    });
  };

  const maybeStart = () => {
    if (state === 'waiting' && windowOver && touched) initialize();
  };

  const reply = (id: string | number, result: unknown) => {
    try {
      send({ jsonrpc: '2.0', id, result });
    } catch (error) {
      send({ jsonrpc: '2.0', id, result: errorResult(error) });
    }
  };

  const client = { requestUserInteraction: async (callback: () => unknown) => callback() };

  const answer = async (request: Rpc & { id: string | number; method: string }) => {
    const params = isRecord(request.params) ? request.params : {};
    switch (request.method) {
      case 'tools/list':
        return reply(request.id, { tools: [...tools.values()].map((t) => t.listed) });
      case 'tools/call': {
        const name = typeof params.name === 'string' ? params.name : '';
        const tool = tools.get(name);
        if (!tool) return reply(request.id, errorResult(new Error(`no tool named ${name} is registered`)));
        const args = isRecord(params.arguments) ? params.arguments : {};
        try {
          return reply(request.id, toCallToolResult(await tool.execute(args, client)));
        } catch (error) {
          return reply(request.id, errorResult(error));
        }
      }
      case 'ping':
      case 'ui/resource-teardown':
        return reply(request.id, {});
      default:
        send({
          jsonrpc: '2.0',
          id: request.id,
          error: { code: -32601, message: `Method not found: ${request.method}` },
        });
    }
  };

  class ModelContext extends EventTarget {
    constructor() {
      super();
      this.addEventListener('toolchange', (event) => {
        toolchangeHandler?.call(this, event);
      });
    }

    get ontoolchange(): ((event: Event) => unknown) | null {
      return toolchangeHandler;
    }

    set ontoolchange(handler: ((event: Event) => unknown) | null) {
      toolchangeHandler = typeof handler === 'function' ? handler : null;
    }

    registerTool(tool: unknown, options?: { signal?: AbortSignal }): void {
      let described: DescribedTool;
      try {
        described = describeTool(tool, new Set(tools.keys()));
      } catch (error) {
        throw asDomError(error);
      }
      const name = described.listed.name;
      const signal = options?.signal;
      if (signal?.aborted) {
        console.warn(`WebMCP: ${name} was not registered; its AbortSignal is already aborted`);
        return;
      }
      tools.set(name, described);
      signal?.addEventListener(
        'abort',
        () => {
          if (tools.get(name) !== described) return;
          tools.delete(name);
          this.#changed();
        },
        { once: true },
      );
      this.#changed();
    }

    unregisterTool(name: unknown): void {
      const key = String(name);
      if (!tools.delete(key))
        throw new DOMException(`no tool named ${key} is registered`, 'InvalidStateError');
      this.#changed();
    }

    #changed() {
      setTimeout(() => this.dispatchEvent(new Event('toolchange')), 0);
      if (state === 'active')
        send({ jsonrpc: '2.0', method: 'notifications/tools/list_changed', params: {} });
      else maybeStart();
    }
  }

  const context = new ModelContext();
  Object.defineProperty(Navigator.prototype, 'modelContext', {
    configurable: true,
    enumerable: true,
    get() {
      touched = true;
      maybeStart();
      return context;
    },
  });

  window.addEventListener('message', (event) => {
    if (event.source !== host || state === 'yielded') return;
    const message = event.data;
    if (!isRpc(message)) return;
    if (typeof message.method === 'string') {
      if (state === 'active' && message.id !== undefined)
        void answer({ ...message, id: message.id, method: message.method });
      return;
    }
    if (ownId(message.id)) {
      const settle = pending.get(String(message.id));
      pending.delete(String(message.id));
      settle?.(message);
    } else if (isRecord(message.result) && 'hostCapabilities' in message.result) yieldToPage();
  });

  // The page's own handshake: what it posts reaches the proxy, which shares the view's origin.
  const watch = (event: MessageEvent) => {
    if (event.source === window && isRpc(event.data) && event.data.method === 'ui/initialize')
      if (!ownId(event.data.id)) yieldToPage();
  };
  try {
    host.addEventListener('message', watch);
    window.addEventListener('pagehide', () => host.removeEventListener('message', watch), { once: true });
  } catch {
    // Not same-origin with the proxy: the host's answer to the page's handshake is the signal.
  }

  const loaded = () =>
    setTimeout(() => {
      windowOver = true;
      maybeStart();
    }, HANDSHAKE_WINDOW_MS);
  if (document.readyState === 'complete') loaded();
  else window.addEventListener('load', loaded, { once: true });
}

install();
