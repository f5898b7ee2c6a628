// The link page at the GraphQL door (docs/architecture.md#link-page): thin, every field calls the link-page service.
// A person of the café reads and changes its settings and asks for the preview's HTML (an API key does neither:
// the page is the café's own public face).
import { builder } from "../../graphql/builder.ts";
import { LocaleEnum } from "../../graphql/enums.ts";
import { personOfBusiness } from "../../graphql/scopes.ts";
import type { LinkPageSettings } from "./link-page.service.ts";

const LinkPage = builder.objectRef<LinkPageSettings>("LinkPage").implement({
  description:
    "The café's link-in-bio page, /l/<slug>: its address, bio, which blocks show, and whether it is published.",
  fields: (t) => ({
    slug: t.exposeString("slug", { description: "The address's name: lower-case latin letters, digits and dashes." }),
    url: t.exposeString("url", { description: "The page's public address." }),
    saved: t.exposeBoolean("saved", {
      description: "false: nothing saved yet; the slug is a free proposal from the café's name.",
    }),
    published: t.exposeBoolean("published", { description: "Visitors see the page only once published." }),
    publishedAt: t.expose("publishedAt", {
      type: "DateTime",
      nullable: true,
      description: "When it was first published (kept while unpublished).",
    }),
    bio: t.exposeString("bio", { nullable: true, description: "The line under the café's name, in English." }),
    bioAr: t.exposeString("bioAr", { nullable: true, description: "The line under the café's name, in Arabic." }),
    showMenu: t.exposeBoolean("showMenu", { description: "The menu with KWD prices and photos shows." }),
    showHours: t.exposeBoolean("showHours", { description: "The opening hours show, today's highlighted." }),
    showPosts: t.exposeBoolean("showPosts", { description: "The latest published posts show." }),
    showMap: t.exposeBoolean("showMap", { description: "The address and directions show." }),
  }),
});

const LinkPageInput = builder.inputType("LinkPageInput", {
  description: "A field left out stays as it is; a blank bio is cleared.",
  fields: (t) => ({
    slug: t.string({
      description: "3 to 40 lower-case latin letters, digits and single dashes, not a reserved word, no other café's.",
    }),
    bio: t.string({ description: "Up to 160 characters, in English." }),
    bioAr: t.string({ description: "Up to 160 characters, in Arabic." }),
    showMenu: t.boolean({ description: "Show the menu." }),
    showHours: t.boolean({ description: "Show the opening hours." }),
    showPosts: t.boolean({ description: "Show the latest posts." }),
    showMap: t.boolean({ description: "Show the address and directions." }),
  }),
});

builder.queryFields((t) => ({
  linkPage: t.field({
    type: LinkPage,
    description: "The café's link page settings (a proposal before the first save). A person of the business only.",
    ...personOfBusiness,
    resolve: (_r, _a, ctx) => ctx.services.linkPage.get(ctx.viewer),
  }),
  linkPagePreview: t.string({
    description:
      "The page's HTML with `draft` (unsaved settings) over the saved ones, for the Settings preview (an iframe's srcdoc). Its buttons lead straight to their destinations: no short link made, no click counted.",
    ...personOfBusiness,
    args: {
      draft: t.arg({ type: LinkPageInput, description: "Unsaved changes to show." }),
      locale: t.arg({ type: LocaleEnum, required: true, description: "The language the page is shown in." }),
    },
    resolve: (_r, { draft, locale }, ctx) => ctx.services.linkPage.preview(ctx.viewer, draft ?? {}, locale),
  }),
}));

builder.mutationFields((t) => ({
  updateLinkPage: t.field({
    type: LinkPage,
    description:
      "Changes the link page's settings. An address name another café has: VALIDATION_ERROR linkPageSlugTaken.",
    ...personOfBusiness,
    args: { input: t.arg({ type: LinkPageInput, required: true, description: "The settings to change." }) },
    resolve: (_r, { input }, ctx) => ctx.services.linkPage.update(ctx.viewer, input, ctx.meta),
  }),
  publishLinkPage: t.field({
    type: LinkPage,
    description: "Publishes (true) or unpublishes (false) the link page.",
    ...personOfBusiness,
    args: { published: t.arg.boolean({ required: true, description: "true: visitors see it; false: they do not." }) },
    resolve: (_r, { published }, ctx) => ctx.services.linkPage.setPublished(ctx.viewer, published, ctx.meta),
  }),
}));
