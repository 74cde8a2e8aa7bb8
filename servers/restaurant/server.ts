import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { findRestaurant, type Restaurant, searchRestaurants } from './data';
import { failure, registerMcpletTool, registerResultSchema, success } from './mcplet';
import { appendRecord, appendReservation } from './reservations';
import { schemaPayload, schemaUri } from './schemas';
import { verifyAssertion } from './verify-assertion';
import { viewHtml } from './view';

/**
 * The name this server reports (`initialize`, `server/discover`); passkey assertions are bound to it
 * (and to tool and arguments).
 */
export const SERVER_NAME = 'restaurant-mcplet';
export const SEARCH_VIEW_URI = 'ui://restaurant/search.html';
const VIEW_MIME = 'text/html;profile=mcp-app';

function summary(r: Restaurant) {
  return {
    id: r.id,
    name: r.name,
    cuisine: r.cuisine,
    area: r.area,
    priceLevel: r.priceLevel,
    rating: r.rating,
  };
}

const reservationShape = {
  restaurantId: z.string().min(1).describe('Restaurant id, e.g. r-sakura').meta({ title: 'Restaurant' }),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .describe('Date, YYYY-MM-DD')
    .meta({ title: 'Date' }),
  time: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
    .describe('Time, HH:MM (24h)')
    .meta({ title: 'Time' }),
  partySize: z.number().int().min(1).max(20).describe('Number of guests').meta({ title: 'Guests' }),
  name: z.string().min(1).max(100).describe('Name for the booking').meta({ title: 'Booked under' }),
};

type ReservationInput = z.output<z.ZodObject<typeof reservationShape>>;

function checkReservation(
  input: ReservationInput,
  today = new Date(),
): { ok: true; restaurant: Restaurant } | { ok: false; code: string; message: string } {
  const restaurant = findRestaurant(input.restaurantId);
  if (!restaurant)
    return { ok: false, code: 'NOT_FOUND', message: `No restaurant has the id "${input.restaurantId}".` };
  if (input.date < today.toISOString().slice(0, 10))
    return { ok: false, code: 'VALIDATION_ERROR', message: 'The date is in the past.' };
  if (input.time < restaurant.opens || input.time > restaurant.closes) {
    return {
      ok: false,
      code: 'X_CLOSED',
      message: `${restaurant.name} takes bookings from ${restaurant.opens} to ${restaurant.closes}.`,
    };
  }
  return { ok: true, restaurant };
}

/** What the server tells a host's model about using it (MCP `instructions`). */
export const RESTAURANT_INSTRUCTIONS =
  'Search with search_restaurants before anything else; get_restaurant takes an id from a search. A reservation always needs a date, a time and a party size: ask the user for any that is missing instead of guessing.';

