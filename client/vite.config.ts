import type { IncomingMessage } from "node:http";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defaultClientConditions, defineConfig } from "vite";

// The API server (`npm run dev` at the root) listens on 4000; in development the client is served
// by Vite and forwards the server's paths to it, WebSocket upgrades included (graphql-ws).
const API = process.env.SUFRA_API_URL ?? "http://localhost:4000";
/** GET /graphql from a browser (asks for HTML, no query), close to how server/src/graphql/playground.ts decides. */
const isPlaygroundRequest = (req: IncomingMessage) =>
  req.method === "GET" && /^\/graphql\/?$/.test(req.url ?? "") && /text\/html/.test(req.headers.accept ?? "");
const proxy = {
  "/api": { target: API, changeOrigin: true },
  // a browser opening /graphql gets the playground from Vite itself, as the server would serve the built one
  "/graphql": { target: API, changeOrigin: true, ws: true, bypass: (req: IncomingMessage) => (isPlaygroundRequest(req) ? "/playground.html" : undefined) },
  // signed media files: the server hands the web client root-relative /media/... URLs
  "/media": { target: API, changeOrigin: true },
};

// @sufra/schema is a workspace package whose "source" export condition is its TypeScript source
// (Node takes its compiled dist/); Vite resolves that condition and transpiles it like our own
// files. Its modules only declare constants and functions, so a module whose exports the client
// does not use (e.g. the zod rules) may be dropped whole: that keeps zod out of the bundle until a
// form actually imports a rule.
const schemaSrc = fileURLToPath(new URL("../schema/src/", import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ["source", ...defaultClientConditions] },
  server: { proxy },
  preview: { proxy },
  build: {
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: (id: string) => !id.startsWith(schemaSrc),
      },
    },
  },
});
