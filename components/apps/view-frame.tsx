'use client';
import { type RefObject, useLayoutEffect, useRef } from 'react';
import type { ViewFrameHint } from '@/lib/apps/sandbox';
import type { ConcreteDisplayMode } from '@/lib/mcplet/types';
import { adoptViewFrame, createViewFrame, releaseViewFrame } from './early-frame';

export interface ViewFrameProps {
  viewId: string;
  frame: ViewFrameHint;
  /** `frameKey(frame)`: the element is made (or adopted) once per key; AppView keys this component by it. */
  frameKey: string;
  resourceUri: string;
  title: string;
  mode: ConcreteDisplayMode;
  frameRef: RefObject<HTMLIFrameElement | null>;
}

/**
 * A view's outer frame. The element is the one started for the view from the chat stream when there
 * is one (early-frame.ts), else a new one; React renders only its slot, so an adopted frame keeps the
 * document it loaded while it waited. The slot is `display: contents`: the frame lays out in the
 * view's container as if it were its child.
 */
export function ViewFrame({ viewId, frame, frameKey, resourceUri, title, mode, frameRef }: ViewFrameProps) {
  const slotRef = useRef<HTMLDivElement>(null);
  // What the element is made from, fixed for its key (the component is keyed by it).
  const made = useRef({ frame, resourceUri, title });

  // Before the view's bridge (a parent's layout effect), in the same commit.
  useLayoutEffect(() => {
    const slot = slotRef.current;
    if (!slot) return;
    const { frame, resourceUri, title } = made.current;
    let element = adoptViewFrame(viewId, frameKey, slot);
    if (!element) {
      element = createViewFrame(frame, resourceUri, title);
      slot.append(element);
    }
    frameRef.current = element;
    return () => {
      releaseViewFrame(element);
      element.remove();
      if (frameRef.current === element) frameRef.current = null;
    };
  }, [viewId, frameKey, frameRef]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: frameKey names the element frameRef holds
  useLayoutEffect(() => {
    const element = frameRef.current;
    if (!element) return;
    element.dataset.mode = mode;
    element.className = `block w-full border-0 bg-transparent ${mode === 'inline' ? '' : 'min-h-0 flex-1'}`;
    // Inline, the view's size-changed requests set the height from here on (use-view-bridge.ts).
    if (mode === 'inline') element.style.height = '320px';
    else element.style.removeProperty('height');
  }, [mode, frameKey, frameRef]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: frameKey names the element frameRef holds
  useLayoutEffect(() => {
    if (frameRef.current) frameRef.current.title = title;
  }, [title, frameKey, frameRef]);

  return <div ref={slotRef} className="contents" />;
}
