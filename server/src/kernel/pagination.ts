// Kernel (src/kernel/): shared by every module and feature-free.
// A kernel file imports no module (src/modules/*); modules import the kernel, never the reverse.
// One way to page a list, whichever door asks. Two cursor kinds are in use, and clients already hold
// both, so their encodings never change:
// - offset cursors, base64url("o:<index>"), for lists sorted on columns that are not unique (posts by
//   due date, reviews by day) whose REST door pages by page/limit over the same service function;
// - id cursors, the id (a uuid) of the last row shown, for lists sorted newest first by (createdAt,
//   id) (media, notifications, admin's clients), the same string at both doors.
// The page size is checked by the list's zod rule in @sufra/schema (1..100, 20 by default): a size out
// of range is refused with invalidPageSize, never silently changed. A cursor that is not one is a 400
// VALIDATION_ERROR on `after`, before the database sees it.
import { AppError } from "./errors.ts";
import { isUuid } from "./ids.ts";

/** The page size when the caller names none (each list's zod rule has the same default). */
export const DEFAULT_PAGE_SIZE = 20;

/** A connection field's cost is its page size (Pothos' complexity ignores `first` on connections). */
export const connectionComplexity = (args: { first?: number | null }) => ({
  field: 1,
  multiplier: args.first ?? DEFAULT_PAGE_SIZE,
});

const badCursor = () => new AppError("VALIDATION_ERROR", { after: ["invalidValue"] });

interface PageInfo {
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  startCursor: string | null;
  endCursor: string | null;
}
export interface Connection<T> {
  edges: { cursor: string; node: T }[];
  pageInfo: PageInfo;
}

// ------------------------------------------------------------------------------- offset cursors

/** The cursor of the row at `index` (from 0) of the sorted list. */
export const offsetCursor = (index: number) => Buffer.from(`o:${index}`).toString("base64url");

/** How many rows come before the page that follows `after`: 0 without a cursor. */
export function offsetAfter(after: string | null | undefined): number {
  if (!after) return 0;
  const m = /^o:(\d+)$/.exec(Buffer.from(after, "base64url").toString());
  // past MAX_SAFE_INTEGER the number is no longer the one written, and the database refuses it
  if (!m || !Number.isSafeInteger(Number(m[1]) + 1)) throw badCursor();
  return Number(m[1]) + 1;
}

/** The Relay connection over `items`, the rows from index `skip` of a list of `total` rows. */
export function offsetConnection<T>(items: T[], skip: number, total: number): Connection<T> {
  return {
    edges: items.map((node, i) => ({ cursor: offsetCursor(skip + i), node })),
    pageInfo: {
      hasNextPage: skip + items.length < total,
      hasPreviousPage: skip > 0,
      startCursor: items.length ? offsetCursor(skip) : null,
      endCursor: items.length ? offsetCursor(skip + items.length - 1) : null,
    },
  };
}

// ----------------------------------------------------------------------------------- id cursors

/** Refuses an id cursor that cannot name a row (Postgres would throw on the uuid cast). */
export function checkIdCursor(after: string | null | undefined): void {
  if (after && !isUuid(after)) throw badCursor();
}

/** Prisma's window for a page of `first` rows after the row `after`: one more row tells whether a next page exists. */
export const idWindow = (q: { first: number; after?: string | null }) => ({
  take: q.first + 1,
  ...(q.after ? { cursor: { id: q.after }, skip: 1 } : {}),
});

export interface IdPage<T> {
  items: T[];
  hasNextPage: boolean;
  endCursor: string | null;
}

/** The page from the rows read with one row to spare (idWindow, or `take: first + 1`). */
export function idPage<T extends { id: string }>(rows: T[], first: number): IdPage<T> {
  const items = rows.slice(0, first);
  return { items, hasNextPage: rows.length > first, endCursor: items.at(-1)?.id ?? null };
}

/** The Relay connection over an id page; a page asked for after a cursor has one before it. */
export function idConnection<T extends { id: string }>(
  page: IdPage<T>,
  after: string | null | undefined,
): Connection<T> {
  return {
    edges: page.items.map((node) => ({ cursor: node.id, node })),
    pageInfo: {
      hasNextPage: page.hasNextPage,
      hasPreviousPage: !!after,
      startCursor: page.items[0]?.id ?? null,
      endCursor: page.endCursor,
    },
  };
}

/** The REST door's page info, in its snake_case names. */
export const restPageInfo = (page: { hasNextPage: boolean; endCursor: string | null }) => ({
  has_next_page: page.hasNextPage,
  end_cursor: page.endCursor,
});
