import { describe, expect, it } from 'vitest';
import { argRows, humaniseKey } from './arg-rows';

describe('the gate dialog lists arguments in words', () => {
  it('keys without a title read as words', () => {
    expect(humaniseKey('restaurantId')).toBe('Restaurant id');
    expect(humaniseKey('party_size')).toBe('Party size');
    expect(humaniseKey('URL')).toBe('Url');
    expect(humaniseKey('x')).toBe('X');
  });

  it("a property's title names its row; the schema's order comes first, other keys after", () => {
    const schema = {
      properties: { restaurantId: { type: 'string', title: 'Restaurant' }, partySize: { type: 'integer' } },
    };
    expect(argRows({ extra: 1, partySize: 4, restaurantId: 'r-bistro' }, schema)).toEqual([
      { key: 'restaurantId', label: 'Restaurant', value: 'r-bistro' },
      { key: 'partySize', label: 'Party size', value: '4' },
      { key: 'extra', label: 'Extra', value: '1' },
    ]);
  });

  it('enum and const values show their titles; booleans and lists read plainly', () => {
    const schema = {
      properties: {
        seating: {
          oneOf: [
            { const: 'in', title: 'Indoors' },
            { const: 'out', title: 'On the terrace' },
          ],
        },
        plan: { const: 'p-1', title: 'Menu' },
        size: { enum: ['s', 'm'] },
        notify: { type: 'boolean' },
        tags: { type: 'array', items: { anyOf: [{ const: 'v', title: 'Vegan' }] } },
      },
    };
    const rows = argRows(
      { seating: 'out', plan: 'p-1', size: 'm', notify: false, tags: ['v', 'gf'] },
      schema,
    );
    expect(rows.map((r) => [r.label, r.value])).toEqual([
      ['Seating', 'On the terrace'],
      ['Menu', 'p-1'],
      ['Size', 'm'],
      ['Notify', 'No'],
      ['Tags', 'Vegan, gf'],
    ]);
  });

  it('nested objects become labelled rows, not JSON; arguments with no schema still read as words', () => {
    const schema = {
      properties: {
        reservation: { type: 'object', title: 'Booking', properties: { partySize: { title: 'Guests' } } },
      },
    };
    expect(argRows({ reservation: { partySize: 2, name: 'Ada' }, meta: [{ a: 1 }] }, schema)).toEqual([
      { key: 'reservation.partySize', label: 'Booking › Guests', value: '2' },
      { key: 'reservation.name', label: 'Booking › Name', value: 'Ada' },
      { key: 'meta', label: 'Meta', value: '[{"a":1}]' },
    ]);
    expect(argRows({ restaurantId: 'r-bistro' })).toEqual([
      { key: 'restaurantId', label: 'Restaurant id', value: 'r-bistro' },
    ]);
  });
});
