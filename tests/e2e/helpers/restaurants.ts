import { RESTAURANTS } from '../../../servers/restaurant/data';

/** The search result's summary of the demo restaurants that pass `filter`, best rated first. */
export function summaries(filter: (r: (typeof RESTAURANTS)[number]) => boolean) {
  return RESTAURANTS.filter(filter)
    .sort((a, b) => b.rating - a.rating)
    .map(({ id, name, cuisine, area, priceLevel, rating }) => ({
      id,
      name,
      cuisine,
      area,
      priceLevel,
      rating,
    }));
}
