// Every request gets an id: the caller's X-Request-Id when it is a short safe token (a proxy's or a
// client's, so one id follows a request across services), a new one otherwise. It is echoed in the
// response and carried by every log record written while the request is handled (logger.ts).
import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";
import { logContext, type Logger } from "../kernel/logger.ts";

// letters, digits and . _ : - only: the id is copied into logs and headers, so it can forge neither
const SAFE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export function requestIds(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const given = req.get("x-request-id");
    const context = { requestId: given !== undefined && SAFE_ID.test(given) ? given : randomUUID() };
    res.setHeader("X-Request-Id", context.requestId);
    const started = performance.now();
    // the path without its query: queries can carry signatures and OAuth codes
    res.on("finish", () =>
      logContext.run(context, () =>
        logger.debug("request finished", {
          method: req.method,
          path: req.originalUrl.split("?")[0],
          status: res.statusCode,
          ms: Math.round(performance.now() - started),
        }),
      ),
    );
    logContext.run(context, next);
  };
}
