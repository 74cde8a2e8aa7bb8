/** Result schemas (spec 9.3, 9.4), published as mcplet://tool-result-schema/{toolId} resources. */

const restaurantSummary = {
  type: 'object',
  required: ['id', 'name', 'cuisine', 'area', 'priceLevel', 'rating'],
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    cuisine: { type: 'string' },
    area: { type: 'string' },
    priceLevel: { type: 'integer', minimum: 1, maximum: 4 },
    rating: { type: 'number', minimum: 0, maximum: 5 },
  },
};

const reservationFields = {
  restaurantId: { type: 'string' },
  date: { type: 'string', format: 'date' },
  time: { type: 'string', pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' },
  partySize: { type: 'integer', minimum: 1, maximum: 20 },
  name: { type: 'string', minLength: 1, maxLength: 100 },
};

export const RESULT_SCHEMAS: Record<string, Record<string, unknown>> = {
  search_restaurants: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    required: ['query', 'results', 'total'],
    additionalProperties: false,
    properties: {
      query: {
        type: 'object',
        additionalProperties: false,
        properties: {
          query: { type: 'string' },
          cuisine: { type: 'string' },
          area: { type: 'string' },
          maxPrice: { type: 'integer', minimum: 1, maximum: 4 },
        },
      },
      results: { type: 'array', maxItems: 50, items: restaurantSummary },
      total: { type: 'integer', minimum: 0 },
    },
  },
  get_restaurant: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    required: ['restaurant'],
    properties: {
      restaurant: {
        type: 'object',
        required: ['id', 'name', 'cuisine', 'area', 'priceLevel', 'rating', 'description', 'opens', 'closes'],
        properties: {
          ...restaurantSummary.properties,
          description: { type: 'string' },
          opens: { type: 'string' },
          closes: { type: 'string' },
        },
      },
    },
  },
  prepare_reservation: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    required: ['draft', 'summary'],
    properties: {
      draft: { type: 'object', required: Object.keys(reservationFields), properties: reservationFields },
      summary: { type: 'string' },
    },
  },
  create_reservation: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    required: ['reservationId', 'reservation'],
    properties: {
      reservationId: { type: 'string' },
      reservation: {
        type: 'object',
        required: Object.keys(reservationFields),
        properties: reservationFields,
      },
    },
  },
};

export function schemaUri(toolId: string): string {
  return `mcplet://tool-result-schema/${toolId}`;
}

/** The 9.4 payload: version, schema and deprecation metadata. */
export function schemaPayload(toolId: string): string {
  return JSON.stringify({
    version: 1,
    schema: RESULT_SCHEMAS[toolId],
    _meta: { createdAt: '2026-11-01T00:00:00.000Z', deprecated: false, deprecatedAt: null, sunsetDate: null },
  });
}
