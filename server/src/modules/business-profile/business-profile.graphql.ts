// The business profile at the GraphQL door: thin, every field calls the business-profile service.
// Reading: the business (an API key too); writing: a person of the business.
import { builder } from "../../graphql/builder.ts";
import { personOfBusiness } from "../../graphql/scopes.ts";
import type { BusinessProfileView, MenuItemRow } from "./business-profile.service.ts";

const MenuItem = builder.objectRef<MenuItemRow>("MenuItem").implement({
  description: "An item of the business's menu, for the AI writer's captions.",
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name", { description: "As on the menu, in English (or the only name there is)." }),
    nameAr: t.exposeString("nameAr", { nullable: true }),
    priceKwd: t.exposeFloat("priceKwd", { nullable: true, description: "Kuwaiti dinars with three decimals (2.75 is 2.750 KWD); null: no price." }),
    position: t.exposeInt("position", { description: "Its place on the menu, from 0." }),
  }),
});

const BusinessProfile = builder.objectRef<BusinessProfileView>("BusinessProfile").implement({
  description: "What the AI writer composes captions from: names, cuisine, area of Kuwait, opening hours and the menu.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The business's id." }),
    companyName: t.exposeString("companyName"),
    nameAr: t.exposeString("nameAr", { nullable: true }),
    cuisine: t.exposeString("cuisine", { nullable: true, description: "A cuisine key (cafe, kuwaiti, ...) or free text." }),
    area: t.exposeString("area", { nullable: true, description: "An area key of Kuwait (salmiya, ...) or free text." }),
    hours: t.exposeString("hours", { nullable: true }),
    hoursAr: t.exposeString("hoursAr", { nullable: true }),
    menu: t.field({ type: [MenuItem], resolve: (p) => p.menu }),
  }),
});

const BusinessProfileInput = builder.inputType("BusinessProfileInput", {
  description: "A field left out stays as it is; null or blank clears it.",
  fields: (t) => ({
    nameAr: t.string(),
    cuisine: t.string(),
    area: t.string(),
    hours: t.string(),
    hoursAr: t.string(),
  }),
});

const MenuItemInput = builder.inputType("MenuItemInput", {
  description: "On update, a field left out stays as it is; null clears nameAr or priceKwd.",
  fields: (t) => ({
    name: t.string({ required: true }),
    nameAr: t.string(),
    priceKwd: t.float({ description: "KWD, 0 to 9999.999, at most three decimals." }),
  }),
});

const ofBusiness = { authScopes: { business: true } } as const;

builder.queryFields((t) => ({
  businessProfile: t.field({
    type: BusinessProfile,
    description: "The viewer's business profile, the menu in its order.",
    ...ofBusiness,
    resolve: (_r, _a, ctx) => ctx.services.businessProfile.get(ctx.viewer),
  }),
}));

builder.mutationFields((t) => ({
  updateBusinessProfile: t.field({
    type: BusinessProfile,
    ...personOfBusiness,
    args: { input: t.arg({ type: BusinessProfileInput, required: true }) },
    resolve: (_r, { input }, ctx) => ctx.services.businessProfile.update(ctx.viewer, input, ctx.meta),
  }),
  addMenuItem: t.field({
    type: MenuItem,
    description: "Adds an item at the end of the menu.",
    ...personOfBusiness,
    args: { input: t.arg({ type: MenuItemInput, required: true }) },
    resolve: (_r, { input }, ctx) => ctx.services.businessProfile.addItem(ctx.viewer, input, ctx.meta),
  }),
  updateMenuItem: t.field({
    type: MenuItem,
    ...personOfBusiness,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: MenuItemInput, required: true }) },
    resolve: (_r, { id, input }, ctx) => ctx.services.businessProfile.updateItem(ctx.viewer, String(id), input, ctx.meta),
  }),
  removeMenuItem: t.id({
    description: "Removes an item; answers its id.",
    ...personOfBusiness,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, { id }, ctx) => (await ctx.services.businessProfile.removeItem(ctx.viewer, String(id), ctx.meta)).id,
  }),
  reorderMenu: t.field({
    type: BusinessProfile,
    description: "The menu's items in their new order (items left out follow in their order).",
    ...personOfBusiness,
    args: { ids: t.arg.idList({ required: true }) },
    resolve: (_r, { ids }, ctx) => ctx.services.businessProfile.reorder(ctx.viewer, { ids: ids.map(String) }, ctx.meta),
  }),
  importMenu: t.field({
    type: BusinessProfile,
    description: "Adds a pasted menu, one item a line: `name, price` or `name | الاسم | price`; replace: instead of the current menu.",
    ...personOfBusiness,
    args: { text: t.arg.string({ required: true }), replace: t.arg.boolean({ defaultValue: false }) },
    resolve: (_r, { text, replace }, ctx) => ctx.services.businessProfile.importMenu(ctx.viewer, { text, replace: replace ?? false }, ctx.meta),
  }),
}));
