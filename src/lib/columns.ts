/**
 * A column of strings, nullable numbers or number lists held in a few flat values: one long string or typed array
 * per column instead of an object per row. The read model (read-model/read-model.ts) keeps the catalogue this way, so a
 * catalogue of 200,000 titles and people is a few dozen values for the garbage collector, not a million, and a
 * snapshot of it (read-model/catalogue-snapshot.ts) is read back in one copy per column. The search index
 * (search/search-index.ts) keeps its lists the same way, so this sits below both folders.
 */

/** Strings end to end: value i is text.slice(starts[i], starts[i + 1]), or null where nulls[i] is 1. */
export interface StringColumn { text: string; starts: Int32Array; nulls: Uint8Array }

/** Lists of numbers, flattened (compressed sparse rows): list i is items[starts[i]] up to items[starts[i + 1]]. */
export interface ListArrays { starts: Int32Array; items: Int32Array }

export function stringColumn(values: readonly (string | null)[]): StringColumn {
  const starts = new Int32Array(values.length + 1);
  const nulls = new Uint8Array(values.length);
  values.forEach((value, i) => {
    starts[i + 1] = starts[i]! + (value?.length ?? 0);
    if (value === null) nulls[i] = 1;
  });
  return { text: values.join(''), starts, nulls };
}

export function stringAt(column: StringColumn, i: number): string | null {
  return column.nulls[i] ? null : column.text.slice(column.starts[i], column.starts[i + 1]);
}

/** Numbers with NaN for null. */
export function numberColumn(values: readonly (number | null)[]): Float64Array {
  return Float64Array.from(values, (value) => value ?? Number.NaN);
}

export function numberAt(column: Float64Array, i: number): number | null {
  const value = column[i]!;
  return Number.isNaN(value) ? null : value;
}

export function listColumn(lists: readonly (readonly number[])[]): ListArrays {
  const starts = new Int32Array(lists.length + 1);
  lists.forEach((list, i) => { starts[i + 1] = starts[i]! + list.length; });
  const items = new Int32Array(starts[lists.length]!);
  lists.forEach((list, i) => items.set(list, starts[i]!));
  return { starts, items };
}

/** Whether list i holds any of the wanted numbers. */
export function listHasAny(column: ListArrays, i: number, wanted: ReadonlySet<number>): boolean {
  for (let k = column.starts[i]!; k < column.starts[i + 1]!; k++) if (wanted.has(column.items[k]!)) return true;
  return false;
}

export function listIncludes(column: ListArrays, i: number, wanted: number): boolean {
  for (let k = column.starts[i]!; k < column.starts[i + 1]!; k++) if (column.items[k] === wanted) return true;
  return false;
}
