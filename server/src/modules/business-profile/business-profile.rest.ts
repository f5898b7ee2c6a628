// REST compatibility for /api/business-profile: thin, calls the business-profile service. Answers in
// snake_case; prices are numbers of dinars with their three decimals (the client formats them).
import { Router, type Request } from "express";
import { camelBody, metaOf, viewerOf } from "../../http/rest.ts";
import type { Services } from "../../services.ts";
import type { BusinessProfileView, MenuItemRow } from "./business-profile.service.ts";
import type { z } from "zod";
import { restBusinessProfileSchema, restMenuItemSchema } from "./business-profile.openapi.ts";

export const restMenuItem = (m: MenuItemRow): z.output<typeof restMenuItemSchema> => ({ id: m.id, name: m.name, name_ar: m.nameAr, price_kwd: m.priceKwd, position: m.position });

export const restBusinessProfile = (p: BusinessProfileView): z.output<typeof restBusinessProfileSchema> => ({
  company_name: p.companyName,
  name_ar: p.nameAr,
  cuisine: p.cuisine,
  area: p.area,
  hours: p.hours,
  hours_ar: p.hoursAr,
  address: p.address,
  address_ar: p.addressAr,
  map_url: p.mapUrl,
  ramadan_hours: p.ramadanHours,
  ramadan_hours_ar: p.ramadanHoursAr,
  eid_hours: p.eidHours,
  eid_hours_ar: p.eidHoursAr,
  delivery_apps: p.deliveryApps.map((a) => ({ app: a.app, name: a.name, url: a.url })),
  reservation_mode: p.reservationMode,
  reservation_phone: p.reservationPhone,
  reservation_url: p.reservationUrl,
  public_phone: p.publicPhone,
  menu: p.menu.map(restMenuItem),
});

export function businessProfileRouter(services: Services) {
  const r = Router();
  const { businessProfile } = services;
  // the people of a business; the service refuses writes from API keys
  const viewer = (req: Request) => viewerOf(services, req, "business");

  r.get("/", async (req, res) => {
    res.json(restBusinessProfile(await businessProfile.get(await viewer(req))));
  });

  /** {name_ar?, cuisine?, area?, hours?, hours_ar?, address?, map_url?, ramadan_hours?, eid_hours?, delivery_apps?, reservation_mode?...}: a field left out stays, a blank one is cleared. */
  r.put("/", async (req, res) => {
    res.json(restBusinessProfile(await businessProfile.update(await viewer(req), camelBody(req), metaOf(req))));
  });

  /** {name, name_ar?, price_kwd?}: added at the end of the menu. */
  r.post("/menu", async (req, res) => {
    res.status(201).json(restMenuItem(await businessProfile.addItem(await viewer(req), camelBody(req), metaOf(req))));
  });

  /** {text, replace?}: one item a line, `name, price` or `name | الاسم | price`. */
  r.post("/menu/import", async (req, res) => {
    res.json(restBusinessProfile(await businessProfile.importMenu(await viewer(req), camelBody(req), metaOf(req))));
  });

  // before /menu/:id, which would take "order" for an id
  /** {ids: [...]}: the items in their new order. */
  r.put("/menu/order", async (req, res) => {
    res.json(restBusinessProfile(await businessProfile.reorder(await viewer(req), camelBody(req), metaOf(req))));
  });

  r.put("/menu/:id", async (req, res) => {
    res.json(restMenuItem(await businessProfile.updateItem(await viewer(req), req.params.id, camelBody(req), metaOf(req))));
  });

  r.delete("/menu/:id", async (req, res) => {
    res.json(restMenuItem(await businessProfile.removeItem(await viewer(req), req.params.id, metaOf(req))));
  });

  return r;
}
