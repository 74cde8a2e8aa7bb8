import type { HTMLAttributes } from 'react';

/**
 * A box that scrolls on its own, reachable and scrollable with the keyboard and named for screen
 * readers (axe: scrollable-region-focusable).
 */
export function ScrollRegion({
  label,
  as: Tag = 'div',
  ...rest
}: { label: string; as?: 'div' | 'pre' | 'span' } & HTMLAttributes<HTMLElement>) {
  // tabIndex 0 on a region: a box that scrolls must take focus to be scrolled by keyboard.
  return <Tag role="region" aria-label={label} tabIndex={0} {...rest} />;
}
