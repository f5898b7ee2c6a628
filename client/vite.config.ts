import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defaultClientConditions, defineConfig } from "vite";

// The API server (`npm run dev` at the root) listens on 4000; in development the client is served
// by Vite and forwards the server's paths to it, WebSocket upgrades included (graphql-ws).
const API = process.env.SUFRA_API_URL ?? "http://localhost:4000";
const proxy = {
  "/api": { target: API, changeOrigin: true },
  "/graphql": { target: API, changeOrigin: true, ws: true },
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
