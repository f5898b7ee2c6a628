// The Facebook connection's Pages at the GraphQL door: thin, every field calls the platform-accounts
// service (facebook-pages.ts).
import { builder } from "../../graphql/builder.ts";
import { personOfBusiness } from "../../graphql/scopes.ts";
import type { FacebookPage as FacebookPageRow } from "../../generated/prisma/client.ts";
import { canPublishTo } from "../../networks/facebook/adapter.ts";

const FacebookPage = builder.objectRef<FacebookPageRow>("FacebookPage").implement({
  description:
    "A Facebook Page the person who connected Facebook manages, as Facebook listed it at that sign-in. The chosen one is where the business's Facebook posts go; while none is chosen the Facebook account waits (status RECONNECT_NEEDED) and so do its posts.",
  fields: (t) => ({
    id: t.exposeID("pageId", { description: "Facebook's id of the Page (digits); pass it to chooseFacebookPage." }),
    name: t.exposeString("name", { description: "The Page's name on Facebook." }),
    category: t.exposeString("category", {
      nullable: true,
      description: 'The Page\'s category on Facebook ("Cafe"); null when Facebook gave none.',
    }),
    tasks: t.exposeStringList("tasks", {
      description:
        "What the person may do on the Page, in Facebook's words: CREATE_CONTENT, MODERATE, MESSAGING, ANALYZE, ADVERTISE, MANAGE.",
    }),
    canPublish: t.boolean({
      description:
        "The person may create content on the Page (Facebook's CREATE_CONTENT task): only such a Page can be chosen.",
      resolve: (p) => canPublishTo(p.tasks),
    }),
    chosen: t.exposeBoolean("chosen", { description: "The business's Facebook posts go to this Page." }),
  }),
});

builder.queryFields((t) => ({
  facebookPages: t.field({
    type: [FacebookPage],
    description:
      "The Pages of the business's Facebook connection (its account id), chosen or not, by name; empty when the person manages none. People of the business or its API key.",
    authScopes: { business: true },
    args: {
      accountId: t.arg.id({ required: true, description: "The business's Facebook account (PlatformAccount.id)." }),
    },
    resolve: (_r, args, ctx) => ctx.services.platformAccounts.facebookPages.list(ctx.viewer, String(args.accountId)),
  }),
}));

builder.mutationFields((t) => ({
  chooseFacebookPage: t.field({
    type: [FacebookPage],
    description:
      "Chooses the Page the business's Facebook connection publishes to: the account is connected after it and the posts that waited for it go out. Refused with FACEBOOK_PAGE_ROLE_MISSING for a Page where the person lacks the CREATE_CONTENT task. The Pages after. A person of the business only.",
    ...personOfBusiness,
    args: {
      accountId: t.arg.id({ required: true, description: "The business's Facebook account (PlatformAccount.id)." }),
      pageId: t.arg.id({ required: true, description: "The Page's id on Facebook (FacebookPage.id)." }),
    },
    resolve: (_r, args, ctx) =>
      ctx.services.platformAccounts.facebookPages.choose(
        ctx.viewer,
        { accountId: String(args.accountId), pageId: String(args.pageId) },
        ctx.meta,
      ),
  }),
}));
