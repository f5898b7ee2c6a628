// One REST operation as the OpenAPI document describes it (docs/architecture.md#how-a-request-flows): each module
// declares its routes in `modules/<name>/<name>.openapi.ts` with the SAME zod rules its service validates with
// (from @sufra/schema, camelCase keys: the door's camelBody turns the caller's snake_case into them) and zod
// schemas of its answers (snake_case, as the rest.ts shape functions write them). document.ts turns them into
// JSON Schema with zod's own z.toJSONSchema; nothing in the document is written by hand.
import { z } from "zod";
import type { RunningRight } from "@sufra/schema";

type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

/**
 * Who may call (server/tests/support/access-rules.ts holds the full matrix): public needs no token; the others
 * need a person's session token (REST never accepts API keys: api-keys.service.ts).
 */
type Access = "public" | "signedIn" | "business" | "manager" | "admin" | "analytics";

export interface ResponseSpec {
  description: string;
  /** a JSON answer's schema (snake_case keys, as sent) */
  schema?: z.ZodType;
  /** a non-JSON answer (a file, a redirect): its media type, or none for a redirect */
  mediaType?: string;
  /** response headers worth naming (Location on a redirect) */
  headers?: Record<string, string>;
}

export interface RestOperation {
  method: HttpMethod;
  /** the path under /api in OpenAPI's template form (`/posts/{id}`); `/media/...` is served outside /api (see `root`) */
  path: string;
  /** true for a path served at the site's root, not under /api */
  root?: boolean;
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  /** path parameters that are not uuids (a platform's name, a day) */
  pathParams?: Record<string, z.ZodType>;
  /** the query's rule, camelCase keys (each becomes a snake_case query parameter) */
  query?: z.ZodType;
  /** the JSON body's rule as the service validates it, camelCase keys (the document shows them in snake_case) */
  body?: z.ZodType;
  /** a multipart/form-data body (uploads): the form's fields, snake_case, file fields as binary strings */
  multipart?: z.ZodObject;
  /** the CSV imports: a text/csv body, a multipart file in `file`, or JSON {csv} */
  csv?: true;
  responses: Record<number, ResponseSpec>;
  /** statuses beyond those every operation may answer (413 for uploads) */
  extraErrors?: number[];
  /**
   * The right a stopped subscription loses that this operation needs (schema's RUNNING_RIGHTS, checked by
   * billing's rights.ts in the service): the document adds 402 SUBSCRIPTION_ENDED and says so (document.ts).
   */
  subscription?: RunningRight;
}

// Shapes several modules' answers share.
export const isoDateTime = z.iso.datetime({ offset: true });
export const isoDate = z.iso.date();
export const deleted = z.object({ id: z.string(), deleted: z.literal(true) });
export const pageInfo = z.object({ has_next_page: z.boolean(), end_cursor: z.string().nullable() });
/** A value the door passes through as stored (a notification's data, an audit row's data). */
export const anyJson = z.unknown();
/** A message in the caller's language ({message}), e.g. after signing out. */
export const said = z.object({ message: z.string() });
/** A file download of the given media type. */
export const file = (mediaType: string, description: string): ResponseSpec => ({ description, mediaType });
/** A redirect back to the web client (the networks' OAuth callbacks). */
export const redirect = (description: string): ResponseSpec => ({
  description,
  headers: { Location: "Where the browser goes next: a page of the web client, with the outcome in its query." },
});

/** Answer schemas with a name: the document shows them once, in components.schemas, and points to them. */
export const answerSchemas = z.registry<{ id: string }>();
export function named<T extends z.ZodType>(id: string, schema: T): T {
  answerSchemas.add(schema, { id });
  return schema;
}
