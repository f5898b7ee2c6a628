// What the Instagram and Facebook stand-ins share: Meta's Graph error JSON ({error: {message, type,
// code, error_subcode?, fbtrace_id}}), a JSON reply, and an HTTP server on a free loopback port whose
// unexpected failures answer as Graph's transient error 2 does.
import type http from "node:http";
import { randomBytes } from "node:crypto";
import { serveFake, type ServedFake } from "./serve.ts";

export class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String((body.error as { message?: string } | undefined)?.message ?? body.message ?? body.error_message));
  }
}

/** A Graph API error; `type` is OAuthException for 190 (bad token), else the product's own type. */
export const graphError = (
  status: number,
  message: string,
  code: number,
  extra: Record<string, unknown> = {},
  type = "GraphMethodException",
) =>
  new GraphError(status, {
    error: {
      message,
      type: code === 190 ? "OAuthException" : type,
      code,
      ...extra,
      fbtrace_id: randomBytes(8).toString("base64url"),
    },
  });

export function reply(res: http.ServerResponse, status: number, body: unknown): void {
  if (res.writableEnded || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json; charset=UTF-8",
    "content-length": Buffer.byteLength(text),
  });
  res.end(text);
}

/** Serves `handle` on 127.0.0.1 (a free port), telling `state` its base URL. */
export async function serveGraph<S extends { url: string }>(
  name: string,
  state: S,
  handle: (state: S, req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>,
  type: string,
): Promise<ServedFake<S>> {
  return serveFake(
    state,
    (req, res) => handle(state, req, res),
    (err, res) => {
      const e =
        err instanceof GraphError
          ? err
          : graphError(
              500,
              "An unexpected error has occurred. Please retry your request later.",
              2,
              { is_transient: true },
              type,
            );
      if (!(err instanceof GraphError)) console.error(`${name} fake:`, err);
      reply(res, e.status, e.body);
    },
  );
}
