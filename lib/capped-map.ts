/**
 * Sets `key` in `map` as its most recently used entry, and drops the least recently used one once
 * the map holds more than `max` (a Map keeps insertion order).
 */
export function setCapped<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
}
