// Kernel (src/kernel/): shared by every module and feature-free.
// A kernel file imports no module (src/modules/*); modules import the kernel, never the reverse.
// Ids are Postgres uuids: an id that is not one cannot name a row, so services answer NOT_FOUND
// (or refuse a cursor) before asking the database, which would throw on the cast.

/** Any uuid version, either case (Postgres accepts both). */
export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (id: unknown): id is string => typeof id === "string" && UUID_RE.test(id);
