import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectedRestaurant } from '../../tests/fixtures/restaurant-registry';
import { checkSandboxTicket, TICKET_WINDOW_MS } from '../apps/sandbox-ticket';
import { viewLabel } from '../mcp/view-origin';
import { buildHostTools } from './host-tools';

let restaurant: Awaited<ReturnType<typeof connectedRestaurant>>;
const session = { userId: 'local' };

beforeAll(async () => {
  restaurant = await connectedRestaurant();
});

afterAll(() => restaurant.close());

interface ViewMetadata {
  serverId: string;
  toolName: string;
  ui: { resourceUri: string };
  frame: { sandboxOrigin: string; ticket: string };
  tool: { name: string; inputSchema: unknown };
}

describe("a host tool's metadata: what the browser gets with the model's call of it", () => {
  it('names the tool and its view, with a sandbox ticket minted when the model calls it (issue 14)', () => {
    const start = Date.parse('2026-11-26T10:00:00Z');
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    try {
      const tools = buildHostTools(restaurant.registry, session);
      const search = tools.restaurant__search_restaurants;
      if (!search) throw new Error('search_restaurants was not offered to the model');
      // A turn can run for long (gates, elicitations): the ticket is not the one of the turn's start.
      vi.setSystemTime(start + 3 * TICKET_WINDOW_MS);
      const metadata = search.metadata as unknown as ViewMetadata;
      expect(metadata).toMatchObject({
        serverId: 'restaurant',
        toolName: 'search_restaurants',
        tool: { name: 'search_restaurants' },
      });
      const connection = restaurant.registry.getFor('restaurant', session.userId);
      if (!connection) throw new Error('restaurant is not connected');
      expect(
        checkSandboxTicket(viewLabel(connection.config), metadata.ui.resourceUri, metadata.frame.ticket),
      ).toBe(true);
      expect(search.metadata).toBe(metadata);
    } finally {
      vi.useRealTimers();
    }
  });
});
