/** The most a list call returns at once (the contracts' `limit` maximum for cash entries). */
export const EXPORT_PAGE = 500;

/**
 * Every item of a paged list, read page by page: an export holds all the rows the filters
 * match, not only the page on screen.
 */
export async function allPages<T>(
  page: (limit: number, offset: number) => Promise<{ items: T[]; total: number }>,
  limit = EXPORT_PAGE,
): Promise<T[]> {
  const items: T[] = [];
  for (;;) {
    const next = await page(limit, items.length);
    items.push(...next.items);
    if (next.items.length < limit || items.length >= next.total) return items;
  }
}
