// The templates library at the GraphQL door: thin, every field calls the templates service.
import { TEMPLATE_TIERS, type TemplateTier } from "@sufra/schema";
import { builder } from "../../graphql/builder.ts";
import { ContentLanguageEnum, ContentOccasionEnum, PlanEnum } from "../../graphql/enums.ts";
import type { AppliedTemplate as AppliedTemplateShape, TemplateAccess as TemplateAccessShape, TemplateRecord } from "./templates.service.ts";

export const TemplateTierEnum = builder.enumType("TemplateTier", {
  description: "basic: every plan; advanced: Professional and Premium; custom: the business's own, Premium.",
  values: Object.fromEntries(TEMPLATE_TIERS.map((t) => [t.toUpperCase(), { value: t }])) as Record<Uppercase<TemplateTier>, { value: TemplateTier }>,
});

/** People of a business, or an API key acting for one. */
const ofBusiness = { authScopes: { business: true } } as const;

const ContentTemplate = builder.objectRef<TemplateRecord>("ContentTemplate").implement({
  description: "A template in one language: a built-in one (id builtin:<key>:<language>) or the business's own (a uuid).",
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name", { description: "A built-in template's name in the caller's language" }),
    occasion: t.field({ type: ContentOccasionEnum, resolve: (x) => x.occasion }),
    language: t.field({ type: ContentLanguageEnum, description: "EN or AR", resolve: (x) => x.language }),
    tier: t.field({ type: TemplateTierEnum, resolve: (x) => x.tier }),
    locked: t.exposeBoolean("locked", { description: "Not in the caller's plan: shown to say what an upgrade brings; applying it is refused" }),
    body: t.exposeString("body", { description: "With its placeholders ({business}, {dish}...) and optional phrases in [[ ]]" }),
    hashtags: t.exposeStringList("hashtags", { complexity: 1 }),
  }),
});

const AppliedTemplate = builder.objectRef<AppliedTemplateShape>("AppliedTemplate").implement({
  description: "A template filled with the business's details, for the composer.",
  fields: (t) => ({
    content: t.exposeString("content", { description: "The caption without its hashtags" }),
    hashtags: t.exposeStringList("hashtags", { complexity: 1 }),
    language: t.field({ type: ContentLanguageEnum, resolve: (x) => x.language }),
  }),
});

const TemplateAccess = builder.objectRef<TemplateAccessShape>("TemplateAccess").implement({
  description: "The caller's plan and the template tiers it opens.",
  fields: (t) => ({
    plan: t.field({ type: PlanEnum, resolve: (x) => x.plan }),
    tiers: t.field({ type: [TemplateTierEnum], resolve: (x) => [...x.tiers] }),
  }),
});

const ApplyTemplateInput = builder.inputType("ApplyTemplateInput", {
  fields: (t) => ({
    templateId: t.id({ required: true }),
    language: t.field({ type: ContentLanguageEnum, description: "Only for a built-in id without its language (builtin:<key>)" }),
    menuItemId: t.id({ description: "A dish of the business's menu: its name and price fill {dish} and {price}" }),
    dish: t.string({ description: "Wins over the menu item's name" }),
    price: t.float({ description: "KWD, at most three decimals; wins over the menu item's price" }),
    discount: t.string({ description: "e.g. 20%" }),
  }),
});

const SaveContentTemplateInput = builder.inputType("SaveContentTemplateInput", {
  fields: (t) => ({
    id: t.id({ description: "Given: that template changes; left out: a new one" }),
    name: t.string({ required: true }),
    occasion: t.field({ type: ContentOccasionEnum, required: true }),
    language: t.field({ type: ContentLanguageEnum, required: true, description: "EN or AR" }),
    body: t.string({ required: true }),
    hashtags: t.stringList(),
  }),
});

builder.queryFields((t) => ({
  contentTemplates: t.field({
    type: [ContentTemplate],
    ...ofBusiness,
    description: "The business's own templates, then the built-in ones, one entry per language; locked ones are outside the plan.",
    args: { occasion: t.arg({ type: ContentOccasionEnum }), language: t.arg({ type: ContentLanguageEnum, description: "BOTH or left out: both" }) },
    resolve: (_r, args, ctx) => ctx.services.templates.list(ctx.viewer, { occasion: args.occasion ?? undefined, language: args.language ?? undefined }, ctx.meta.locale),
  }),
  templateAccess: t.field({ type: TemplateAccess, ...ofBusiness, resolve: (_r, _a, ctx) => ctx.services.templates.access(ctx.viewer) }),
}));

builder.mutationFields((t) => ({
  applyTemplate: t.field({
    type: AppliedTemplate,
    ...ofBusiness,
    args: { input: t.arg({ type: ApplyTemplateInput, required: true }) },
    resolve: (_r, { input }, ctx) => ctx.services.templates.apply(ctx.viewer, input),
  }),
  saveContentTemplate: t.field({
    type: ContentTemplate,
    ...ofBusiness,
    description: "Premium: saves a template of the business's own.",
    args: { input: t.arg({ type: SaveContentTemplateInput, required: true }) },
    resolve: (_r, { input: { id, ...input } }, ctx) => ctx.services.templates.save(ctx.viewer, input, ctx.meta, id == null ? null : String(id)),
  }),
  deleteContentTemplate: t.boolean({
    ...ofBusiness,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, { id }, ctx) => !!(await ctx.services.templates.remove(ctx.viewer, String(id), ctx.meta)),
  }),
}));
