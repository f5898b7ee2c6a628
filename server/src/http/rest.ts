// Helpers for the REST door: the REST contract's snake_case on the wire, camelCase inside, and the caller.
import type { Request } from "express";
import { BUSINESS_HEADER, pickLocale } from "@sufra/schema";
import type { RequestMeta } from "../deps.ts";
import { AppError } from "../kernel/errors.ts";
import { bearer, namedBusiness } from "../kernel/request-input.ts";
import { requireScope, type Scope, type Viewer } from "../kernel/policy.ts";
import type { Services } from "../services.ts";

export const toSnake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const toCamel = (key: string) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** A JSON body's top-level keys in camelCase; a body that is not an object reads as empty. */
export function camelBody(req: Request): Record<string, unknown> {
  const b = req.body;
  if (!b || typeof b !== "object" || Array.isArray(b)) return {};
  return Object.fromEntries(Object.entries(b).map(([k, v]) => [toCamel(k), v]));
}

/** Query-string values arrive as text; shared rules expect numbers and booleans. Anything else stays as it came, for the rule to refuse. */
export const queryNumber = (v: unknown) =>
  typeof v === "string" && v.trim() !== "" && !Number.isNaN(Number(v)) ? Number(v) : v;
export const queryBoolean = (v: unknown) => (v === "true" || v === "1" ? true : v === "false" || v === "0" ? false : v);

export const metaOf = (req: Request): RequestMeta => ({
  ip: req.ip ?? "unknown",
  userAgent: req.get("user-agent"),
  locale: pickLocale(req.get("accept-language")),
});

/** The caller, with the scope required; a bad token is answered with its own reason. */
export async function viewerOf(services: Services, req: Request, scope: Scope = "authenticated"): Promise<Viewer> {
  const token = bearer(req.get("authorization"));
  if (!token) throw new AppError("UNAUTHENTICATED");
  return requireScope(await services.auth.authenticate(token, namedBusiness(req.get(BUSINESS_HEADER))), scope);
}

/** The caller if a valid token came with the request, else null. */
export async function optionalViewer(services: Services, req: Request): Promise<Viewer | null> {
  const token = bearer(req.get("authorization"));
  if (!token) return null;
  return services.auth.authenticate(token, namedBusiness(req.get(BUSINESS_HEADER))).catch(() => null);
}
