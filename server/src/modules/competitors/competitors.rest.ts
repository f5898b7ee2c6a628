// REST for /api/competitors: thin, calls the competitors service; snake_case on the wire. The CSV
// import takes a text/csv body, a multipart file in the field `file`, or JSON {csv}; the template is
// a file download in the language asked for (?lang=ar, else the Accept-Language).
import { Router, type Request } from "express";
import { COMPETITOR_CSV_TEMPLATE, COMPETITOR_IMPORT_MAX_BYTES, pickLocale, isoDay } from "@sufra/schema";
import type { Competitor } from "../../generated/prisma/client.ts";
import { csvUpload } from "../../http/csv-upload.ts";
import { camelBody, metaOf, queryNumber, viewerOf } from "../../http/rest.ts";
import type { Services } from "../../services.ts";
import type { CompetitorBenchmark, SnapshotView } from "./competitors.service.ts";
import type { DiscoveryStatus } from "./discovery-connection.service.ts";
import type { OwnFigures } from "./own-figures.ts";
import type { z } from "zod";
import type { restSnapshotSchema } from "./competitors.openapi.ts";

const one = (v: unknown) => (Array.isArray(v) ? v[0] : v);

const restSnapshot = (s: SnapshotView): z.output<typeof restSnapshotSchema> => ({
  id: s.id,
  competitor_id: s.competitorId,
  day: isoDay(s.day),
  followers: s.followers,
  posts_per_week: s.postsPerWeek,
  avg_engagement: s.avgEngagement,
  top_themes: s.topThemes,
  source: s.source,
  simulated: s.simulated,
  created_at: s.createdAt.toISOString(),
  updated_at: s.updatedAt.toISOString(),
});

const restCompetitor = (c: Competitor & { latest?: SnapshotView | null }) => ({
  id: c.id,
  name: c.name,
  platform: c.platform,
  handle: c.handle,
  area: c.area,
  cuisine: c.cuisine,
  ...(c.latest !== undefined ? { latest: c.latest ? restSnapshot(c.latest) : null } : {}),
  created_at: c.createdAt.toISOString(),
  updated_at: c.updatedAt.toISOString(),
});

const restOwn = (o: OwnFigures) => ({
  platform: o.platform,
  followers: o.followers,
  posts_per_week: o.postsPerWeek,
  avg_engagement: o.avgEngagement,
  top_themes: o.topThemes,
  posts: o.posts,
  simulated: o.simulated,
});

const restBenchmark = (b: CompetitorBenchmark) => ({
  from: b.from,
  to: b.to,
  days: b.days,
  history_from: b.historyFrom,
  own: b.own.map(restOwn),
  own_history: b.ownHistory,
  competitors: b.competitors.map((c) => ({
    ...restCompetitor(c.competitor),
    latest: c.latest ? restSnapshot(c.latest) : null,
    history: c.history.map(restSnapshot),
  })),
  summary: { en: b.summaryEn, ar: b.summaryAr, points: b.summary },
});

const restDiscovery = (d: DiscoveryStatus) => ({
  configured: d.configured,
  demo: d.demo,
  status: d.status,
  instagram_username: d.instagramUsername,
  page_name: d.pageName,
  connected_at: d.connectedAt?.toISOString() ?? null,
  expires_at: d.expiresAt?.toISOString() ?? null,
});

