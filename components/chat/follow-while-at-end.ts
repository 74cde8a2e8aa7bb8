/** Within this many pixels of its end, the reader is following the conversation. */
const AT_END_PX = 48;

/**
 * Keeps a scroller at its end while its content grows, as long as the reader was there: they leave
 * by scrolling up and come back by scrolling to the end. A streamed reply grows its text, not its
 * count of parts, so React's dependencies never saw it grow; a ResizeObserver does, and its callback
 * runs once layout is done, so following lays nothing out again (reading scrollHeight in each commit
 * did: 9-16 ms of a view's boot in a Chromium trace). Returns the cleanup.
 */
export function followWhileAtEnd(
  scroller: HTMLElement | null,
  content: HTMLElement | null,
): (() => void) | undefined {
  if (!scroller || !content) return undefined;
  let atEnd = true;
  let lastTop = scroller.scrollTop;
  // Only the reader scrolling up leaves the end: content that grew between a follow and its scroll
  // event also leaves a distance, but no lower scroll position.
  const onScroll = () => {
    const top = scroller.scrollTop;
    if (scroller.scrollHeight - top - scroller.clientHeight <= AT_END_PX) atEnd = true;
    else if (top < lastTop) atEnd = false;
    lastTop = top;
  };
  const follow = new ResizeObserver(() => {
    if (atEnd) scroller.scrollTop = scroller.scrollHeight;
  });
  scroller.addEventListener('scroll', onScroll, { passive: true });
  follow.observe(content);
  follow.observe(scroller);
  return () => {
    scroller.removeEventListener('scroll', onScroll);
    follow.disconnect();
  };
}
