// REST for /api/opening-hours (docs/architecture.md#menus-and-hours): thin, calls the opening-hours service, which
// checks who may act; snake_case on the wire, times HH:MM and dates YYYY-MM-DD in Kuwait.
import { Router, type Request } from "express";
import { camelBody, metaOf, viewerOf } from "../../http/rest.ts";
import type { Services } from "../../services.ts";
import type { HoursDiff, HoursLocationView, OpeningHoursView, SpecialSpanView } from "./opening-hours.service.ts";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const restSpan = (s: SpecialSpanView) => ({
  id: s.id,
  location_id: s.locationId,
  occasion: s.occasion,
  start_date: s.startDate,
  end_date: s.endDate,
  closed: s.closed,
  periods: s.periods,
  status: s.status,
  needs_times: s.needsTimes,
  confirmed_at: iso(s.confirmedAt),
  sent_at: iso(s.sentAt),
  send_error: s.sendError,
});
const restLocation = (l: HoursLocationView) => ({
  id: l.id,
  title: l.title,
  address: l.address,
  verified: l.verified,
  demo: l.demo,
  regular_hours: l.regularHours,
  hours_sent_at: iso(l.hoursSentAt),
  send_error: l.sendError,
});
const restHours = (h: OpeningHoursView) => ({
  weekly: h.weekly,
  locations: h.locations.map(restLocation),
  special: h.special.map(restSpan),
});
const restDiff = (d: HoursDiff) => ({
  location_id: d.locationId,
  simulated: d.simulated,
  same: d.same,
  sufra_week_empty: d.sufraWeekEmpty,
  rows: d.rows,
});

export function openingHoursRouter(services: Services) {
  const r = Router();
  const { openingHours } = services;
  const viewer = (req: Request) => viewerOf(services, req);

  r.get("/", async (req, res) => {
    res.json(restHours(await openingHours.hours(await viewer(req))));
  });
  r.put("/weekly", async (req, res) => {
    res.json(restHours(await openingHours.updateWeekly(await viewer(req), camelBody(req), metaOf(req))));
  });
  r.put("/locations/:id", async (req, res) => {
    res.json(
      restLocation(
        await openingHours.updateLocationHours(await viewer(req), req.params.id, camelBody(req), metaOf(req)),
      ),
    );
  });
  r.get("/locations/:id/google", async (req, res) => {
    res.json(restDiff(await openingHours.googleDiff(await viewer(req), req.params.id)));
  });
  r.post("/locations/:id/send", async (req, res) => {
    res.json(restLocation(await openingHours.sendToGoogle(await viewer(req), req.params.id, metaOf(req))));
  });
  r.post("/special/propose", async (req, res) => {
    res.status(201).json((await openingHours.propose(await viewer(req), camelBody(req))).map(restSpan));
  });
  r.post("/special/confirm", async (req, res) => {
    res.json((await openingHours.confirmSpecial(await viewer(req), camelBody(req), metaOf(req))).map(restSpan));
  });
  r.post("/special", async (req, res) => {
    res.status(201).json(restSpan(await openingHours.createSpecial(await viewer(req), camelBody(req), metaOf(req))));
  });
  r.put("/special/:id", async (req, res) => {
    res.json(restSpan(await openingHours.updateSpecial(await viewer(req), req.params.id, camelBody(req), metaOf(req))));
  });
  r.delete("/special/:id", async (req, res) => {
    res.json(await openingHours.deleteSpecial(await viewer(req), req.params.id));
  });
  r.post("/special/:id/draft-post", async (req, res) => {
    const { postId } = await openingHours.draftPost(await viewer(req), req.params.id, metaOf(req));
    res.status(201).json({ post_id: postId });
  });
  return r;
}
