// Whether a field's selection asks for a sub-field, through fragments too: a list counts its rows only
// when the caller reads the count (docs/architecture.md#how-a-request-flows).
import type { GraphQLResolveInfo, SelectionSetNode } from "graphql";

/** True when the field being resolved selects `name` directly below it (in any of its fragments). */
export function selects(info: GraphQLResolveInfo, name: string): boolean {
  const seen = new Set<string>();
  const within = (set: SelectionSetNode | undefined): boolean =>
    !!set?.selections.some((s) => {
      if (s.kind === "Field") return s.name.value === name;
      if (s.kind === "InlineFragment") return within(s.selectionSet);
      if (seen.has(s.name.value)) return false;
      seen.add(s.name.value);
      return within(info.fragments[s.name.value]?.selectionSet);
    });
  return info.fieldNodes.some((n) => within(n.selectionSet));
}
