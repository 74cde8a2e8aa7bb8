'use client';
import type { CallToolResult } from '@modelcontextprotocol/client';
import {
  AppBridge,
  type McpUiHostCapabilities,
  type McpUiHostContext,
} from '@modelcontextprotocol/ext-apps/app-bridge';
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { DERIVED_CAPABILITY, DERIVED_METHODS } from '@/lib/apps/derived-protocol';
import { FrameTransport } from '@/lib/apps/frame-transport';
import {
  blocksText,
  callToolFromView,
  downloadName,
  listResourcesFromView,
  readResourceFromView,
  safeLink,
  sampleFromView,
} from '@/lib/apps/view-requests';
import { viewToolResult } from '@/lib/apps/view-tool-result';
import type { ConcreteDisplayMode } from '@/lib/mcplet/types';
import { reportViewDropped, reportViewTools, useAppTools } from '@/lib/store/app-tools';
import { addSink, markConsumed, removeSink, sendToolError, type ViewSink } from '@/lib/store/derived';
import { useChatActions } from './chat-actions';
import { proxyReadySeen } from './early-frame';

export const HOST_INFO = { name: 'mcplet-host', version: '0.1.0' };
const INITIALIZE_TIMEOUT_MS = 15_000;
const APP_TOOL_TIMEOUT_MS = 30_000;
const APP_TOOL_MAX_RESULT = 1_000_000;

export interface LoadedResource {
  html: string;
  /** The origin this server's views run in (one per server). */
  sandboxOrigin: string;
  /** The host's ticket that opens this view's sandbox page. */
  sandboxTicket: string;
  csp: Record<string, string[] | undefined>;
  permissions: Record<string, object>;
  notes: string[];
}

export interface ViewEvents {
  log(level: 'info' | 'warn' | 'error', message: string): void;
  confirm(kind: 'message' | 'download', detail: string): Promise<boolean>;
  sendUserMessage(text: string): void;
  setModelContext(text: string): void;
  requestMode(mode: unknown, viewModes: string[] | undefined): ConcreteDisplayMode;
  teardownRequested(): void;
  initialized(): void;
  failed(reason: string): void;
}

export interface BridgeInputs {
  frameRef: RefObject<HTMLIFrameElement | null>;
  /** Changes when the frame element is replaced (another sandbox origin or `allow`). */
  frameKey: string | null;
  /** The origin of the frame's sandbox proxy: the transport listens from the moment the frame exists. */
  sandboxOrigin: string | null;
  /** The container has been measured; the bridge waits for it so initialize carries real dimensions. */
  sized: boolean;
  serverId: string;
  toolName: string;
  toolInputSchema: Record<string, unknown>;
  mode: string;
  viewId: string;
  viewTitle: string;
  resource: LoadedResource | null;
  hostContext: McpUiHostContext;
  input: Record<string, unknown> | undefined;
  inputComplete: boolean;
  result: CallToolResult | undefined;
  /** The 9.1 code of an error result, from the envelope. */
  errorCode?: string;
  cancelled: string | undefined;
  events: ViewEvents;
}

/** Declares exactly what the handlers below implement. */
function capabilities(resource: LoadedResource): McpUiHostCapabilities {
  return {
    openLinks: {},
    downloadFile: {},
    serverTools: {},
    serverResources: {},
    // Sampling with tools, as the host declares to servers; each request stops at the sampling dialog.
    sampling: { tools: {} },
    logging: {},
    updateModelContext: { text: {}, structuredContent: {} },
    message: { text: {} },
    sandbox: { permissions: resource.permissions, csp: resource.csp },
    experimental: { [DERIVED_CAPABILITY]: { version: 1 } },
  };
}

/**
 * The host side of one MCP Apps view: an AppBridge created without an MCP client, so every view
 * request goes through the host API and its policy. Nothing is sent to the view before it says
 * `initialized`; then `tool-input-partial`*, `tool-input` once, and `tool-result` or `tool-cancelled`.
 */
