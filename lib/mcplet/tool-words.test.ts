import { describe, expect, it } from 'vitest';
import { humanToolName, toolLabel } from './tool-words';

describe('the words a person reads for a tool in the chat', () => {
  it('a title is used as the server wrote it', () => {
    expect(toolLabel('Create Reservation', 'create_reservation')).toBe('Create Reservation');
  });

  it('with no title (or a blank one), the name as words: snake, dotted, kebab and camel case', () => {
    expect(toolLabel(undefined, 'create_reservation')).toBe('Create reservation');
    expect(toolLabel('  ', 'notes.add')).toBe('Notes add');
    expect(humanToolName('list-open-tickets')).toBe('List open tickets');
    expect(humanToolName('getUserInfo')).toBe('Get user info');
    expect(humanToolName('fetch_URL_v2')).toBe('Fetch URL v2');
  });

  it('a name with no letters to split stays itself', () => {
    expect(humanToolName('__')).toBe('__');
  });
});
