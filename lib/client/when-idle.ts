/** Runs `task` once the page has nothing else to do (soon after hydration), or after 2 s at the latest. */
export function whenIdle(task: () => void): void {
  if (typeof window === 'undefined') return;
  if ('requestIdleCallback' in window) requestIdleCallback(task, { timeout: 2_000 });
  else setTimeout(task, 500);
}
