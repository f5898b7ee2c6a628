// REST for /api/google-menu (docs/product.md#one-menu-and-one-link): thin, calls the google-menu service. Answers in
// snake_case; prices in integer fils.
import { Router, type Request } from "express";
import type { z } from "zod";
import { metaOf, viewerOf } from "../../http/rest.ts";
import type { Services } from "../../services.ts";
import type { GoogleMenuView, MenuSideItem, MenuSideSection } from "./google-menu.service.ts";
import type { restGoogleMenuSchema } from "./google-menu.openapi.ts";

const restItem = (i: MenuSideItem) => ({
  name: i.name,
  name_ar: i.nameAr,
  price_fils: i.priceFils,
  section: i.section,
  section_ar: i.sectionAr,
  photo: i.photo,
});
const restSection = (s: MenuSideSection) => ({ name: s.name, name_ar: s.nameAr, items: s.items.map(restItem) });

const restGoogleMenu = (v: GoogleMenuView): z.output<typeof restGoogleMenuSchema> => ({
  location: {
    id: v.location.id,
    title: v.location.title,
    address: v.location.address,
    verified: v.location.verified,
    picked: v.location.picked,
    menu_sent_at: v.location.menuSentAt?.toISOString() ?? null,
    send_error: v.location.sendError,
  },
  google: v.google.map(restSection),
  sufra: v.sufra.map(restSection),
  rows: v.rows.map((r) => ({
    key: r.key,
    status: r.status,
    changes: r.changes.map((c) => (c === "nameAr" ? "name_ar" : c)),
    google: r.google && restItem(r.google),
    sufra: r.sufra && restItem(r.sufra),
  })),
  counts: v.counts,
  in_sync: v.inSync,
});

export function googleMenuRouter(services: Services) {
  const r = Router();
  const viewer = (req: Request) => viewerOf(services, req, "business");

  r.get("/:locationId", async (req, res) => {
    res.json(restGoogleMenu(await services.googleMenu.diff(await viewer(req), req.params.locationId)));
  });

  /** Replaces the location's menu on Google with Sufra's: the client asks the person to confirm first. */
  r.post("/:locationId/send", async (req, res) => {
    res.json(restGoogleMenu(await services.googleMenu.send(await viewer(req), req.params.locationId, metaOf(req))));
  });

  return r;
}
