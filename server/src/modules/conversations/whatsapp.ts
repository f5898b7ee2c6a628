// The café's WhatsApp number and its templates (docs/product.md#conversations). Connecting is Meta's
// Embedded Signup: the browser's popup answers a code with the WhatsApp Business Account and phone number
// the person picked; the server exchanges the code, registers the number and subscribes the account to
// this server's webhook (the channel's connect), and keeps the business token sealed. Templates are
// drafted here in either language, submitted for Meta's review, and their state comes back by webhook
// (receive.ts) or a read of the account's templates.
import { whatsappConnectSchema, whatsappTemplateSchema } from "@sufra/schema";
import type { ChannelAdapter } from "../../channels/types.ts";
import type { Deps } from "../../deps.ts";
import { audit } from "../../kernel/audit.ts";
import { AppError, validate } from "../../kernel/errors.ts";
import { isUuid } from "../../kernel/ids.ts";
import { requireScope, type Viewer } from "../../kernel/policy.ts";
import { createTokenCrypto } from "../../kernel/token-crypto.ts";
import { PlatformError } from "../../networks/types.ts";
import { requireCafeManager } from "./rights.ts";

export function createWhatsapp(deps: Deps, opts: { channel: () => ChannelAdapter | undefined }) {
  const { db } = deps;
  const crypto = createTokenCrypto(deps.config.tokenKey);

  const requireManager = (viewer: Viewer | null) => requireCafeManager(db, viewer);

  function adapter() {
    const a = opts.channel();
    if (!a?.configured() || !a.connect) throw new AppError("CHANNEL_NOT_CONNECTED");
    return a;
  }

  const refused = (e: unknown): never => {
    if (e instanceof PlatformError) {
      deps.logger.warn("whatsapp refused", { kind: e.kind, reason: e.platformMessage });
      throw new AppError(e.kind === "rejected" || e.kind === "auth" ? "WHATSAPP_REFUSED" : "NETWORK_UNAVAILABLE");
    }
    throw e;
  };

  async function numberOf(businessId: string) {
    const n = await db.whatsappNumber.findFirst({ where: { businessId }, orderBy: { createdAt: "desc" } });
    if (!n) throw new AppError("CHANNEL_NOT_CONNECTED");
    return { n, access: { externalId: n.phoneNumberId, accessToken: crypto.open(n.tokenSealed), groupId: n.wabaId } };
  }

  return {
    /** What the browser needs to open Embedded Signup (the Meta app and its configuration); null when not set up. */
    signup(viewer: Viewer | null): { appId: string; configId: string; graphVersion: string } | null {
      requireScope(viewer, "business");
      const cfg = deps.config.platforms.whatsapp;
      if (!cfg.appId || !cfg.configId || !opts.channel()?.configured()) return null;
      return {
        appId: cfg.appId,
        configId: cfg.configId,
        graphVersion: cfg.graphUrl.match(/\/(v\d+\.\d+)$/)?.[1] ?? "v23.0",
      };
    },

    numbers(viewer: Viewer | null) {
      const v = requireScope(viewer, "business");
      return db.whatsappNumber.findMany({ where: { businessId: v.businessId! }, orderBy: { createdAt: "asc" } });
    },

    /** Embedded Signup's code, number and account: connected, registered and subscribed, the token sealed. */
    async connect(viewer: Viewer | null, raw: unknown) {
      const { v, businessId } = await requireManager(viewer);
      const input = validate(whatsappConnectSchema, raw);
      const taken = await db.whatsappNumber.findUnique({ where: { phoneNumberId: input.phoneNumberId } });
      if (taken && taken.businessId !== businessId)
        throw new AppError("VALIDATION_ERROR", { phoneNumberId: ["invalidValue"] });
      const got = await adapter().connect!({
        code: input.code,
        phoneNumberId: input.phoneNumberId,
        groupId: input.wabaId,
        pin: input.pin,
      }).catch(refused);
      const data = {
        businessId,
        wabaId: got.groupId,
        displayPhone: got.displayPhone,
        verifiedName: got.verifiedName,
        tokenSealed: crypto.seal(got.accessToken),
        status: "connected",
        lastError: null,
      };
      const row = await db.$transaction(async (tx) => {
        const r = await tx.whatsappNumber.upsert({
          where: { phoneNumberId: got.phoneNumberId },
          create: { ...data, phoneNumberId: got.phoneNumberId },
          update: data,
        });
        await audit(tx, {
          actorId: v.userId ?? null,
          action: "whatsapp.connected",
          entityType: "whatsapp_number",
          entityId: r.id,
          data: { displayPhone: got.displayPhone },
        });
        return r;
      });
      return row;
    },

    async disconnect(viewer: Viewer | null, id: unknown) {
      const { v, businessId } = await requireManager(viewer);
      if (!isUuid(id)) throw new AppError("NOT_FOUND");
      return db.$transaction(async (tx) => {
        const r = await tx.whatsappNumber.deleteMany({ where: { id, businessId } });
        if (!r.count) throw new AppError("NOT_FOUND");
        await audit(tx, {
          actorId: v.userId ?? null,
          action: "whatsapp.disconnected",
          entityType: "whatsapp_number",
          entityId: id,
        });
        return true;
      });
    },

    templates(viewer: Viewer | null) {
      const v = requireScope(viewer, "business");
      return db.whatsappTemplate.findMany({
        where: { businessId: v.businessId! },
        orderBy: [{ name: "asc" }, { language: "asc" }],
      });
    },

    /** A draft in one language; a template already submitted is changed only by a new name (Meta's rule). */
    async saveTemplate(viewer: Viewer | null, raw: unknown) {
      const { businessId } = await requireManager(viewer);
      const input = validate(whatsappTemplateSchema, raw);
      const current = await db.whatsappTemplate.findUnique({
        where: { businessId_name_language: { businessId, name: input.name, language: input.language } },
      });
      if (current && current.status !== "draft" && current.status !== "rejected") throw new AppError("INVALID_STATE");
      return db.whatsappTemplate.upsert({
        where: { businessId_name_language: { businessId, name: input.name, language: input.language } },
        create: { ...input, businessId },
        update: { ...input, status: "draft", reason: null },
      });
    },

    /** Sends a draft to Meta for review: pending until its webhook (or a read) says approved or rejected. */
    async submitTemplate(viewer: Viewer | null, id: unknown) {
      const { businessId } = await requireManager(viewer);
      if (!isUuid(id)) throw new AppError("NOT_FOUND");
      const t = await db.whatsappTemplate.findFirst({ where: { id, businessId } });
      if (!t) throw new AppError("NOT_FOUND");
      if (t.status !== "draft" && t.status !== "rejected") throw new AppError("INVALID_STATE");
      const { access } = await numberOf(businessId);
      const got = await adapter().submitTemplate!(access, {
        name: t.name,
        language: t.language,
        category: t.category as "UTILITY" | "MARKETING",
        body: t.body,
        examples: t.examples,
      }).catch(async (e: unknown) => {
        // Meta's reason stays on the draft for the person to read
        if (e instanceof PlatformError)
          await db.whatsappTemplate.update({ where: { id: t.id }, data: { reason: e.platformMessage } });
        return refused(e);
      });
      return db.whatsappTemplate.update({
        where: { id: t.id },
        data: { status: got.state, externalId: got.externalId, reason: got.reason ?? null, submittedAt: new Date() },
      });
    },

    /** Reads the account's templates from Meta: the review states of those Sufra submitted. */
    async refreshTemplates(viewer: Viewer | null) {
      const v = requireScope(viewer, "business");
      const { access } = await numberOf(v.businessId!);
      const list = await adapter().templates!(access).catch(refused);
      for (const t of list)
        await db.whatsappTemplate.updateMany({
          where: { businessId: v.businessId!, name: t.name, language: t.language },
          data: { status: t.state, externalId: t.externalId, reason: t.reason ?? null },
        });
      return db.whatsappTemplate.findMany({ where: { businessId: v.businessId! }, orderBy: { name: "asc" } });
    },
  };
}
