/**
 * Where a floating (pip) view sits: docked in a corner of the message list, never over the newest
 * message. The list makes room for it (pip-reserve.ts), so a move only changes the corner.
 */
export type PipCorner = 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';

export const PIP_CORNER_NAME: Record<PipCorner, string> = {
  'top-left': 'top left',
  'top-right': 'top right',
  'bottom-left': 'bottom left',
  'bottom-right': 'bottom right',
};

/** The rectangle the view docks in (the message list), in viewport pixels. */
export interface DockArea {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** The gap between the docked view and the list's edges. */
export const PIP_MARGIN = 8;

/** An arrow key moves the view to the neighbouring corner on that side; other keys, nowhere. */
export function cornerAfterKey(corner: PipCorner, key: string): PipCorner | null {
  const [vertical, horizontal] = corner.split('-') as ['top' | 'bottom', 'left' | 'right'];
  const next =
    key === 'ArrowUp'
      ? `top-${horizontal}`
      : key === 'ArrowDown'
        ? `bottom-${horizontal}`
        : key === 'ArrowLeft'
          ? `${vertical}-left`
          : key === 'ArrowRight'
            ? `${vertical}-right`
            : null;
  return next === null || next === corner ? null : (next as PipCorner);
}

/** The corner a dragged view is dropped into: the quarter of the area its centre is in. */
export function nearestCorner(centre: { x: number; y: number }, area: DockArea): PipCorner {
  const vertical = centre.y < (area.top + area.bottom) / 2 ? 'top' : 'bottom';
  const horizontal = centre.x < (area.left + area.right) / 2 ? 'left' : 'right';
  return `${vertical}-${horizontal}`;
}

/**
 * The fixed-position offsets of a view docked in `corner`. On a phone it spans the list's width (a
 * bar), so only its edge changes.
 */
export function pipOffsets(
  corner: PipCorner,
  area: DockArea,
  viewport: { width: number; height: number },
  phone: boolean,
): { top?: number; bottom?: number; left?: number; right?: number } {
  const vertical = corner.startsWith('top')
    ? { top: area.top + PIP_MARGIN }
    : { bottom: viewport.height - area.bottom + PIP_MARGIN };
  const left = area.left + PIP_MARGIN;
  const right = viewport.width - area.right + PIP_MARGIN;
  if (phone) return { ...vertical, left, right };
  return corner.endsWith('left') ? { ...vertical, left } : { ...vertical, right };
}
