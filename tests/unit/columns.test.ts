import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listColumn, listHasAny, listIncludes, numberAt, numberColumn, stringAt, stringColumn } from '../../src/lib/columns.ts';

describe('catalogue columns', () => {
  it('a string column gives back every string, empty strings and nulls apart', () => {
    fc.assert(fc.property(fc.array(fc.option(fc.string({ unit: 'grapheme' }), { nil: null })), (values) => {
      const column = stringColumn(values);
      expect(values.map((_, i) => stringAt(column, i))).toEqual(values);
    }));
    const column = stringColumn(['', null, 'Amélie', '千と千尋の神隠し', '']);
    expect([0, 1, 2, 3, 4].map((i) => stringAt(column, i))).toEqual(['', null, 'Amélie', '千と千尋の神隠し', '']);
  });

  it('a number column keeps null apart from 0', () => {
    fc.assert(fc.property(fc.array(fc.option(fc.double({ noNaN: true }), { nil: null })), (values) => {
      const column = numberColumn(values);
      expect(values.map((_, i) => numberAt(column, i))).toEqual(values);
    }));
    expect([0, 1].map((i) => numberAt(numberColumn([0, null]), i))).toEqual([0, null]);
  });

  it('a list column answers membership per list, empty lists included', () => {
    fc.assert(fc.property(fc.array(fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 5 })), fc.integer({ min: 0, max: 20 }), (lists, wanted) => {
      const column = listColumn(lists);
      lists.forEach((list, i) => {
        expect(listIncludes(column, i, wanted)).toBe(list.includes(wanted));
        expect(listHasAny(column, i, new Set([wanted, 21]))).toBe(list.includes(wanted));
      });
    }));
  });
});
