// Review requests at the REST door (docs/architecture.md#review-requests): thin, the service decides who reads which
// location; the web client downloads a file with fetch and the session's Authorization header.
import { Router, type Response } from "express";
import { viewerOf } from "../../http/rest.ts";
import type { Services } from "../../services.ts";
import type { ReviewRequest } from "./review-requests.service.ts";

const one = (v: unknown) => (Array.isArray(v) ? v[0] : v);

const restReviewRequest = (r: ReviewRequest) => ({
  location_id: r.locationId,
  branch: r.branch,
  address: r.address,
  review_url: r.reviewUrl,
  code: r.code,
  short_url: r.shortUrl,
  problem: r.problem,
});

function sendFile(res: Response, type: string, file: { fileName: string; body: Buffer }) {
  res.set({
    "Content-Type": type,
    "Content-Disposition": `attachment; filename="${file.fileName}"`,
    "Content-Length": String(file.body.length),
    "Cache-Control": "no-store",
  });
  res.end(file.body);
}

/** Mounted at /api/review-requests. */
export function reviewRequestsRouter(services: Services) {
  const r = Router();

  /** GET /api/review-requests : every picked location with its short link, or why it has none */
  r.get("/", async (req, res) => {
    const viewer = await viewerOf(services, req);
    res.json({ review_requests: (await services.reviewRequests.list(viewer)).map(restReviewRequest) });
  });

  /** GET /api/review-requests/:locationId : one location's short link */
  r.get("/:locationId", async (req, res) => {
    const viewer = await viewerOf(services, req);
    res.json(restReviewRequest(await services.reviewRequests.one(viewer, req.params.locationId)));
  });

  /** GET /api/review-requests/:locationId/qr.png?size= : the QR code of the short link */
  r.get("/:locationId/qr.png", async (req, res) => {
    const viewer = await viewerOf(services, req);
    sendFile(
      res,
      "image/png",
      await services.reviewRequests.png(viewer, req.params.locationId, { size: one(req.query.size) }),
    );
  });

  /** GET /api/review-requests/:locationId/qr.pdf?format=table_tent|receipt&lang=en|ar|both : a printable card */
  r.get("/:locationId/qr.pdf", async (req, res) => {
    const viewer = await viewerOf(services, req);
    sendFile(
      res,
      "application/pdf",
      await services.reviewRequests.pdf(viewer, req.params.locationId, {
        format: one(req.query.format),
        lang: one(req.query.lang),
      }),
    );
  });

  return r;
}
