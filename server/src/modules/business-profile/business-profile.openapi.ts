// The OpenAPI entries of /api/business-profile: what the AI writer composes from (docs/architecture.md#how-a-request-flows).
import { z } from "zod";
import { businessProfileSchema, DELIVERY_APP_KEYS, menuImportSchema, RESERVATION_MODES, menuItemSchema, menuItemUpdateSchema, menuOrderSchema } from "@sufra/schema";
import { named, type RestOperation } from "../../http/openapi/operation.ts";

export const restMenuItemSchema = named("MenuItem", z.object({ id: z.string(), name: z.string(), name_ar: z.string().nullable(), price_kwd: z.number().nullable(), position: z.number().int() }));
export const restDeliveryAppSchema = named("DeliveryApp", z.object({ app: z.enum(DELIVERY_APP_KEYS), name: z.string().nullable(), url: z.string() }));
export const restBusinessProfileSchema = named(
  "BusinessProfile",
  z.object({
    company_name: z.string(), name_ar: z.string().nullable(), cuisine: z.string().nullable(), area: z.string().nullable(), hours: z.string().nullable(), hours_ar: z.string().nullable(),
    address: z.string().nullable(), address_ar: z.string().nullable(), map_url: z.string().nullable(),
    ramadan_hours: z.string().nullable(), ramadan_hours_ar: z.string().nullable(), eid_hours: z.string().nullable(), eid_hours_ar: z.string().nullable(),
    delivery_apps: z.array(restDeliveryAppSchema), reservation_mode: z.enum(RESERVATION_MODES).nullable(), reservation_phone: z.string().nullable(), reservation_url: z.string().nullable(),
    public_phone: z.string().nullable(),
    menu: z.array(restMenuItemSchema),
  }),
);
const profile = { description: "The profile and its menu.", schema: restBusinessProfileSchema };
const item = (description: string) => ({ description, schema: restMenuItemSchema });
const tag = "Business profile";

export const businessProfileOperations: RestOperation[] = [
  { method: "get", path: "/business-profile", tag, access: "business", summary: "The business profile and menu", responses: { 200: profile } },
  { method: "put", path: "/business-profile", tag, access: "business", summary: "Change the profile", description: "A field left out stays, a blank one is cleared.", body: businessProfileSchema, responses: { 200: profile } },
  { method: "post", path: "/business-profile/menu", tag, access: "business", summary: "Add a menu item at the end", body: menuItemSchema, responses: { 201: item("The new item.") } },
  { method: "post", path: "/business-profile/menu/import", tag, access: "business", summary: "Import menu items from text, one a line", body: menuImportSchema, responses: { 200: profile } },
  { method: "put", path: "/business-profile/menu/order", tag, access: "business", summary: "Reorder the menu", body: menuOrderSchema, responses: { 200: profile } },
  { method: "put", path: "/business-profile/menu/{id}", tag, access: "business", summary: "Change a menu item", body: menuItemUpdateSchema, responses: { 200: item("The item.") } },
  { method: "delete", path: "/business-profile/menu/{id}", tag, access: "business", summary: "Remove a menu item", responses: { 200: item("The item removed.") } },
];
