'use client';
import { useEffect } from 'react';
import { whenIdle } from '@/lib/client/when-idle';

/**
 * Loads the empty page of lib/apps/sandbox-warmup.ts in a hidden frame once the chat is
 * idle, so the renderer views run in is there before the first view. The frame runs nothing (no
 * `allow-scripts`); `allow-same-origin` keeps it in the process the views' frames get.
 */
export function SandboxWarmup({ url }: { url: string }) {
  useEffect(() => {
    let frame: HTMLIFrameElement | null = null;
    let gone = false;
    whenIdle(() => {
      if (gone) return;
      frame = document.createElement('iframe');
      frame.setAttribute('sandbox', 'allow-same-origin');
      frame.hidden = true;
      frame.inert = true;
      frame.tabIndex = -1;
      frame.setAttribute('aria-hidden', 'true');
      frame.referrerPolicy = 'no-referrer';
      frame.dataset.testid = 'sandbox-warmup';
      frame.src = url;
      document.body.append(frame);
    });
    return () => {
      gone = true;
      frame?.remove();
    };
  }, [url]);
  return null;
}
