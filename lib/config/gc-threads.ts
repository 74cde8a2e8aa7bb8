/**
 * V8's worker threads for the host's server (`--v8-pool-size`: garbage collection helpers and
 * background compilation): one core is left to the server's own thread, and Node's default of 4 is
 * the most. On a 2-core machine 4 helpers took the cores from the thread that serves the chat
 * (200 streams at once, p95 first token 2.37-2.76x the direct streams with 4, 1.61-2.38x with 1;
 * idle memory 266-275 MB against 234-237).
 */
export function v8PoolSize(cores: number): number {
  return Math.max(1, Math.min(4, Math.floor(cores) - 1));
}
