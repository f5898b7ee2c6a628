// Relay pages walked forward and back under filters kept in the address bar: the cursors of the pages before
// this one, forgotten when the filters (their key) change, so other filters start again from the first page.
import { useState } from "react";

export function useCursorPages(key: string) {
  const [pages, setPages] = useState<{ key: string; cursors: string[] }>({ key, cursors: [] });
  const cursors = pages.key === key ? pages.cursors : [];
  return {
    cursors,
    /** the cursor to read the current page after; undefined on the first page */
    after: cursors[cursors.length - 1] as string | undefined,
    previous: () => setPages({ key, cursors: cursors.slice(0, -1) }),
    next: (endCursor: string) => setPages({ key, cursors: [...cursors, endCursor] }),
  };
}
