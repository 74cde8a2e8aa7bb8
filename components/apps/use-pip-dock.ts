'use client';
import {
  type CSSProperties,
  type PointerEvent,
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useState,
} from 'react';
import { usePipReserves } from '@/lib/store/pip-reserve';
import { useMediaQuery } from '../ui/use-media-query';
import {
  cornerAfterKey,
  type DockArea,
  nearestCorner,
  PIP_MARGIN,
  type PipCorner,
  pipOffsets,
} from './pip-dock';

/** Below Tailwind's `sm`: the floating view is a bar across the list that opens on demand. */
const PHONE = '(max-width: 639.98px)';

export interface PipDock {
  corner: PipCorner;
  /** A phone: the view shows as a bar until it is expanded. */
  phone: boolean;
  expanded: boolean;
  toggleExpanded: () => void;
  style: CSSProperties | undefined;
  startDrag: (event: PointerEvent<HTMLElement>) => void;
  /** Moves to the corner an arrow key points at; true when the key was used. */
  moveKey: (key: string) => boolean;
}

/**
 * Docks a floating view in a corner of the message list (the nearest `[data-pip-area]` around it,
 * else the window) and has the list make room for it: the newest message is never under it. Dragging
 * it by its toolbar drops it into the nearest corner; arrow keys on its handle move it a corner over.
 */
export function usePipDock(
  viewId: string,
  active: boolean,
  anchor: RefObject<HTMLElement | null>,
  container: HTMLElement | null,
): PipDock {
  const phone = useMediaQuery(PHONE);
  const [corner, setCorner] = useState<PipCorner>('bottom-right');
  const [expanded, setExpanded] = useState(false);
  const [area, setArea] = useState<{ area: DockArea; width: number; height: number } | null>(null);
  const [drag, setDrag] = useState<{ x: number; y: number } | null>(null);
  const setReserve = usePipReserves((s) => s.set);
  const dropReserve = usePipReserves((s) => s.drop);

  // The list's rectangle follows the window and the composer's height (its size changes with both).
  useLayoutEffect(() => {
    if (!active) return;
    const element = anchor.current?.closest<HTMLElement>('[data-pip-area]') ?? null;
    const measure = () => {
      const rect = element?.getBoundingClientRect();
      const width = window.innerWidth;
      const height = window.innerHeight;
      const next: DockArea = rect
        ? {
            top: rect.top,
            bottom: rect.bottom,
            left: rect.left,
            right: rect.left + (element?.clientWidth ?? 0),
          }
        : { top: 0, bottom: height, left: 0, right: width };
      setArea((old) =>
        old &&
        old.width === width &&
        old.height === height &&
        old.area.top === next.top &&
        old.area.bottom === next.bottom &&
        old.area.left === next.left &&
        old.area.right === next.right
          ? old
          : { area: next, width, height },
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    if (element) observer.observe(element);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [active, anchor]);

  // The room the view takes at its edge, kept while it floats.
  useLayoutEffect(() => {
    if (!active || !container) {
      dropReserve(viewId);
      return;
    }
    const edge = corner.startsWith('top') ? 'top' : 'bottom';
    const publish = () =>
      setReserve(viewId, {
        edge,
        size: Math.ceil(container.getBoundingClientRect().height) + 2 * PIP_MARGIN,
      });
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(container);
    return () => observer.disconnect();
  }, [active, container, corner, viewId, setReserve, dropReserve]);
  useEffect(() => () => dropReserve(viewId), [dropReserve, viewId]);

  const startDrag = useCallback(
    (event: PointerEvent<HTMLElement>) => {
      const target = event.target as HTMLElement;
      if (!active || !container || (target.closest('button') && !target.closest('[data-drag-handle]')))
        return;
      const handle = event.currentTarget;
      const start = { x: event.clientX, y: event.clientY };
      // Where the view was when the drag began: it is dropped by where the pointer moved it since, not
      // by its drawn position, which may not have caught up with the last move yet.
      const from = container.getBoundingClientRect();
      const pointer = event.pointerId;
      // The pointer stays with the toolbar while it crosses the view's frame (another document).
      handle.setPointerCapture?.(pointer);
      // A view's frame is another process: a move or the release over it can reach that frame before
      // the capture above does, and the drop is lost. No frame takes the pointer while a view is dragged.
      const frames = Array.from(document.querySelectorAll('iframe'), (frame) => {
        const before = frame.style.pointerEvents;
        frame.style.pointerEvents = 'none';
        return () => {
          frame.style.pointerEvents = before;
        };
      });
      const move = (e: globalThis.PointerEvent) =>
        setDrag({ x: e.clientX - start.x, y: e.clientY - start.y });
      const up = (e: globalThis.PointerEvent) => {
        for (const restore of frames) restore();
        handle.removeEventListener('pointermove', move);
        handle.removeEventListener('pointerup', up);
        handle.removeEventListener('pointercancel', up);
        const moved = Math.abs(e.clientX - start.x) + Math.abs(e.clientY - start.y) > 4;
        if (moved && area) {
          const centre = {
            x: from.left + from.width / 2 + (e.clientX - start.x),
            y: from.top + from.height / 2 + (e.clientY - start.y),
          };
          setCorner(nearestCorner(centre, area.area));
        }
        setDrag(null);
      };
      handle.addEventListener('pointermove', move);
      handle.addEventListener('pointerup', up);
      handle.addEventListener('pointercancel', up);
    },
    [active, container, area],
  );

  const moveKey = useCallback(
    (key: string) => {
      const next = cornerAfterKey(corner, key);
      if (next) setCorner(next);
      return key.startsWith('Arrow');
    },
    [corner],
  );

  let style: CSSProperties | undefined;
  if (active && area) {
    style = pipOffsets(corner, area.area, { width: area.width, height: area.height }, phone);
    if (drag) style = { ...style, transform: `translate(${drag.x}px, ${drag.y}px)` };
  }

  return {
    corner,
    phone,
    expanded,
    toggleExpanded: useCallback(() => setExpanded((open) => !open), []),
    style,
    startDrag,
    moveKey,
  };
}
