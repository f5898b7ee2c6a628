// The web client's operations as it sends them: each named operation of client/src's .graphql files,
// printed with the fragments it spreads (at any depth), to send to the server as the browser does.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Kind, parse, print, visit, type DefinitionNode, type FragmentDefinitionNode } from "graphql";

const src = path.resolve(import.meta.dirname, "../../../client/src");
const definitions: DefinitionNode[] = readdirSync(src, { recursive: true, encoding: "utf8" })
  .filter((f) => f.endsWith(".graphql") && !f.startsWith(`graphql${path.sep}`))
  .flatMap((f) => [...parse(readFileSync(path.join(src, f), "utf8")).definitions]);
const named = new Map(definitions.flatMap((d) => ("name" in d && d.name ? [[`${d.kind}:${d.name.value}`, d]] : [])));

/** The client's operation `name` with its fragments, as one document's text. */
export function clientOperation(name: string): string {
  const op = named.get(`${Kind.OPERATION_DEFINITION}:${name}`);
  if (!op) throw new Error(`the web client has no operation ${name}`);
  const used = new Map<string, FragmentDefinitionNode>();
  const spread = (node: DefinitionNode) =>
    visit(node, {
      FragmentSpread(s) {
        const f = named.get(`${Kind.FRAGMENT_DEFINITION}:${s.name.value}`) as FragmentDefinitionNode;
        if (used.has(s.name.value)) return;
        used.set(s.name.value, f);
        spread(f);
      },
    });
  spread(op);
  return print({ kind: Kind.DOCUMENT, definitions: [op, ...used.values()] });
}
