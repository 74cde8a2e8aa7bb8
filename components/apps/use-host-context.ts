'use client';
import type { McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { currentTheme, type Theme, themeStyles } from '@/lib/apps/host-context';
import { CONCRETE_DISPLAY_MODES, type ConcreteDisplayMode } from '@/lib/mcplet/types';

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

  // Measured before paint, so the view's initialize already carries its container's width.
  useLayoutEffect(() => {
    const el = container;
    if (!el) return;
    const rect = el.getBoundingClientRect();
    setSize({ width: Math.round(rect.width), height: Math.round(rect.height) });
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

  // Style reads (getComputedStyle) only when the theme changes; the environment once per view (issue 14:
  // a resize or a mode change re-reads neither).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the theme's variables change with the theme
  const styles = useMemo(() => (typeof document === 'undefined' ? undefined : themeStyles()), [theme]);
  const environment = useMemo(
    () => ({
      locale: typeof navigator === 'undefined' ? 'en' : navigator.language,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      deviceCapabilities:
        typeof window === 'undefined'
          ? undefined
          : { touch: matchMedia('(pointer: coarse)').matches, hover: matchMedia('(hover: hover)').matches },
    }),
    [],
  );

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
