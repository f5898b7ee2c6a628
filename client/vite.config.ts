import type { IncomingMessage } from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defaultClientConditions, defineConfig, type Plugin } from "vite";
import { compression } from "vite-plugin-compression2";

// The API server (`npm run dev` at the root) listens on 4000; in development the client is served
// by Vite and forwards the server's paths to it, WebSocket upgrades included (graphql-ws).
const API = process.env.SUFRA_API_URL ?? "http://localhost:4000";
/** GET /graphql from a browser (asks for HTML, no query), close to how server/src/graphql/playground.ts decides. */
const isPlaygroundRequest = (req: IncomingMessage) =>
  req.method === "GET" && /^\/graphql\/?$/.test(req.url ?? "") && /text\/html/.test(req.headers.accept ?? "");
const proxy = {
  "/api": { target: API, changeOrigin: true },
  // a browser opening /graphql gets the playground from Vite itself, as the server would serve the built one
  "/graphql": {
    target: API,
    changeOrigin: true,
    ws: true,
    bypass: (req: IncomingMessage) => (isPlaygroundRequest(req) ? "/playground.html" : undefined),
  },
  // signed media files: the server hands the web client root-relative /media/... URLs
  "/media": { target: API, changeOrigin: true },
};

// @sufra/schema is a workspace package whose "source" export condition is its TypeScript source
// (Node takes its compiled dist/); Vite resolves that condition and transpiles it like our own
// files. Its modules only declare constants and functions, so a module whose exports the client
// does not use (e.g. the zod rules) may be dropped whole: that keeps zod out of the bundle until a
// form actually imports a rule.
const schemaSrc = fileURLToPath(new URL("../schema/src/", import.meta.url));

// react-router's package exports only its development build (its dev warnings on) whatever the mode;
// the production build beside it is the same code with those warnings off: builds take that one.
const routerDist = path.join(
  path.dirname(createRequire(import.meta.url).resolve("react-router/package.json")),
  "dist",
  "production",
);
const reactRouterProduction: Plugin = {
  name: "sufra:react-router-production",
  apply: "build",
  config: () => ({
    resolve: {
      alias: [
        { find: /^react-router$/, replacement: path.join(routerDist, "index.mjs") },
        { find: /^react-router\/dom$/, replacement: path.join(routerDist, "dom-export.mjs") },
      ],
    },
  }),
};

// The signed-in app's chunks (docs/architecture.md#a-light-first-visit). Left to itself the bundler makes a chunk
// for every set of screens sharing a module: some 115 files on a first visit to /dashboard, many of
// a few hundred bytes. Modules used by at least SHARED_BY screens go instead into two common chunks
// (libraries, our own code) that every signed-in screen loads: 35 files, a few KB more. The light
// pages (the entry, the landing page, the legal pages, the plain sign-in doors) and everything they
// import stay out of those chunks, so they never load the signed-in app's code; and a captured
// module's imports are not dragged in after it (includeDependenciesRecursively: false), or React
// itself would move out of the entry into the app's chunk.
const SHARED_BY = 3;
const LIGHT =
  /src[\\/](main|modules[\\/](landing[\\/]LandingPage|legal[\\/]\w+Page|auth[\\/](Login|ForgotPassword|ResetPassword)Page)|app[\\/]AuthRoot)\.tsx$/;
const light = new Set<string>();
/** Collects the light pages' modules, and what they import, once the module graph is known (before chunking). */
const lightModules: Plugin = {
  name: "sufra:light-modules",
  apply: "build",
  buildEnd() {
    light.clear();
    const queue = [...this.getModuleIds()].filter((id) => LIGHT.test(id));
    for (const id of queue) {
      if (light.has(id)) continue;
      light.add(id);
      queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
    }
  },
};
const ours = /[\\/](client|schema)[\\/]src[\\/]/;

export default defineConfig({
  plugins: [
    react(),
    reactRouterProduction,
    lightModules,
    // every text asset also as .br and .gz beside it (best levels, once at build): the server sends the
    // twin the browser accepts (server/src/http/static-client.ts); a twin no smaller is not written
    compression({ algorithms: ["brotliCompress", "gzip"], logLevel: "silent" }),
  ],
  resolve: { conditions: ["source", ...defaultClientConditions] },
  server: { proxy },
  preview: { proxy },
  build: {
    // every browser the client supports knows <link rel="modulepreload">: no polyfill in the first download
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            {
              name: "app-libs",
              test: (id: string) => /node_modules/.test(id) && !light.has(id),
              minShareCount: SHARED_BY,
            },
            { name: "app", test: (id: string) => ours.test(id) && !light.has(id), minShareCount: SHARED_BY },
          ],
        },
      },
      treeshake: {
        moduleSideEffects: (id: string) => !id.startsWith(schemaSrc),
      },
    },
  },
});
