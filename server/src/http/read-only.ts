// A team member of a business that left Premium may only read (docs/product.md#subscriptions-and-billing;
// billing's rights.ts decides who): the REST door refuses their writes (POST, PUT, PATCH, DELETE) with
// READ_ONLY_MEMBER, except under /auth and /notifications (their own session, password, profile and
// notifications). The GraphQL door refuses the same mutations (graphql/read-only.ts).
import { API_KEY_PREFIX } from "@sufra/schema";
import type { RequestHandler } from "express";
import { AppError } from "../kernel/errors.ts";
import type { Services } from "../services.ts";
import { optionalViewer } from "./rest.ts";

const PERSONAL_PATHS = ["/auth/", "/notifications", "/team/invitations/accept"];
const READS = new Set(["GET", "HEAD", "OPTIONS"]);

export function readOnlyMembers(services: Services): RequestHandler {
  return (req, _res, next) => {
    if (READS.has(req.method) || PERSONAL_PATHS.some((p) => req.path.startsWith(p))) return next();
    // an API key is never read-only (and authenticating it here would count it twice against its budget)
    if ((req.get("authorization") ?? "").includes(API_KEY_PREFIX)) return next();
    // the route authenticates again (a person's token is kept per token: no second statement)
    optionalViewer(services, req)
      .then(async (v) => {
        if (v && v.role === "client" && v.businessId && !v.apiKeyId && (await services.lifecycle.readOnly(v)))
          return next(new AppError("READ_ONLY_MEMBER"));
        next();
      })
      .catch(next);
  };
}
