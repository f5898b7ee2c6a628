// The café's menu on Google at the GraphQL door (docs/product.md#one-menu-and-one-link): thin, every field calls the
// google-menu service. A person of the business who may edit its profile; an API key neither reads nor sends.
import { builder } from "../../graphql/builder.ts";
import { personOfBusiness } from "../../graphql/scopes.ts";
import type { GoogleMenuView, MenuDiffRow, MenuSideItem, MenuSideSection } from "./google-menu.service.ts";

const MenuDiffStatusEnum = builder.enumType("GoogleMenuDiffStatus", {
  description: "How an item compares between Google and Sufra.",
  values: {
    SAME: { value: "same", description: "On Google as it is in Sufra." },
    ADDED: { value: "added", description: "In Sufra, not on Google yet: sending adds it." },
    REMOVED: { value: "removed", description: "On Google, not in Sufra's menu: sending takes it off Google." },
    CHANGED: {
      value: "changed",
      description: "On both, with differences (see changes): sending makes Google's Sufra's.",
    },
    SKIPPED: {
      value: "skipped",
      description: "In Sufra without a price: Google lists only priced items, so it is not sent.",
    },
  } as const,
});
const MenuDiffChangeEnum = builder.enumType("GoogleMenuDiffChange", {
  description: "What differs for an item on both sides.",
  values: {
    PRICE: { value: "price", description: "The item's price in KWD differs." },
    NAME_AR: { value: "nameAr", description: "The Arabic name." },
    SECTION: { value: "section", description: "The section it is listed under." },
    PHOTO: { value: "photo", description: "One side shows a photo, the other none." },
  } as const,
});

const MenuSideItemRef = builder.objectRef<MenuSideItem>("GoogleMenuSideItem").implement({
  description: "An item as one side (Google or Sufra) holds it.",
  fields: (t) => ({
    name: t.exposeString("name", { description: "Its English name (or the only name there is)." }),
    nameAr: t.exposeString("nameAr", { nullable: true, description: "Its Arabic name; null when it has none." }),
    priceFils: t.exposeInt("priceFils", {
      nullable: true,
      description: "The price in fils (1000 fils = 1 KWD); null: no price (or, on Google, one not in KWD).",
    }),
    section: t.exposeString("section", { nullable: true, description: "Its section; null: the first, unnamed one." }),
    sectionAr: t.exposeString("sectionAr", { nullable: true, description: "Its section's Arabic name." }),
    photo: t.exposeBoolean("photo", { description: "It shows a photo." }),
  }),
});

const MenuSideSectionRef = builder.objectRef<MenuSideSection>("GoogleMenuSideSection").implement({
  description: "A section of one side's menu, its items in their order.",
  fields: (t) => ({
    name: t.exposeString("name", { nullable: true, description: "Its English name; null: the first, unnamed one." }),
    nameAr: t.exposeString("nameAr", { nullable: true, description: "Its Arabic name." }),
    items: t.field({
      type: [MenuSideItemRef],
      description: "The section's items in their order.",
      resolve: (s) => s.items,
    }),
  }),
});

const MenuDiffRowRef = builder.objectRef<MenuDiffRow>("GoogleMenuDiffRow").implement({
  description: "One item compared, matched by its English name.",
  fields: (t) => ({
    key: t.exposeString("key", { description: "The item's English name as compared (a repeat numbered #2, #3)." }),
    status: t.field({ type: MenuDiffStatusEnum, description: "How it compares.", resolve: (r) => r.status }),
    changes: t.field({
      type: [MenuDiffChangeEnum],
      description: "What differs when changed.",
      resolve: (r) => r.changes,
    }),
    google: t.field({
      type: MenuSideItemRef,
      nullable: true,
      description: "As Google holds it; null when not there.",
      resolve: (r) => r.google,
    }),
    sufra: t.field({
      type: MenuSideItemRef,
      nullable: true,
      description: "As Sufra holds it; null when not there.",
      resolve: (r) => r.sufra,
    }),
  }),
});

const MenuCountsRef = builder.objectRef<GoogleMenuView["counts"]>("GoogleMenuDiffCounts").implement({
  description: "How many items are in each state.",
  fields: (t) => ({
    same: t.exposeInt("same", { description: "The same on both." }),
    added: t.exposeInt("added", { description: "Only in Sufra." }),
    removed: t.exposeInt("removed", { description: "Only on Google." }),
    changed: t.exposeInt("changed", { description: "On both, with differences." }),
    skipped: t.exposeInt("skipped", { description: "In Sufra without a price, not sent." }),
  }),
});

const MenuLocationRef = builder.objectRef<GoogleMenuView["location"]>("GoogleMenuLocation").implement({
  description: "The Google location the menu is compared for.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The location's id in Sufra (GoogleLocation.id)." }),
    title: t.exposeString("title", { description: "Its name on Google." }),
    address: t.exposeString("address", { description: "Its address on one line; empty when Google has none." }),
    verified: t.exposeBoolean("verified", { description: "Google lets the business manage it: a menu needs it." }),
    picked: t.exposeBoolean("picked", { description: "Picked for the business's Google work." }),
    menuSentAt: t.expose("menuSentAt", {
      type: "DateTime",
      nullable: true,
      description: "When Google last took the menu from Sufra (UTC); null: never.",
    }),
    sendError: t.exposeString("sendError", {
      nullable: true,
      description: "Google's reason when the last send to this location failed (menu or hours); null after a success.",
    }),
  }),
});

const GoogleMenuRef = builder.objectRef<GoogleMenuView>("GoogleMenu").implement({
  description: "A location's menu on Google beside Sufra's, with each difference; sending makes Google's Sufra's.",
  fields: (t) => ({
    location: t.field({
      type: MenuLocationRef,
      description: "The Google location (branch) compared.",
      resolve: (v) => v.location,
    }),
    google: t.field({ type: [MenuSideSectionRef], description: "Google's menu now.", resolve: (v) => v.google }),
    sufra: t.field({
      type: [MenuSideSectionRef],
      description: "The menu as Sufra holds it, by section.",
      resolve: (v) => v.sufra,
    }),
    rows: t.field({ type: [MenuDiffRowRef], description: "Every item compared.", resolve: (v) => v.rows }),
    counts: t.field({ type: MenuCountsRef, description: "Items by state.", resolve: (v) => v.counts }),
    inSync: t.exposeBoolean("inSync", { description: "Nothing to send: Google shows Sufra's menu." }),
  }),
});

builder.queryFields((t) => ({
  googleMenuDiff: t.field({
    type: GoogleMenuRef,
    description:
      "The location's menu on Google beside Sufra's (read from Google now). A person of the business; another business's location is NOT_FOUND.",
    ...personOfBusiness,
    args: { locationId: t.arg.id({ required: true, description: "The location's id (GoogleLocation.id)." }) },
    resolve: (_r, { locationId }, ctx) => ctx.services.googleMenu.diff(ctx.viewer, locationId),
  }),
}));

builder.mutationFields((t) => ({
  sendMenuToGoogle: t.field({
    type: GoogleMenuRef,
    description:
      "Makes the location's menu on Google Sufra's: every item with a price, in its section, English and Arabic names, its first photo. Replaces Google's whole menu; ask the person to confirm first. Records when it was sent, or Google's reason.",
    ...personOfBusiness,
    args: { locationId: t.arg.id({ required: true, description: "The location's id (GoogleLocation.id)." }) },
    resolve: (_r, { locationId }, ctx) => ctx.services.googleMenu.send(ctx.viewer, locationId, ctx.meta),
  }),
}));
