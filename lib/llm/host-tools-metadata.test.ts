import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectedRestaurant } from '../../tests/fixtures/restaurant-registry';
import { checkSandboxTicket, TICKET_WINDOW_MS } from '../apps/sandbox-ticket';
import { PinBook } from '../mcp/pins';
import { cachedUiResource } from '../mcp/ui-resource';
import { viewLabel } from '../mcp/view-origin';
import { viewHash } from '../trust/tool-pin';
import { pinnedView } from '../trust/view-pin';
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
  it('names the tool and its view, with a sandbox ticket minted when the model calls it, so the frame starts early', async () => {
    const connection = restaurant.registry.getFor('restaurant', session.userId);
    if (!connection) throw new Error('restaurant is not connected');
    // The frame is hinted only for HTML the host has read (prefetched at connect).
    await cachedUiResource(connection, 'ui://restaurant/search.html');
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
      expect(
        checkSandboxTicket(viewLabel(connection.config), metadata.ui.resourceUri, metadata.frame.ticket),
      ).not.toBeNull();
      expect(search.metadata).toBe(metadata);
    } finally {
      vi.useRealTimers();
    }
  });

  it("gives no early frame for a view whose HTML is not the user's pin: nothing of it leaves before the review", async () => {
    const connection = restaurant.registry.getFor('restaurant', session.userId);
    if (!connection) throw new Error('restaurant is not connected');
    await cachedUiResource(connection, 'ui://restaurant/search.html');
    const pins = new PinBook({ save: async () => {}, forget: async () => {}, audit: () => {} });
    restaurant.registry.pins = pins;
    try {
      const trusted = pinnedView(
        '<p>the HTML trusted before</p>',
        viewHash('<p>the HTML trusted before</p>'),
        {},
        {},
      );
      pins.checkView(session.userId, 'restaurant', 'ui://restaurant/search.html', trusted);
      const frameOf = (userId: string) =>
        (
          buildHostTools(restaurant.registry, { userId }).restaurant__search_restaurants?.metadata as
            | ViewMetadata
            | undefined
        )?.frame;
      expect(frameOf(session.userId)).toBeUndefined();
      // Another user has no pin of it yet: their frame starts early, as before.
      expect(frameOf('other')?.ticket).toEqual(expect.any(String));
    } finally {
      restaurant.registry.pins = undefined;
    }
  });
});
