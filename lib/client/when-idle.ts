/**
 * Runs `task` once the page's main thread is idle (at the latest after `timeoutMs`): work a page
 * will need soon, done before the user needs it rather than beside what they are waiting for.
 * Browsers without requestIdleCallback (Safari) run it after a short delay.
 */
export function whenIdle(task: () => void, timeoutMs = 2_000): void {
  if (typeof window === 'undefined') return;
  if ('requestIdleCallback' in window) requestIdleCallback(task, { timeout: timeoutMs });
  else setTimeout(task, 500);
}
