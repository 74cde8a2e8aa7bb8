'use client';
import type { McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import { useEffect, useMemo, useState } from 'react';
import { currentTheme, currentThemeStyles, hostEnvironment, type Theme } from '@/lib/apps/host-context';
import { whenIdle } from '@/lib/client/when-idle';
import { CONCRETE_DISPLAY_MODES, type ConcreteDisplayMode } from '@/lib/mcplet/types';

// What every view's hostContext reads is read while the page is idle, not as the first view boots.
whenIdle(() => {
  hostEnvironment();
  currentThemeStyles();
});

export interface ToolDescriptor {
  name: string;
  title?: string;
  description?: string;
  inputSchema: Record<string, unknown>;
}

/** The full `hostContext` of one view; it changes only when something in it changes. */
export function useHostContext(
  viewId: string,
  tool: ToolDescriptor,
  mode: ConcreteDisplayMode,
  container: HTMLElement | null,
): McpUiHostContext {
  const [theme, setTheme] = useState<Theme>('light');
  const [size, setSize] = useState({ width: 0, height: 0 });

  useEffect(() => {
    setTheme(currentTheme());
    const onTheme = () => setTheme(currentTheme());
    window.addEventListener('mcplet:theme', onTheme);
    return () => window.removeEventListener('mcplet:theme', onTheme);
  }, []);

  // The observer's first report comes after the next layout, before paint, long before the view's
  // initialize: reading the size here instead would force a layout while the chat renders.
  useEffect(() => {
    const el = container;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const width = Math.round(entry.contentRect.width);
      const height = Math.round(entry.contentRect.height);
      setSize((old) => (old.width === width && old.height === height ? old : { width, height }));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [container]);

  const toolInfo = useMemo(
    () => ({
      id: viewId,
      tool: {
        name: tool.name,
        title: tool.title,
        description: tool.description,
        inputSchema: tool.inputSchema,
      },
    }),
    [viewId, tool.name, tool.title, tool.description, tool.inputSchema],
  );

  // Style reads (getComputedStyle) once per theme and the environment once per page, both usually
  // while the page was idle (below); a resize or a mode change re-reads neither.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the theme's variables change with the theme
  const styles = useMemo(() => (typeof document === 'undefined' ? undefined : currentThemeStyles()), [theme]);
  const environment = hostEnvironment();

  return useMemo(() => {
    const width = size.width || undefined;
    return {
      toolInfo,
      theme,
      styles,
      displayMode: mode,
      availableDisplayModes: [...CONCRETE_DISPLAY_MODES],
      containerDimensions:
        mode === 'inline' ? { width, maxHeight: 6000 } : { width: size.width, height: size.height },
      locale: environment.locale,
      timeZone: environment.timeZone,
      userAgent: 'mcplet-host/0.1.0',
      platform: 'web',
      deviceCapabilities: environment.deviceCapabilities,
    } as McpUiHostContext;
  }, [toolInfo, theme, styles, environment, mode, size.width, size.height]);
}
