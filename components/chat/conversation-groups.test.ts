import { describe, expect, it } from 'vitest';
import { groupConversations } from './conversation-groups';

const now = new Date(2026, 10, 25, 9, 30);
const at = (daysAgo: number, hour = 12) => new Date(2026, 10, 25 - daysAgo, hour).toISOString();
const item = (id: string, title: string, updatedAt: string) => ({ id, title, chatMode: 'normal', updatedAt });

describe('the conversation list by date, searchable', () => {
  const items = [
    item('a', 'Ramen in Shinjuku', at(0, 8)),
    item('b', 'Trip plans', at(1, 23)),
    item('c', 'Ramen again', at(3)),
    item('d', 'Budget', at(20)),
    item('e', 'Old notes', at(400)),
    item('f', 'Broken date', 'not a date'),
  ];

  it('puts each conversation under Today, Yesterday, Previous 7 / 30 days or Older, in order', () => {
    expect(groupConversations(items, now).map((g) => [g.label, g.items.map((i) => i.id)])).toEqual([
      ['Today', ['a']],
      ['Yesterday', ['b']],
      ['Previous 7 days', ['c']],
      ['Previous 30 days', ['d']],
      ['Older', ['e', 'f']],
    ]);
  });

  it('a search keeps the titles that contain it, whatever the case, and drops empty groups', () => {
    expect(
      groupConversations(items, now, '  RAMEN ').map((g) => [g.label, g.items.map((i) => i.id)]),
    ).toEqual([
      ['Today', ['a']],
      ['Previous 7 days', ['c']],
    ]);
    expect(groupConversations(items, now, 'nothing like this')).toEqual([]);
  });
});
