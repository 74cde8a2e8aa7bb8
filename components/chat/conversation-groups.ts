import type { ConversationItem } from '@/lib/store/conversations';

export interface ConversationGroup {
  label: 'Today' | 'Yesterday' | 'Previous 7 days' | 'Previous 30 days' | 'Older';
  items: ConversationItem[];
}

const DAY = 86_400_000;

function startOfDay(at: Date): number {
  return new Date(at.getFullYear(), at.getMonth(), at.getDate()).getTime();
}

/**
 * Conversations under date headings by when they last changed (local calendar
 * days), keeping the list's own order, after filtering by a search of their titles.
 */
export function groupConversations(
  items: readonly ConversationItem[],
  now: Date,
  query = '',
): ConversationGroup[] {
  const needle = query.trim().toLocaleLowerCase();
  const today = startOfDay(now);
  const groups: ConversationGroup[] = [
    { label: 'Today', items: [] },
    { label: 'Yesterday', items: [] },
    { label: 'Previous 7 days', items: [] },
    { label: 'Previous 30 days', items: [] },
    { label: 'Older', items: [] },
  ];
  for (const item of items) {
    if (needle && !item.title.toLocaleLowerCase().includes(needle)) continue;
    const at = new Date(item.updatedAt).getTime();
    const days = Number.isNaN(at) ? Number.POSITIVE_INFINITY : (today - startOfDay(new Date(at))) / DAY;
    const index = days <= 0 ? 0 : days <= 1 ? 1 : days <= 7 ? 2 : days <= 30 ? 3 : 4;
    groups[index]?.items.push(item);
  }
  return groups.filter((g) => g.items.length > 0);
}
