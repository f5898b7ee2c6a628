// The loader hooks of module-log.mjs (they run on the loader's own thread): one line per import a
// module makes, "<specifier>\t<importing module's URL>", whether it loads something new or not.
import { appendFileSync } from "node:fs";

let out = "";
export function initialize(data) {
  out = data.out;
}
export async function resolve(specifier, context, next) {
  appendFileSync(out, `${specifier}\t${context.parentURL ?? ""}\n`);
  return next(specifier, context);
}