/** The restaurant example of the MCPlet spec as a reference MCPlet server. Stateless (13.1). */
export function createRestaurantServer(): McpServer {
  const server = new McpServer(
    { name: SERVER_NAME, version: '1.0.0' },
    { capabilities: { tools: {}, resources: {} }, instructions: RESTAURANT_INSTRUCTIONS },
  );

  registerMcpletTool(
    server,
    'search_restaurants',
    {
      title: 'Search Restaurants',
      description:
        'Search for restaurants by name, cuisine, area or price level. Returns the best rated first.',
      inputSchema: {
        query: z.string().max(200).optional().describe('Free text, e.g. "ramen" or "garden"'),
        cuisine: z
          .string()
          .max(40)
          .optional()
          .describe('japanese, italian, french, mexican, indian, chinese, vegan'),
        area: z
          .string()
          .max(40)
          .optional()
          .describe('shinjuku, shibuya, ginza, ebisu, shimokitazawa, yokohama'),
        maxPrice: z.number().int().min(1).max(4).optional().describe('Highest price level, 1 (cheap) to 4'),
        limit: z.number().int().min(1).max(20).optional(),
      },
      meta: {
        mcpletType: 'read',
        // The view repeats or refreshes its own search (Retry after tool-error, 10.7).
        visibility: ['model', 'app'],
        ui: { resourceUri: SEARCH_VIEW_URI, displayMode: 'llm-fullscreen' },
      },
      resultSchemaUri: schemaUri('search_restaurants'),
    },
    (input) => {
      const results = searchRestaurants(input).map(summary);
      const query = Object.fromEntries(
        Object.entries({
          query: input.query,
          cuisine: input.cuisine,
          area: input.area,
          maxPrice: input.maxPrice,
        }).filter(([, v]) => v !== undefined),
      );
      const lines = results.map(
        (r) =>
          `- ${r.name} (${r.id}): ${r.cuisine}, ${r.area}, ${'¥'.repeat(r.priceLevel)}, rated ${r.rating}`,
      );
      const text = results.length
        ? `Found ${results.length} restaurant(s):\n${lines.join('\n')}`
        : 'No restaurant matches.';
      return success({ query, results, total: results.length }, text);
    },
  );

  registerMcpletTool(
    server,
    'get_restaurant',
    {
      title: 'Get Restaurant',
      description: 'Details of one restaurant: description and opening hours.',
      inputSchema: { id: z.string().min(1).describe('Restaurant id, e.g. r-sakura') },
      meta: { mcpletType: 'read', visibility: ['model', 'app'] },
      resultSchemaUri: schemaUri('get_restaurant'),
    },
    (args) => {
      const restaurant = findRestaurant(args.id);
      if (!restaurant) return failure('NOT_FOUND', `No restaurant has the id "${args.id}".`);
      return success(
        { restaurant },
        `${restaurant.name} (${restaurant.cuisine}, ${restaurant.area}): ${restaurant.description} Open ${restaurant.opens}-${restaurant.closes}. Rated ${restaurant.rating}.`,
      );
    },
  );

  registerMcpletTool(
    server,
    'prepare_reservation',
    {
      title: 'Prepare Reservation',
      description: 'Checks a reservation request and returns a draft to show the user. Books nothing.',
      inputSchema: reservationShape,
      meta: { mcpletType: 'prepare', visibility: ['model', 'app'] },
      resultSchemaUri: schemaUri('prepare_reservation'),
    },
    (input) => {
      const check = checkReservation(input);
      if (!check.ok) return failure(check.code, check.message);
      const text = `Draft: ${input.partySize} at ${check.restaurant.name} on ${input.date} at ${input.time}, under "${input.name}". Not booked yet.`;
      return success({ draft: input, summary: text }, text);
    },
  );

  registerMcpletTool(
    server,
    'create_reservation',
    {
      title: 'Create Reservation',
      description: 'Books a table. Needs the user to confirm with their passkey.',
      inputSchema: reservationShape,
      meta: {
        mcpletType: 'action',
        visibility: ['app'],
        auth: {
          required: 'passkey',
          enforcement: 'strict',
          promptMessage: 'Confirm your reservation with your passkey',
        },
      },
      resultSchemaUri: schemaUri('create_reservation'),
    },
    async (input, ctx) => {
      const check = checkReservation(input);
      if (!check.ok) return failure(check.code, check.message);
      const verified = await verifyAssertion(ctx.mcpReq._meta?.mcplet_auth, {
        server: SERVER_NAME,
        tool: 'create_reservation',
        arguments: input,
      });
      if (!verified.ok) return failure(verified.code, verified.message);
      const reservationId = `res-${randomUUID().slice(0, 8)}`;
      appendReservation({ reservationId, ...input, createdAt: new Date().toISOString() });
      return success(
        { reservationId, reservation: input },
        `Booked: ${input.partySize} at ${check.restaurant.name} on ${input.date} at ${input.time} (reservation ${reservationId}).`,
      );
    },
  );

  registerMcpletTool(
    server,
    'save_favourite',
    {
      title: 'Save Favourite',
      description:
        "Adds a restaurant to the user's favourites. Harmless and easy to undo, so it runs at once and the user is told.",
      inputSchema: {
        restaurantId: z.string().min(1).describe('Restaurant id, e.g. r-sakura'),
      },
      // Notify: a small, reversible change the user should still hear about.
      meta: { mcpletType: 'prepare', visibility: ['model', 'app'], humanInTheLoopHint: 'notify' },
    },
    (args) => {
      const restaurant = findRestaurant(args.restaurantId);
      if (!restaurant) return failure('NOT_FOUND', `No restaurant has the id "${args.restaurantId}".`);
      appendRecord('favourites.jsonl', { restaurantId: restaurant.id, savedAt: new Date().toISOString() });
      return success(
        { favourite: { restaurantId: restaurant.id, name: restaurant.name } },
        `Saved ${restaurant.name} to your favourites.`,
      );
    },
  );

  registerMcpletTool(
    server,
    'draft_reservation_note',
    {
      title: 'Draft Reservation Note',
      description:
        'Drafts a note for the restaurant to go with a booking (allergies, a birthday, a high chair). The user reviews and may edit it before it is kept.',
      inputSchema: {
        restaurantId: z.string().min(1).describe('Restaurant id, e.g. r-sakura'),
        note: z
          .string()
          .min(1)
          .max(200)
          .describe("What the restaurant should know, in the guest's words (at most 200 characters)"),
      },
      // Review: the text speaks for the user, so they see it, and may change it, before it is kept.
      meta: { mcpletType: 'prepare', visibility: ['model', 'app'], humanInTheLoopHint: 'review' },
    },
    (args) => {
      const restaurant = findRestaurant(args.restaurantId);
      if (!restaurant) return failure('NOT_FOUND', `No restaurant has the id "${args.restaurantId}".`);
      const note = args.note;
      appendRecord('notes.jsonl', { restaurantId: restaurant.id, note, draftedAt: new Date().toISOString() });
      return success(
        { draft: { restaurantId: restaurant.id, note } },
        `Note for ${restaurant.name} kept: "${note}". It goes with your next booking there.`,
      );
    },
  );

  for (const toolId of [
    'search_restaurants',
    'get_restaurant',
    'prepare_reservation',
    'create_reservation',
  ]) {
    registerResultSchema(server, schemaUri(toolId), () => schemaPayload(toolId));
  }

  server.registerResource(
    'search-view',
    SEARCH_VIEW_URI,
    { mimeType: VIEW_MIME, description: 'Restaurant search results' },
    async () => ({
      contents: [{ uri: SEARCH_VIEW_URI, mimeType: VIEW_MIME, text: viewHtml() }],
    }),
  );

  return server;
}
