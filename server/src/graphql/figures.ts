// The five counts a network reports for a post (reach, views, likes, comments, shares), as every
// figure type shows them: a target, the analytics and campaign totals, the realtime view. One list,
// so a new count reaches every type at once.
import type { builder } from "./builder.ts";

export interface Counts {
  reach: number;
  views: number;
  likes: number;
  comments: number;
  shares: number;
}

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;
export type FieldsOf<T> = PothosSchemaTypes.ObjectFieldBuilder<Types, T>;

/** The counts in the order the schema prints them: reach, views, likes, comments, shares. */
export const countFields = <T extends Counts>(t: FieldsOf<T>) => ({
  reach: t.int({
    description:
      "Accounts reached, summed over the posts counted (each network's latest figure; 0 where a network gives no reach).",
    resolve: (f) => f.reach,
  }),
  views: t.int({
    description: "Views (impressions), summed over the posts counted, as last collected.",
    resolve: (f) => f.views,
  }),
  likes: t.int({ description: "Likes, summed over the posts counted, as last collected.", resolve: (f) => f.likes }),
  comments: t.int({
    description: "Comments (replies on X), summed over the posts counted, as last collected.",
    resolve: (f) => f.comments,
  }),
  shares: t.int({
    description: "Shares (reposts on X), summed over the posts counted, as last collected.",
    resolve: (f) => f.shares,
  }),
});
