// REST compatibility for /api/auth (docs/product.md#rest-compatibility): thin, calls the auth service.
import { Router } from "express";
import { messageText, PLANS, type Locale, type MessageKey } from "@sufra/schema";
import { camelBody, metaOf, optionalViewer, viewerOf } from "../../http/rest.ts";
import type { Services } from "../../services.ts";
import { restMembership, restUser } from "./user.shape.ts";

export function authRouter(services: Services) {
  const r = Router();
  const { auth } = services;
  const said = (key: MessageKey, locale: Locale, params?: Record<string, string>) => ({
    message: messageText(key, locale, params),
  });

  r.post("/login", async (req, res) => {
    const { user, accessToken, refreshToken } = await auth.login(camelBody(req), metaOf(req));
    res.json({ user: restUser(user), access_token: accessToken, refresh_token: refreshToken });
  });

  r.post("/register", async (req, res) => {
    const meta = metaOf(req);
    const { user, business } = await auth.register({ locale: meta.locale, ...camelBody(req) }, meta);
    res.status(201).json({
      ...said("registrationSuccess", meta.locale, { plan: PLANS[business.requestedPlan].name[meta.locale] }),
      user: restUser(user),
      business: { id: business.id, status: business.status, requested_plan: business.requestedPlan },
    });
  });

  r.post("/refresh", async (req, res) => {
    const { accessToken } = await auth.refresh(camelBody(req));
    res.json({ access_token: accessToken });
  });

  r.post("/logout", async (req, res) => {
    const body = camelBody(req);
    await auth.logout(
      { refreshToken: typeof body.refreshToken === "string" ? body.refreshToken : null },
      await optionalViewer(services, req),
    );
    res.json(said("loggedOut", metaOf(req).locale));
  });

  r.get("/me", async (req, res) => {
    res.json(restUser(await auth.me(await viewerOf(services, req))));
  });

  // the businesses the person belongs to, and choosing one (docs/architecture.md#memberships)
  r.get("/businesses", async (req, res) => {
    res.json({ businesses: (await auth.businesses(await viewerOf(services, req, "person"))).map(restMembership) });
  });

  r.post("/businesses/:id/use", async (req, res) => {
    res.json(restUser(await auth.useBusiness(await viewerOf(services, req, "person"), req.params.id)));
  });

  r.put("/profile", async (req, res) => {
    res.json(restUser(await auth.updateProfile(await viewerOf(services, req), camelBody(req), metaOf(req))));
  });

  r.post("/change-password", async (req, res) => {
    await auth.changePassword(await viewerOf(services, req), camelBody(req), metaOf(req));
    res.json(said("passwordChanged", metaOf(req).locale));
  });

  r.post("/forgot-password", async (req, res) => {
    await auth.forgotPassword(camelBody(req), metaOf(req));
    res.json(said("resetLinkSent", metaOf(req).locale));
  });

  r.post("/reset-password", async (req, res) => {
    await auth.resetPassword(camelBody(req), metaOf(req));
    res.json(said("passwordReset", metaOf(req).locale));
  });

  r.post("/verify-email", async (req, res) => {
    await auth.verifyEmail(camelBody(req), metaOf(req));
    res.json(said("emailVerified", metaOf(req).locale));
  });

  r.post("/resend-verification", async (req, res) => {
    await auth.resendVerification(camelBody(req), await optionalViewer(services, req), metaOf(req));
    res.json(said("verificationSent", metaOf(req).locale));
  });

  return r;
}