export function useViewBridge(inputs: BridgeInputs) {
  // The conversation the view lives in: its tool listing is reported to the server there.
  const { conversationId } = useChatActions();
  const latest = useRef({ ...inputs, conversationId });
  latest.current = { ...inputs, conversationId };
  const bridgeRef = useRef<AppBridge | null>(null);
  const [initialized, setInitialized] = useState(false);
  const sent = useRef({ partial: '', input: false, result: false, cancelled: false });
  const { resource, frameRef, frameKey, sandboxOrigin, sized } = inputs;
  const transportRef = useRef<FrameTransport | null>(null);
  const sinkRef = useRef<ViewSink | null>(null);

  // The transport listens from the moment the frame exists; the proxy may be ready before the bridge.
  // biome-ignore lint/correctness/useExhaustiveDependencies: frameKey names the frame element frameRef holds
  useLayoutEffect(() => {
    const frame = frameRef.current;
    if (!sandboxOrigin || !frame) return;
    const transport = new FrameTransport(() => frame.contentWindow, sandboxOrigin);
    transportRef.current = transport;
    return () => {
      transportRef.current = null;
      void transport.close();
    };
  }, [sandboxOrigin, frameKey, frameRef]);

  // In the commit that brings the resource: a passive effect runs a task later, often
  // after a paint, and the view's HTML would wait for it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: frameKey names the frame element frameRef holds
  useLayoutEffect(() => {
    const frame = frameRef.current;
    const transport = transportRef.current;
    // The frame is the resource's own (AppView keys it by the resource's origin and `allow`).
    if (!resource || !frame || !transport || !sized || transport.origin !== resource.sandboxOrigin) return;
    const { events } = latest.current;
    const target = `${latest.current.serverId}/${latest.current.toolName}`;
    const bridge = new AppBridge(null, HOST_INFO, capabilities(resource), {
      hostContext: latest.current.hostContext,
    });
    bridgeRef.current = bridge;
    let proxyReady = false;
    let done = false;
    const timer = setTimeout(() => {
      if (!done)
        events.failed('the view did not finish loading (no ui/notifications/initialized within 15 s)');
    }, INITIALIZE_TIMEOUT_MS);

    const onProxyReady = () => {
      if (proxyReady) return;
      proxyReady = true;
      // bench/view-init's breakdown of a view's boot.
      performance.mark(`mcplet:sandbox-ready:${latest.current.viewId}`);
      void bridge.sendSandboxResourceReady({
        html: resource.html,
        csp: resource.csp,
        permissions: resource.permissions,
      });
    };
    bridge.addEventListener('sandboxready', onProxyReady);
    // App-provided tools: listed after initialize, re-listed on list_changed, dropped at teardown.
    let relist: ReturnType<typeof setTimeout> | null = null;
    const listAppTools = async () => {
      const { viewId, conversationId } = latest.current;
      try {
        const { tools } = await bridge.listTools({});
        useAppTools.getState().set({
          viewId,
          call: async (name, args) => {
            const result = await bridge.callTool({ name, arguments: args }, { timeout: APP_TOOL_TIMEOUT_MS });
            if (JSON.stringify(result).length > APP_TOOL_MAX_RESULT)
              throw new Error('the view returned more than 1 MB');
            return result as CallToolResult;
          },
        });
        latest.current.events.log(
          'info',
          `view provides ${tools.length} tool(s): ${tools.map((t) => t.name).join(', ')}`,
        );
        if (!conversationId) {
          latest.current.events.log('info', 'outside a chat (the preview), no model is offered these tools');
          return;
        }
        // The server admits the listing and decides every call; the browser keeps no say over the gate.
        const answer = await reportViewTools(conversationId, viewId, tools);
        for (const t of answer.admitted.filter((a) => a.descriptionWithheld))
          latest.current.events.log('warn', `the description of ${t.name} reads like instructions; withheld`);
        for (const t of answer.rejected)
          latest.current.events.log(
            'warn',
            `tool ${t.name} refused: ${t.reasons.map((r) => r.message).join('; ')}`,
          );
      } catch (error) {
        latest.current.events.log(
          'warn',
          `listing the view's tools failed: ${error instanceof Error ? error.message : error}`,
        );
      }
    };
    bridge.setNotificationHandler('notifications/tools/list_changed', async () => {
      if (relist) clearTimeout(relist);
      relist = setTimeout(() => void listAppTools(), 250);
    });

    bridge.addEventListener('initialized', () => {
      done = true;
      clearTimeout(timer);
      bridge.setHostContext(latest.current.hostContext);
      setInitialized(true);
      latest.current.events.initialized();
      const appCapabilities = bridge.getAppCapabilities();
      if (appCapabilities?.tools) void listAppTools();
      // Spec 10.5 step 1: a view that declared the derived channel receives results for its tool.
      if (appCapabilities?.experimental?.[DERIVED_CAPABILITY]) {
        sinkRef.current = {
          viewId: latest.current.viewId,
          target,
          toolName: latest.current.toolName,
          inputSchema: latest.current.toolInputSchema,
          mode: () => latest.current.mode,
          deliver: (event) => {
            latest.current.events.log('info', `sent ${event.method.split('/').pop()}`);
            void bridge.notification(event as never);
          },
        };
        addSink(sinkRef.current);
      }
    });
    bridge.addEventListener('sizechange', (params) => {
      if (typeof params.height === 'number' && frame.dataset.mode === 'inline') {
        const height = Math.max(60, Math.min(6000, Math.ceil(params.height)));
        if (Math.abs(frame.offsetHeight - height) > 1) frame.style.height = `${height}px`;
      }
    });
    bridge.addEventListener('loggingmessage', (params) => {
      const level =
        params.level === 'error' || params.level === 'critical'
          ? 'error'
          : params.level === 'warning'
            ? 'warn'
            : 'info';
      latest.current.events.log(
        level,
        `view: ${typeof params.data === 'string' ? params.data : JSON.stringify(params.data)}`,
      );
    });
    bridge.addEventListener('requestteardown', () => latest.current.events.teardownRequested());
    bridge.fallbackNotificationHandler = async (notification) => {
      if (notification.method === DERIVED_METHODS.consumed) {
        performance.mark(`mcplet:view-updated:${latest.current.viewId}`);
        markConsumed(target, latest.current.viewId);
        latest.current.events.log(
          'info',
          `view applied the derived result (${JSON.stringify(notification.params ?? {})})`,
        );
        return;
      }
      if (notification.method === 'ui/notifications/sandbox-csp-violation') {
        const p = notification.params as { directive?: string; blocked?: string } | undefined;
        latest.current.events.log(
          'warn',
          `CSP blocked ${p?.blocked || 'a request'} (${p?.directive ?? 'unknown directive'})`,
        );
      }
    };

    bridge.oncalltool = async (params) => {
      latest.current.events.log('info', `view called ${params.name}`);
      const { serverId, conversationId, viewId } = latest.current;
      return viewToolResult(
        await callToolFromView(serverId, params.name, params.arguments, { conversationId, viewId }),
      );
    };
    bridge.oncreatesamplingmessage = async (params) => {
      latest.current.events.log('info', 'view asked the model (sampling)');
      const { conversationId, viewId } = latest.current;
      return sampleFromView(conversationId, viewId, params);
    };
    bridge.onreadresource = async (params) => readResourceFromView(latest.current.serverId, params.uri);
    bridge.onlistresources = async () => listResourcesFromView(latest.current.serverId);
    bridge.onopenlink = async (params) => {
      const url = safeLink(params.url);
      if (!url) {
        latest.current.events.log('warn', `refused to open ${String(params.url).slice(0, 100)}`);
        return { isError: true };
      }
      window.open(url, '_blank', 'noopener,noreferrer');
      return {};
    };
    bridge.onmessage = async (params) => {
      const text = blocksText(params.content);
      if (!text) return { isError: true };
      if (!(await latest.current.events.confirm('message', text))) return { isError: true };
      latest.current.events.sendUserMessage(text);
      return {};
    };
    bridge.onupdatemodelcontext = async (params) => {
      latest.current.events.setModelContext(blocksText(params.content, params.structuredContent));
      return {};
    };
    bridge.ondownloadfile = async (params) => {
      const item = params.contents[0] as
        | { type?: string; resource?: { uri?: string; mimeType?: string; text?: string; blob?: string } }
        | undefined;
      const file = item?.type === 'resource' ? item.resource : undefined;
      if (!file || (typeof file.text !== 'string' && typeof file.blob !== 'string')) return { isError: true };
      const name = downloadName(file.uri);
      if (!(await latest.current.events.confirm('download', name))) return { isError: true };
      const bytes =
        typeof file.text === 'string'
          ? file.text
          : Uint8Array.from(atob(file.blob ?? ''), (c) => c.charCodeAt(0));
      const link = document.createElement('a');
      link.href = URL.createObjectURL(
        new Blob([bytes], { type: file.mimeType ?? 'application/octet-stream' }),
      );
      link.download = name;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
      return {};
    };
    bridge.onrequestdisplaymode = async (params) => {
      const modes = bridge.getAppCapabilities()?.availableDisplayModes;
      return { mode: latest.current.events.requestMode(params.mode, modes) };
    };

    // A frame started from the chat stream may have heard from its proxy before this bridge existed.
    void bridge.connect(transport).then(() => {
      if (bridgeRef.current === bridge && proxyReadySeen(frame)) onProxyReady();
    });
    return () => {
      clearTimeout(timer);
      if (relist) clearTimeout(relist);
      if (useAppTools.getState().views[latest.current.viewId])
        useAppTools.getState().drop(latest.current.viewId);
      // Also for a view that listed no tools: its "while this view is open" approvals end with it.
      if (latest.current.conversationId)
        reportViewDropped(latest.current.conversationId, latest.current.viewId);
      removeSink(latest.current.viewId);
      sinkRef.current = null;
      bridgeRef.current = null;
      sent.current = { partial: '', input: false, result: false, cancelled: false };
      setInitialized(false);
      void bridge
        .teardownResource({}, { timeout: 2_000 })
        .catch(() => {})
        .finally(() => void bridge.close());
    };
  }, [resource, frameRef, frameKey, sized]);

  useEffect(() => {
    const bridge = bridgeRef.current;
    if (!bridge || !initialized) return;
    bridge.setHostContext(inputs.hostContext);
  }, [initialized, inputs.hostContext]);

  useEffect(() => {
    const bridge = bridgeRef.current;
    if (!bridge || !initialized) return;
    const state = sent.current;
    const args = inputs.input ?? {};
    if (!inputs.inputComplete) {
      const key = JSON.stringify(args);
      if (key !== state.partial && !state.input) {
        state.partial = key;
        void bridge.sendToolInputPartial({ arguments: args });
      }
      return;
    }
    if (!state.input) {
      state.input = true;
      void bridge.sendToolInput({ arguments: args });
    }
    if (inputs.result && !state.result) {
      state.result = true;
      void bridge.sendToolResult(viewToolResult(inputs.result));
      // 10.7: isError is the authority; a view on the derived channel also hears tool-error.
      if (inputs.result.isError && sinkRef.current) {
        const text = blocksText(inputs.result.content) || 'The tool failed.';
        sendToolError(sinkRef.current, text, inputs.errorCode ?? 'UNKNOWN_ERROR');
      }
    } else if (inputs.cancelled && !state.result && !state.cancelled) {
      state.cancelled = true;
      void bridge.sendToolCancelled({ reason: inputs.cancelled });
    }
  }, [initialized, inputs.input, inputs.inputComplete, inputs.result, inputs.errorCode, inputs.cancelled]);

  return { initialized, bridge: bridgeRef };
}
