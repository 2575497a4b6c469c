import { expect, it } from 'vitest';

/** A table-driven test of a function of one value: one test per row, named `input -> expected`, that `fn(input)` is `expected`. */
export function itMaps<In, Out>(fn: (input: In) => Out, rows: [In, Out][]) {
  it.each(rows)('%s -> %s', (input, expected) => {
    expect(fn(input)).toBe(expected);
  });
}
