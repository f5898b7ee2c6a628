// How the network stand-ins listen: a free loopback port, and a close() that ends open connections at
// once (the app under test keeps pooled keep-alive connections to them).
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ServedFake<S> {
  url: string;
  state: S;
  close(): Promise<void>;
}

/** Serves `handle` on 127.0.0.1, telling `state` its base URL; whatever `handle` throws is answered by `fail`. */
export async function serveFake<S extends { url: string }>(
  state: S,
  handle: (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>,
  fail: (err: unknown, res: http.ServerResponse) => void,
): Promise<ServedFake<S>> {
  const server = http.createServer((req, res) => {
    handle(req, res).catch((err) => fail(err, res));
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: state.url,
    state,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
