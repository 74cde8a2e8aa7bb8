export interface Restaurant {
  id: string;
  name: string;
  cuisine: string;
  area: string;
  priceLevel: 1 | 2 | 3 | 4;
  rating: number;
  description: string;
  opens: string;
  closes: string;
}

export const RESTAURANTS: readonly Restaurant[] = [
  {
    id: 'r-sakura',
    name: 'Sakura Table',
    cuisine: 'japanese',
    area: 'shinjuku',
    priceLevel: 3,
    rating: 4.7,
    description: 'Seasonal kaiseki courses and a long sake list.',
    opens: '17:00',
    closes: '23:00',
  },
  {
    id: 'r-ramen-ichi',
    name: 'Ramen Ichi',
    cuisine: 'japanese',
    area: 'shibuya',
    priceLevel: 1,
    rating: 4.4,
    description: 'Tonkotsu ramen, counter seats only.',
    opens: '11:00',
    closes: '23:30',
  },
  {
    id: 'r-trattoria',
    name: 'Trattoria Luce',
    cuisine: 'italian',
    area: 'ginza',
    priceLevel: 3,
    rating: 4.5,
    description: 'Handmade pasta and a wood-fired oven.',
    opens: '12:00',
    closes: '22:00',
  },
  {
    id: 'r-pizzeria',
    name: 'Pizzeria Nove',
    cuisine: 'italian',
    area: 'shibuya',
    priceLevel: 2,
    rating: 4.2,
    description: 'Neapolitan pizza, natural wine.',
    opens: '11:30',
    closes: '22:30',
  },
  {
    id: 'r-bistro',
    name: 'Bistro Marais',
    cuisine: 'french',
    area: 'ebisu',
    priceLevel: 3,
    rating: 4.6,
    description: 'Classic bistro dishes, steak frites, crème brûlée.',
    opens: '18:00',
    closes: '23:00',
  },
  {
    id: 'r-le-jardin',
    name: 'Le Jardin',
    cuisine: 'french',
    area: 'ginza',
    priceLevel: 4,
    rating: 4.8,
    description: 'Tasting menu in a garden room.',
    opens: '18:00',
    closes: '22:00',
  },
  {
    id: 'r-taqueria',
    name: 'Taquería Sol',
    cuisine: 'mexican',
    area: 'shimokitazawa',
    priceLevel: 1,
    rating: 4.3,
    description: 'Tacos al pastor and fresh salsas.',
    opens: '11:00',
    closes: '22:00',
  },
  {
    id: 'r-curry',
    name: 'Curry House Masala',
    cuisine: 'indian',
    area: 'shinjuku',
    priceLevel: 2,
    rating: 4.1,
    description: 'North Indian curries and tandoor bread.',
    opens: '11:00',
    closes: '22:30',
  },
  {
    id: 'r-dim-sum',
    name: 'Jade Dim Sum',
    cuisine: 'chinese',
    area: 'yokohama',
    priceLevel: 2,
    rating: 4.5,
    description: 'Dim sum carts at lunch, Cantonese dinner.',
    opens: '10:30',
    closes: '21:30',
  },
  {
    id: 'r-sichuan',
    name: 'Red Pepper Sichuan',
    cuisine: 'chinese',
    area: 'shinjuku',
    priceLevel: 2,
    rating: 4.4,
    description: 'Mapo tofu and dan dan noodles, properly hot.',
    opens: '11:30',
    closes: '23:00',
  },
  {
    id: 'r-green',
    name: 'Green Bowl',
    cuisine: 'vegan',
    area: 'ebisu',
    priceLevel: 2,
    rating: 4.3,
    description: 'Plant-based bowls and cold-pressed juice.',
    opens: '09:00',
    closes: '20:00',
  },
  {
    id: 'r-sushi-kai',
    name: 'Sushi Kai',
    cuisine: 'japanese',
    area: 'ginza',
    priceLevel: 4,
    rating: 4.9,
    description: 'Omakase counter, eight seats.',
    opens: '18:00',
    closes: '22:00',
  },
];

export function findRestaurant(id: string): Restaurant | undefined {
  return RESTAURANTS.find((r) => r.id === id);
}

export interface SearchInput {
  query?: string;
  cuisine?: string;
  area?: string;
  maxPrice?: number;
  limit?: number;
}

export function searchRestaurants(input: SearchInput): Restaurant[] {
  const query = input.query?.trim().toLowerCase();
  return RESTAURANTS.filter((r) => {
    if (input.cuisine && r.cuisine !== input.cuisine.toLowerCase()) return false;
    if (input.area && r.area !== input.area.toLowerCase()) return false;
    if (input.maxPrice && r.priceLevel > input.maxPrice) return false;
    if (query) {
      const haystack = `${r.name} ${r.cuisine} ${r.area} ${r.description}`.toLowerCase();
      if (!query.split(/\s+/).every((word) => haystack.includes(word))) return false;
    }
    return true;
  })
    .sort((a, b) => b.rating - a.rating)
    .slice(0, input.limit ?? 10);
}
