// Two readings of what a caller hands in that several rooms need the same way (docs/architecture.md#borders): the
// token of an Authorization header (the GraphQL door, its sockets and REST) and a path to return to after a
// sign-in elsewhere (the networks' and Facebook's sign-ins).

/** The token of an `Authorization: Bearer <token>` header, or null. */
export const bearer = (header: unknown) => {
  const m = typeof header === "string" ? /^Bearer\s+(.+)$/i.exec(header.trim()) : null;
  return m ? m[1] : null;
};

/** The business a request names (BUSINESS_HEADER, or a socket's `business`), or null: any non-empty text, checked by auth. */
export const namedBusiness = (value: unknown): string | null =>
  typeof value === "string" && value.trim() !== "" ? value.trim() : null;

/** A path of this site to send the person back to after a sign-in elsewhere (never "//host"), else the fallback. */
export const ownPath = (v: unknown, fallback: string): string =>
  typeof v === "string" && /^\/(?!\/)[A-Za-z0-9/_-]*$/.test(v) ? v : fallback;
