// The GraphQL playground (playground.html -> dist/playground.html, served by the server at GET /graphql
// to a browser), built after the web client by a second run into the same dist/ (`npm run build`).
// A build of its own, not a second input of vite.config.ts: sharing chunks with the web client would
// reshuffle the client's own (modules both pages use moved into common chunks), so the web client's
// bundle stays exactly what it was and GraphiQL, Monaco and their workers are only the playground's
// (docs/architecture.md#how-a-request-flows).
import { fileURLToPath } from "node:url";
import { defineConfig, mergeConfig } from "vite";
import base from "./vite.config.ts";

export default mergeConfig(
  base,
  defineConfig({
    build: {
      emptyOutDir: false, // the web client's build is already there
      rolldownOptions: {
        input: { playground: fileURLToPath(new URL("playground.html", import.meta.url)) },
        // GraphiQL's packages carry React Compiler directives ("use no memo") the bundler drops, harmlessly
        onwarn(warning, warn) {
          if (warning.code === "MODULE_LEVEL_DIRECTIVE" && warning.id?.includes("node_modules")) return;
          warn(warning);
        },
      },
    },
  }),
);
