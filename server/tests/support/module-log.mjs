// Loaded with `node --import` into a server process: every import a module makes is appended as one
// line, "<specifier>\t<importing module's URL>", to SUFRA_MODULE_LOG, so a test can say which packages a
// start loaded (docs/scaling.md#memory). CommonJS files a package requires inside itself do not
// pass through these hooks; the package's entry does.
import { register } from "node:module";

if (process.env.SUFRA_MODULE_LOG)
  register("./module-log-hooks.mjs", import.meta.url, { data: { out: process.env.SUFRA_MODULE_LOG } });
