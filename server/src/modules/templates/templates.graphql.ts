// The templates library at the GraphQL door: thin, every field calls the templates service.
import { TEMPLATE_TIERS, type TemplateTier } from "@sufra/schema";
import { builder } from "../../graphql/builder.ts";
import { ContentLanguageEnum, ContentOccasionEnum, PlanEnum, upper } from "../../graphql/enums.ts";
import type {
  AppliedTemplate as AppliedTemplateShape,
  TemplateAccess as TemplateAccessShape,
  TemplateRecord,
} from "./templates.service.ts";

const TemplateTierEnum = builder.enumType("TemplateTier", {
  description: "basic: every plan; advanced: Professional and Premium; custom: the business's own, Premium.",
  values: upper<TemplateTier>(TEMPLATE_TIERS, {
    basic: "Built in, open to every plan.",
    advanced: "Built in, open to Professional and Premium.",
    custom: "The business's own templates (Premium).",
  }),
});

/** People of a business, or an API key acting for one. */
const ofBusiness = { authScopes: { business: true } } as const;

const ContentTemplate = builder.objectRef<TemplateRecord>("ContentTemplate").implement({
  description:
    "A template in one language: a built-in one (id builtin:<key>:<language>) or the business's own (a uuid).",
  fields: (t) => ({
    id: t.exposeID("id", {
      description: "builtin:<key>:<language> for a built-in template, a UUID for the business's own.",
    }),
    name: t.exposeString("name", { description: "Its name; a built-in template's in the caller's language." }),
    occasion: t.field({ description: "What it is for.", type: ContentOccasionEnum, resolve: (x) => x.occasion }),
    language: t.field({
      type: ContentLanguageEnum,
      description: "The template's language: EN or AR.",
      resolve: (x) => x.language,
    }),
    tier: t.field({ description: "Which plans it is open to.", type: TemplateTierEnum, resolve: (x) => x.tier }),
    locked: t.exposeBoolean("locked", {
      description: "Not in the caller's plan: shown to say what an upgrade brings; applying it is refused",
    }),
    body: t.exposeString("body", {
      description: "With its placeholders ({business}, {dish}...) and optional phrases in [[ ]]",
    }),
    hashtags: t.exposeStringList("hashtags", { description: "Its hashtags, without '#'.", complexity: 1 }),
  }),
});

const AppliedTemplate = builder.objectRef<AppliedTemplateShape>("AppliedTemplate").implement({
  description: "A template filled with the business's details, for the composer.",
  fields: (t) => ({
    content: t.exposeString("content", { description: "The caption without its hashtags." }),
    hashtags: t.exposeStringList("hashtags", { description: "Its hashtags, without '#'.", complexity: 1 }),
    language: t.field({
      description: "The caption's language.",
      type: ContentLanguageEnum,
      resolve: (x) => x.language,
    }),
  }),
});

const TemplateAccess = builder.objectRef<TemplateAccessShape>("TemplateAccess").implement({
  description: "The caller's plan and the template tiers it opens.",
  fields: (t) => ({
    plan: t.field({ description: "The caller's plan.", type: PlanEnum, resolve: (x) => x.plan }),
    tiers: t.field({
      description: "The template tiers it opens.",
      type: [TemplateTierEnum],
      resolve: (x) => [...x.tiers],
    }),
  }),
});

const ApplyTemplateInput = builder.inputType("ApplyTemplateInput", {
  description: "A template to fill with the business's details.",
  fields: (t) => ({
    templateId: t.id({
      required: true,
      description: "The template's id (builtin:<key>:<language>, builtin:<key>, or a UUID).",
    }),
    language: t.field({
      type: ContentLanguageEnum,
      description: "Only for a built-in id without its language (builtin:<key>)",
    }),
    menuItemId: t.id({ description: "A dish of the business's menu: its name and price fill {dish} and {price}" }),
    dish: t.string({ description: "The dish's name for {dish}; wins over the menu item's name." }),
    price: t.float({ description: "KWD, at most three decimals; wins over the menu item's price" }),
    discount: t.string({ description: "The offer for {discount}, as written (such as 20%)." }),
    date: t.string({
      description:
        "The Kuwait day the post is for, YYYY-MM-DD (missing: today): an Iftar template says that day's Iftar time, and opening hours stay out of Ramadan and Eid posts.",
    }),
  }),
});

const SaveContentTemplateInput = builder.inputType("SaveContentTemplateInput", {
  description: "A template of the business's own.",
  fields: (t) => ({
    id: t.id({ description: "Given: that template changes; left out: a new one" }),
    name: t.string({ required: true, description: "Its name, 1 to 80 characters." }),
    occasion: t.field({ type: ContentOccasionEnum, required: true, description: "What it is for." }),
    language: t.field({ type: ContentLanguageEnum, required: true, description: "The template's language: EN or AR." }),
    body: t.string({
      required: true,
      description:
        "The caption with placeholders ({business}, {dish}, {price}, {discount}...), up to 2,200 characters.",
    }),
    hashtags: t.stringList({ description: "Its hashtags, with or without '#'." }),
  }),
});

builder.queryFields((t) => ({
  contentTemplates: t.field({
    type: [ContentTemplate],
    ...ofBusiness,
    description:
      "The business's own templates, then the built-in ones, one entry per language; locked ones are outside the plan.",
    args: {
      occasion: t.arg({ description: "Only templates for this occasion.", type: ContentOccasionEnum }),
      language: t.arg({
        type: ContentLanguageEnum,
        description: "Only templates in this language; BOTH or left out: both.",
      }),
    },
    resolve: (_r, args, ctx) =>
      ctx.services.templates.list(
        ctx.viewer,
        { occasion: args.occasion ?? undefined, language: args.language ?? undefined },
        ctx.meta.locale,
      ),
  }),
  templateAccess: t.field({
    type: TemplateAccess,
    ...ofBusiness,
    description: "The caller's plan and the template tiers it opens.",
    resolve: (_r, _a, ctx) => ctx.services.templates.access(ctx.viewer),
  }),
}));

builder.mutationFields((t) => ({
  applyTemplate: t.field({
    description:
      "Fills a template with the business's details (name, area, a dish and its price) for the composer; saves nothing.",
    type: AppliedTemplate,
    ...ofBusiness,
    args: {
      input: t.arg({ type: ApplyTemplateInput, required: true, description: "The template and what to fill it with." }),
    },
    resolve: (_r, { input }, ctx) => ctx.services.templates.apply(ctx.viewer, input),
  }),
  saveContentTemplate: t.field({
    type: ContentTemplate,
    ...ofBusiness,
    description: "Premium: saves a template of the business's own.",
    args: { input: t.arg({ type: SaveContentTemplateInput, required: true, description: "The template to save." }) },
    resolve: (_r, { input: { id, ...input } }, ctx) =>
      ctx.services.templates.save(ctx.viewer, input, ctx.meta, id == null ? null : String(id)),
  }),
  deleteContentTemplate: t.boolean({
    description: "Premium: deletes a template of the business's own; answers true.",
    ...ofBusiness,
    args: { id: t.arg.id({ required: true, description: "The template's id (a UUID)." }) },
    resolve: async (_r, { id }, ctx) => !!(await ctx.services.templates.remove(ctx.viewer, String(id), ctx.meta)),
  }),
}));