export function competitorsRouter(services: Services) {
  const r = Router();
  const { competitors, competitorDiscovery } = services;
  const viewer = (req: Request) => viewerOf(services, req, "business");
  const readCsv = csvUpload(COMPETITOR_IMPORT_MAX_BYTES);

  /** {competitors: [...with latest], total, limit} */
  r.get("/", async (req, res) => {
    const { items, limit } = await competitors.list(await viewer(req));
    res.json({ competitors: items.map(restCompetitor), total: items.length, limit });
  });

  /** {name, platform, handle, area?, cuisine?}: 201 with the competitor. */
  r.post("/", async (req, res) => {
    res.status(201).json(restCompetitor(await competitors.create(await viewer(req), camelBody(req))));
  });

  /** ?days=28&history_days=180: own figures, each competitor's latest and history, the summary in en and ar. */
  r.get("/benchmark", async (req, res) => {
    const q = req.query;
    res.json(
      restBenchmark(
        await competitors.benchmark(await viewer(req), {
          days: queryNumber(one(q.days)),
          historyDays: queryNumber(one(q.history_days)),
        }),
      ),
    );
  });

  /** The CSV template (?lang=en|ar), as a file. */
  r.get("/import/template", async (req, res) => {
    await viewer(req);
    const locale =
      typeof one(req.query.lang) === "string" ? pickLocale(String(one(req.query.lang))) : metaOf(req).locale;
    res.setHeader("content-type", "text/csv; charset=utf-8");
    res.setHeader("content-disposition", `attachment; filename="sufra-competitors-${locale}.csv"`);
    // with a byte-order mark, so spreadsheets read the Arabic header as UTF-8
    res.send(`\ufeff${COMPETITOR_CSV_TEMPLATE[locale]}`);
  });

  /** A CSV file: {imported, replaced, created, errors: [{line, messages}]}; with any error nothing is stored. */
  r.post("/import", async (req, res, next) => {
    // authenticate before reading a large body
    const v = await viewer(req);
    readCsv(req, res, next, async (csv) => res.json(await competitors.importCsv(v, csv, metaOf(req).locale)));
  });

  /** The Facebook sign-in competitors' Instagram figures are read through. */
  r.get("/discovery", async (req, res) => {
    res.json(restDiscovery(await competitorDiscovery.status(await viewer(req))));
  });

  /** {return_to?}: {authorize_url} to send the person to. */
  r.post("/discovery/connect", async (req, res) => {
    res.json({
      authorize_url: (await competitorDiscovery.connect(await viewer(req), { returnTo: camelBody(req).returnTo }))
        .authorizeUrl,
    });
  });

  /** Facebook sends the person back here (no session header: the single-use state names the business). */
  r.get("/discovery/callback", async (req, res) => {
    const q = req.query;
    res.redirect(
      302,
      await competitorDiscovery.completeConnect(
        { state: one(q.state), code: one(q.code), error: one(q.error) },
        metaOf(req),
      ),
    );
  });

  /** Forgets the Facebook sign-in: the status. */
  r.delete("/discovery", async (req, res) => {
    res.json(restDiscovery(await competitorDiscovery.disconnect(await viewer(req), metaOf(req))));
  });

  r.get("/:id", async (req, res) => {
    res.json(restCompetitor(await competitors.get(await viewer(req), req.params.id)));
  });

  /** The whole form again. */
  r.put("/:id", async (req, res) => {
    res.json(restCompetitor(await competitors.update(await viewer(req), req.params.id, camelBody(req))));
  });

  r.delete("/:id", async (req, res) => {
    const gone = await competitors.remove(await viewer(req), req.params.id);
    res.json({ id: gone.id, deleted: true });
  });

  /** The readings, newest first. */
  r.get("/:id/snapshots", async (req, res) => {
    res.json({ snapshots: (await competitors.snapshots(await viewer(req), req.params.id)).map(restSnapshot) });
  });

  /** {day, followers?, posts_per_week?, avg_engagement?, top_themes?}: 201 new, 200 when it replaced that day's. */
  r.post("/:id/snapshots", async (req, res) => {
    const { snapshot, replaced } = await competitors.saveSnapshot(await viewer(req), req.params.id, camelBody(req));
    res.status(replaced ? 200 : 201).json({ ...restSnapshot(snapshot), replaced });
  });

  r.delete("/:id/snapshots/:day", async (req, res) => {
    const gone = await competitors.removeSnapshot(await viewer(req), req.params.id, req.params.day);
    res.json({ competitor_id: gone.competitorId, day: gone.day, deleted: true });
  });

  /** Today's figures read from Instagram (business discovery). */
  r.post("/:id/fetch", async (req, res) => {
    const { competitor, snapshot, replaced } = await competitors.fetchFromInstagram(await viewer(req), req.params.id);
    res.json({ competitor: restCompetitor(competitor), snapshot: restSnapshot(snapshot), replaced });
  });

  return r;
}
