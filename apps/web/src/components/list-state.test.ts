import { describe, expect, it } from 'vitest';
import { listView } from './list-state';

describe('what a list shows', () => {
  it('a loader until the first answer, then the rows or the empty state', () => {
    expect(listView({ isPending: true, isError: false }, 0)).toBe('loading');
    expect(listView({ isPending: false, isError: false }, 0)).toBe('empty');
    expect(listView({ isPending: false, isError: false }, 3)).toBe('rows');
  });

  it('the failure (with a retry) when nothing could be loaded, but keeps rows it already has', () => {
    expect(listView({ isPending: false, isError: true }, 0)).toBe('failed');
    expect(listView({ isPending: false, isError: true }, 2)).toBe('rows');
  });
});
