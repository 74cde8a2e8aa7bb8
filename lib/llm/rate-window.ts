/** A sliding one-minute window per key (16.5). In memory: one process; a shared store would be Redis. */
const windows = new Map<string, number[]>();

export function takeFromWindow(key: string, perMinute: number, now = Date.now()): boolean {
  const recent = (windows.get(key) ?? []).filter((t) => now - t < 60_000);
  if (recent.length >= perMinute) {
    windows.set(key, recent);
    return false;
  }
  recent.push(now);
  windows.set(key, recent);
  return true;
}
