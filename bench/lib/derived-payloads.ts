import { RESTAURANTS } from '../../servers/restaurant/data';

/** One restaurant as search_restaurants returns it; `nameLength` pads the name to grow the row. */
export function summary(index: number, nameLength = 0) {
  const r = RESTAURANTS[index % RESTAURANTS.length] as (typeof RESTAURANTS)[number];
  const name = nameLength ? r.name.padEnd(nameLength, '.') : r.name;
  return { id: r.id, name, cuisine: r.cuisine, area: r.area, priceLevel: r.priceLevel, rating: r.rating };
}

/** A typical result (3 restaurants), and one just under the 1 MB bound (50 rows, the schema's most, with long names). */
export function payloads() {
  const small = { query: { cuisine: 'japanese' }, results: [0, 1, 2].map((i) => summary(i)), total: 3 };
  const rows = 50;
  const perRow = Math.floor((1_048_576 - 2_000) / rows) - 120;
  const large = {
    query: {},
    results: Array.from({ length: rows }, (_, i) => summary(i, perRow)),
    total: rows,
  };
  return { small, large, largeBytes: new TextEncoder().encode(JSON.stringify(large)).length };
}
