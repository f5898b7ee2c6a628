// The OpenAPI entries of /api/google-menu: a Google location's menu beside Sufra's, and the send
// (docs/architecture.md#menus-and-hours). Prices are integer fils.
import { z } from "zod";
import { isoDateTime, named, type RestOperation } from "../../http/openapi/operation.ts";

const restSideItemSchema = named(
  "GoogleMenuSideItem",
  z.object({
    name: z.string(),
    name_ar: z.string().nullable(),
    price_fils: z.number().int().nullable(),
    section: z.string().nullable(),
    section_ar: z.string().nullable(),
    photo: z.boolean(),
  }),
);
const restSideSectionSchema = named(
  "GoogleMenuSideSection",
  z.object({ name: z.string().nullable(), name_ar: z.string().nullable(), items: z.array(restSideItemSchema) }),
);
export const restGoogleMenuSchema = named(
  "GoogleMenu",
  z.object({
    location: z.object({
      id: z.string(),
      title: z.string(),
      address: z.string(),
      verified: z.boolean(),
      picked: z.boolean(),
      menu_sent_at: isoDateTime.nullable(),
      send_error: z.string().nullable(),
    }),
    google: z.array(restSideSectionSchema),
    sufra: z.array(restSideSectionSchema),
    rows: z.array(
      z.object({
        key: z.string(),
        status: z.enum(["same", "added", "removed", "changed", "skipped"]),
        changes: z.array(z.enum(["price", "name_ar", "section", "photo"])),
        google: restSideItemSchema.nullable(),
        sufra: restSideItemSchema.nullable(),
      }),
    ),
    counts: z.object({
      same: z.number().int(),
      added: z.number().int(),
      removed: z.number().int(),
      changed: z.number().int(),
      skipped: z.number().int(),
    }),
    in_sync: z.boolean(),
  }),
);
const menu = (description: string) => ({ description, schema: restGoogleMenuSchema });
const tag = "Google menu";

export const googleMenuOperations: RestOperation[] = [
  {
    method: "get",
    path: "/google-menu/{locationId}",
    tag,
    access: "business",
    summary: "A Google location's menu beside Sufra's",
    description:
      "Reads the location's food menus from Google now and compares them item by item (by English name) with the business profile's menu: added (only in Sufra), removed (only on Google), changed (price, Arabic name, section, photo), the same, or skipped (no price: Google lists only priced items).",
    responses: { 200: menu("The comparison.") },
    extraErrors: [404, 409, 503],
  },
  {
    method: "post",
    path: "/google-menu/{locationId}/send",
    tag,
    access: "business",
    summary: "Send the menu to a Google location",
    description:
      "Replaces the location's menu on Google with Sufra's (updateMask=menus): every priced item in its section, English and Arabic names, the price in KWD, the item's first photo. Ask the person to confirm first. A refusal by Google names its reason in both languages (not verified, a price, a name, a photo) and is kept on the location as send_error.",
    responses: { 200: menu("The comparison after the send.") },
    extraErrors: [404, 409, 503],
  },
];
