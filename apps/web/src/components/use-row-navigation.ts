import { type KeyboardEvent, type MouseEvent, useState } from 'react';

/** What a click on these does itself; a click anywhere else on a row opens the row. */
const INTERACTIVE = 'button, a, input, select, textarea, label, [role="button"], [role="checkbox"]';

/**
 * Rows a keyboard reaches: one row in the tab order (the last one reached), the arrow keys,
 * Home and End move between rows, Enter opens the row (`open`, when rows open something);
 * a click beside the row's own controls opens it too.
 */
export function useRowNavigation(count: number, open?: (index: number) => void) {
  const [active, setActive] = useState(0);
  return (index: number) => ({
    tabIndex: index === Math.min(active, count - 1) ? 0 : -1,
    onFocus: (e: { target: EventTarget; currentTarget: EventTarget }) => {
      if (e.target === e.currentTarget) setActive(index);
    },
    onKeyDown: (e: KeyboardEvent<HTMLTableRowElement>) => {
      if (e.target !== e.currentTarget) return;
      const go = (i: number) => {
        const to = Math.max(0, Math.min(count - 1, i));
        (e.currentTarget.parentElement?.children[to] as HTMLElement | undefined)?.focus();
        setActive(to);
        e.preventDefault();
      };
      if (e.key === 'ArrowDown') go(index + 1);
      else if (e.key === 'ArrowUp') go(index - 1);
      else if (e.key === 'Home') go(0);
      else if (e.key === 'End') go(count - 1);
      else if (e.key === 'Enter' && open) {
        e.preventDefault();
        open(index);
      }
    },
    onClick: (e: MouseEvent<HTMLTableRowElement>) => {
      if (open && !(e.target as Element).closest(INTERACTIVE)) open(index);
    },
  });
}
