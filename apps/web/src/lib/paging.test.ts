import { describe, expect, it } from 'vitest';
import { allPages } from './paging';

/** A list of `n` rows served the way the list endpoints page them. */
const listOf = (n: number) => {
  const rows = Array.from({ length: n }, (_, i) => i + 1);
  const asked: [number, number][] = [];
  const page = async (limit: number, offset: number) => {
    asked.push([limit, offset]);
    return { items: rows.slice(offset, offset + limit), total: rows.length };
  };
  return { rows, asked, page };
};

describe('reading every page of a list', () => {
  it('reads page after page until the total, in order', async () => {
    const list = listOf(1201);
    expect(await allPages(list.page, 500)).toEqual(list.rows);
    expect(list.asked).toEqual([
      [500, 0],
      [500, 500],
      [500, 1000],
    ]);
  });

  it('stops at an exact multiple of the page size without an empty extra read', async () => {
    const list = listOf(1000);
    expect(await allPages(list.page, 500)).toHaveLength(1000);
    expect(list.asked).toHaveLength(2);
  });

  it('reads an empty list once', async () => {
    const list = listOf(0);
    expect(await allPages(list.page)).toEqual([]);
    expect(list.asked).toHaveLength(1);
  });
});
