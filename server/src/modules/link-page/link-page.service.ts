// The café's link-in-bio page (docs/architecture.md#link-page): its settings (the address's name, the bio, which
// blocks show), publishing, the preview the Settings card shows, and the public page /l/<slug>. The page is built
// from a whitelist of public fields (never the account's phone or email, the team, drafts or guests), and every
// button goes through a short link so the café sees its clicks (docs/architecture.md#short-links).
import {
  addDays,
  deliveryAppSchema,
  hoursOn,
  isRamadanDay,
  kuwaitDate,
  linkPageSchema,
  proposeLinkPageSlug,
  WEEK_DAYS,
  type HoursPeriod,
  type Locale,
  type SpecialHoursSpan,
  type WeeklyPeriod,
} from "@sufra/schema";
import type { Deps, RequestMeta } from "../../deps.ts";
import { AppError, validate } from "../../kernel/errors.ts";
import { audit } from "../../kernel/audit.ts";
import type { Viewer } from "../../kernel/policy.ts";
import type { LinkPage, Media } from "../../generated/prisma/client.ts";
import { requirePersonOfBusiness } from "../team/index.ts";
import type { MediaService } from "../media/index.ts";
import type { ShortLinkSpec, ShortLinksService } from "../short-links/index.ts";
import {
  BUTTON_LABELS,
  linkPageHtml,
  orderLabel,
  type LinkPageView,
  type PageButton,
  type PageHours,
  type PageMenuSection,
  type PagePhoto,
} from "./link-page.page.ts";

/** What the Settings card edits: the saved page, or the proposal for a café that has none yet (saved: false). */
export interface LinkPageSettings {
  slug: string;
  published: boolean;
  publishedAt: Date | null;
  bio: string | null;
  bioAr: string | null;
  showMenu: boolean;
  showHours: boolean;
  showPosts: boolean;
  showMap: boolean;
  saved: boolean;
  /** the page's public address */
  url: string;
}

/** How long a rendered page is served again before it is rendered anew (docs/architecture.md#link-page). */
export const PAGE_CACHE_MS = 10_000;
/** How many of the latest published posts the page shows. */
const LINK_PAGE_POSTS = 6;
/** The menu thumbnail's longest side (media's "thumb" variant: WebP fitted inside 320 px). */
const THUMB_MAX = 320;
const PUBLISHED_POSTS = ["published", "partially_published"] as const;
const CAPTION_CHARS = 140;

const isUniqueViolation = (e: unknown) => (e as { code?: string })?.code === "P2002";
const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const HHMM = /^([01]\d|2[0-4]):[0-5]\d$/;

/** The regular week as stored (Business.weeklyHours, schema/src/hours.ts); anything else in the JSON is left out. */
function weeklyOf(json: unknown): WeeklyPeriod[] {
  if (!Array.isArray(json)) return [];
  return json.flatMap((p: unknown) => {
    const o = p as Partial<WeeklyPeriod> | null;
    return o &&
      (WEEK_DAYS as readonly string[]).includes(o.day ?? "") &&
      HHMM.test(o.open ?? "") &&
      HHMM.test(o.close ?? "")
      ? [{ day: o.day!, open: o.open!, close: o.close! }]
      : [];
  });
}

const periodsOf = (json: unknown): HoursPeriod[] =>
  weeklyOf(Array.isArray(json) ? json.map((p) => ({ ...p, day: "SUNDAY" })) : []);

/** The thumbnail's size: the original fitted inside 320 px, never enlarged (media/images.ts makes it so). */
function thumbSize(m: Pick<Media, "width" | "height">): { width: number; height: number } {
  const w = m.width || THUMB_MAX;
  const h = m.height || THUMB_MAX;
  const scale = Math.min(1, THUMB_MAX / Math.max(w, h));
  return { width: Math.max(1, Math.round(w * scale)), height: Math.max(1, Math.round(h * scale)) };
}

export function createLinkPageService(
  deps: Deps,
  opts: { media: MediaService; shortLinks: ShortLinksService; now?: () => Date; cacheMs?: number },
) {
  const { db, config } = deps;
  const now = opts.now ?? (() => new Date());
  const pageUrl = (slug: string) => `${config.publicUrl}/l/${slug}`;

  // the rendered page, kept a few seconds per (slug, language, Kuwait day): a post going viral is one render per
  // PAGE_CACHE_MS, not one per visitor (the answer is cached a minute downstream anyway, rest.ts); the café's own
  // changes through this service drop its pages at once
  const cacheMs = opts.cacheMs ?? PAGE_CACHE_MS;
  const rendered = new Map<string, { html: string; businessId: string; at: number }>();
  const forget = (businessId: string) => {
    for (const [k, v] of rendered) if (v.businessId === businessId) rendered.delete(k);
  };

  // a link is made once per what it is (short-links' key) and never changes: kept here so a page rendered a thousand
  // times reads none again; bounded, emptied when full
  const links = new Map<string, string>();
  async function shortLink(businessId: string, spec: ShortLinkSpec): Promise<string> {
    const k = JSON.stringify([
      businessId,
      spec.button ?? null,
      spec.postId ?? null,
      spec.platform ?? null,
      spec.target,
    ]);
    let url = links.get(k);
    if (url === undefined) {
      url = (await opts.shortLinks.linkFor(businessId, spec)).url;
      if (links.size >= 20_000) links.clear();
      links.set(k, url);
    }
    return url;
  }

  const settingsOf = (row: LinkPage | null, companyName: string, slug?: string): LinkPageSettings => {
    const s = row?.slug ?? slug ?? proposeLinkPageSlug(companyName);
    return {
      slug: s,
      published: row?.published ?? false,
      publishedAt: row?.publishedAt ?? null,
      bio: row?.bio ?? null,
      bioAr: row?.bioAr ?? null,
      showMenu: row?.showMenu ?? true,
      showHours: row?.showHours ?? true,
      showPosts: row?.showPosts ?? true,
      showMap: row?.showMap ?? true,
      saved: !!row,
      url: pageUrl(s),
    };
  };

  /** A free address name for a café without a page: the proposal, then -2, -3... when another café has it. */
  async function freeSlug(businessId: string, companyName: string): Promise<string> {
    const base = proposeLinkPageSlug(companyName);
    for (let n = 1; n < 50; n++) {
      const s = n === 1 ? base : `${base.slice(0, 40 - String(n).length - 1)}-${n}`;
      const taken = await db.linkPage.findUnique({ where: { slug: s }, select: { businessId: true } });
      if (!taken || taken.businessId === businessId) return s;
    }
    return `${base.slice(0, 31)}-${Date.now().toString(36).slice(-8)}`;
  }

  async function load(businessId: string) {
    const b = await db.business.findUniqueOrThrow({
      where: { id: businessId },
      select: { companyName: true, linkPage: true },
    });
    return { companyName: b.companyName, row: b.linkPage };
  }

  const slugTaken = () => new AppError("VALIDATION_ERROR", { slug: ["linkPageSlugTaken"] });

  /** Saves `changes` (validated), creating the row with a free proposed slug the first time. */
  async function save(businessId: string, companyName: string, data: Partial<LinkPage>) {
    if (data.slug) {
      const holder = await db.linkPage.findUnique({ where: { slug: data.slug }, select: { businessId: true } });
      if (holder && holder.businessId !== businessId) throw slugTaken();
    }
    try {
      return await db.linkPage.upsert({
        where: { businessId },
        create: { businessId, slug: data.slug ?? (await freeSlug(businessId, companyName)), ...data },
        update: data,
      });
    } catch (e) {
      // two cafés choosing the same name at once: the unique index decides, the loser is told as above
      if (isUniqueViolation(e)) throw slugTaken();
      throw e;
    }
  }

  // ------------------------------------------------------------------------------------------- the page's view

  // whether a day is in Ramadan (the calendar's reckoning costs milliseconds): once per Kuwait date
  const ramadanDays = new Map<string, boolean>();
  const ramadanOn = (date: string) => {
    let r = ramadanDays.get(date);
    if (r === undefined) {
      r = isRamadanDay(date);
      if (ramadanDays.size > 400) ramadanDays.clear();
      ramadanDays.set(date, r);
    }
    return r;
  };

  /** The latest published posts with their first photo and a published network's address: three flat reads (a
   * nested `take` per post would be two more reads per post). */
  async function latestPosts(businessId: string) {
    const posts = await db.post.findMany({
      where: { businessId, status: { in: [...PUBLISHED_POSTS] } },
      orderBy: [{ publishedAt: { sort: "desc", nulls: "last" } }, { createdAt: "desc" }],
      take: LINK_PAGE_POSTS,
      select: { id: true, content: true, publishedAt: true, createdAt: true },
    });
    const ids = posts.map((p) => p.id);
    const [media, targets] = ids.length
      ? await Promise.all([
          db.postMedia.findMany({
            where: { postId: { in: ids } },
            orderBy: { position: "asc" },
            include: { media: true },
          }),
          db.postTarget.findMany({
            where: { postId: { in: ids }, status: "published", permalink: { not: null } },
            orderBy: { publishedAt: "desc" },
            select: { postId: true, permalink: true },
          }),
        ])
      : [[], []];
    return posts.map((p) => ({
      ...p,
      media: media.find((m) => m.postId === p.id)?.media ?? null,
      permalink: targets.find((t) => t.postId === p.id)?.permalink ?? null,
    }));
  }

  /** Everything the page shows, from public fields only. `preview`: buttons lead to their destinations directly
   * (no short link is made for a draft, no click counted from Settings). */
  async function viewOf(
    businessId: string,
    s: Omit<LinkPageSettings, "url" | "saved" | "publishedAt">,
    preview: boolean,
    /** the post (and its network and campaign) whose caption link brought the visitor: the buttons count for it */
    came: Pick<ShortLinkSpec, "postId" | "platform" | "campaignId"> | null = null,
  ) {
    const today = kuwaitDate(now());
    // every read at once: the page's time is one round trip's, not five
    const [b, specialRows, postRows, items, menuPhotos] = await Promise.all([
      db.business.findUniqueOrThrow({
        where: { id: businessId },
        select: {
          companyName: true,
          nameAr: true,
          cuisine: true,
          area: true,
          address: true,
          addressAr: true,
          mapUrl: true,
          hours: true,
          hoursAr: true,
          ramadanHours: true,
          ramadanHoursAr: true,
          deliveryApps: true,
          reservationMode: true,
          reservationPhone: true,
          reservationUrl: true,
          publicPhone: true,
          weeklyHours: true,
          demo: true,
        },
      }),
      s.showHours
        ? db.specialHours.findMany({
            where: {
              businessId,
              locationId: null,
              status: "confirmed",
              startDate: { lte: new Date(`${addDays(today, 6)}T00:00:00Z`) },
              endDate: { gte: new Date(`${today}T00:00:00Z`) },
            },
            orderBy: { startDate: "asc" },
          })
        : [],
      s.showPosts ? latestPosts(businessId) : [],
      s.showMenu
        ? db.menuItem.findMany({
            where: { businessId },
            orderBy: [{ position: "asc" }, { createdAt: "asc" }],
            select: { id: true, name: true, nameAr: true, priceKwd: true, section: true, sectionAr: true },
          })
        : [],
      s.showMenu
        ? db.media.findMany({
            where: { businessId, kind: "image", menuItemId: { not: null } },
            orderBy: { createdAt: "asc" },
          })
        : [],
    ]);
    const link = (spec: Omit<ShortLinkSpec, "kind">) =>
      preview ? Promise.resolve(spec.target) : shortLink(businessId, { kind: "link_page", ...came, ...spec });

    const buttons: PageButton[] = [];
    if (b.publicPhone) {
      const target = `https://wa.me/${b.publicPhone.replace(/\D/g, "")}`;
      buttons.push({
        key: "whatsapp",
        href: await link({ target, button: "whatsapp" }),
        label: BUTTON_LABELS.whatsapp,
      });
    }
    for (const raw of Array.isArray(b.deliveryApps) ? b.deliveryApps : []) {
      const a = deliveryAppSchema.safeParse(raw);
      if (!a.success) continue;
      // counted under the app's key; two "other" stores stay two links (a link's key holds its target)
      const button = a.data.app;
      buttons.push({
        key: a.data.app,
        href: await link({ target: a.data.url, button }),
        label: orderLabel(a.data.app, a.data.name ?? null),
      });
    }
    if (b.reservationMode === "link" && b.reservationUrl)
      buttons.push({
        key: "reservation",
        href: await link({ target: b.reservationUrl, button: "reservation" }),
        label: BUTTON_LABELS.book,
      });
    if (b.reservationMode === "phone" && b.reservationPhone)
      buttons.push({
        key: "call",
        href: await link({ target: `tel:${b.reservationPhone}`, button: "call" }),
        label: BUTTON_LABELS.call,
      });

    let map: string | null = null;
    const address = { en: b.address.trim() || null, ar: b.addressAr?.trim() || null };
    if (s.showMap) {
      // Google's Maps URLs search (documented, no key) when the café gave an address but no map link
      const target =
        b.mapUrl ??
        (address.en || address.ar
          ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address.en ?? address.ar!)}`
          : null);
      if (target) map = await link({ target, button: "map" });
    }

    let hours: PageHours | null = null;
    if (s.showHours) {
      const weekly = weeklyOf(b.weeklyHours);
      if (weekly.length) {
        const rows = specialRows;
        const specials: SpecialHoursSpan[] = rows.map((r) => ({
          occasion: r.occasion,
          startDate: isoDate(r.startDate),
          endDate: isoDate(r.endDate),
          closed: r.closed,
          periods: periodsOf(r.periods),
        }));
        hours = {
          kind: "week",
          days: Array.from({ length: 7 }, (_, i) => {
            const date = addDays(today, i);
            const h = hoursOn(date, weekly, specials);
            return {
              date,
              day: WEEK_DAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]!,
              closed: h.closed,
              periods: h.periods,
              occasion: h.special?.occasion ?? null,
            };
          }),
        };
      } else {
        // the café's own words until it fills the week; its Ramadan words while the calendar says it is Ramadan
        const ramadan = !!(b.ramadanHours || b.ramadanHoursAr) && ramadanOn(today);
        const text = ramadan
          ? { en: b.ramadanHours || null, ar: b.ramadanHoursAr || null }
          : { en: b.hours || null, ar: b.hoursAr || null };
        if (text.en || text.ar) hours = { kind: "text", text, ramadan };
      }
    }

    const signed = (m: Media): PagePhoto | null => {
      const u = opts.media.urls(m);
      return u.thumbnailUrl ? { src: u.thumbnailUrl, ...thumbSize(m) } : null;
    };

    let menu: PageMenuSection[] = [];
    let image: LinkPageView["image"] = null;
    const ogImage = (m: Media | undefined) => {
      if (image || !m) return;
      const c = opts.media.urls(m, { absolute: true }).crops;
      const best = c.find((x) => x.name === "landscape") ?? c[0];
      if (best) image = { url: best.url, width: best.width, height: best.height };
    };

    const posts: LinkPageView["posts"] = [];
    if (s.showPosts) {
      const rows = postRows;
      for (const p of rows) {
        const m = p.media;
        const photo = m && m.kind === "image" ? signed(m) : null;
        if (m?.kind === "image") ogImage(m);
        const permalink = p.permalink;
        const href =
          permalink && /^https:\/\//.test(permalink)
            ? await link({ target: permalink, button: "post", postId: p.id })
            : null;
        const caption = p.content.trim();
        posts.push({
          caption: caption.length > CAPTION_CHARS ? `${caption.slice(0, CAPTION_CHARS - 1).trimEnd()}…` : caption,
          photo,
          href,
          publishedAt: (p.publishedAt ?? p.createdAt).toISOString(),
        });
      }
    }

    if (s.showMenu) {
      const photos = menuPhotos;
      const photoOf = new Map<string, Media>();
      for (const m of photos) if (!photoOf.has(m.menuItemId!)) photoOf.set(m.menuItemId!, m);
      const bySection = new Map<string, PageMenuSection>();
      for (const i of items) {
        const k = `${i.section ?? ""}\n${i.sectionAr ?? ""}`;
        let sec = bySection.get(k);
        if (!sec) bySection.set(k, (sec = { name: { en: i.section, ar: i.sectionAr }, items: [] }));
        const m = photoOf.get(i.id);
        ogImage(m);
        sec.items.push({
          name: i.name,
          nameAr: i.nameAr,
          // KWD with its three decimals (a dinar is 1000 fils), as the database keeps it
          price: i.priceKwd === null ? null : i.priceKwd.toFixed(3),
          photo: m ? signed(m) : null,
        });
      }
      menu = [...bySection.values()];
    }

    const view: LinkPageView = {
      name: b.companyName,
      nameAr: b.nameAr,
      cuisine: b.cuisine,
      area: b.area,
      bio: s.bio,
      bioAr: s.bioAr,
      address,
      demo: b.demo,
      buttons,
      map,
      hours,
      menu,
      posts,
      image,
    };
    return { view, today };
  }

  const writer = (viewer: Viewer | null) => requirePersonOfBusiness(viewer);

  return {
    /** The café's page settings (a proposal with a free address name before the first save). */
    async get(viewer: Viewer | null): Promise<LinkPageSettings> {
      const v = writer(viewer);
      const { companyName, row } = await load(v.businessId);
      return settingsOf(row, companyName, row ? undefined : await freeSlug(v.businessId, companyName));
    },

    /** Changes the settings; a field left out stays. An address name another café has: linkPageSlugTaken. */
    async update(viewer: Viewer | null, input: unknown, meta: RequestMeta): Promise<LinkPageSettings> {
      const v = writer(viewer);
      const changes = validate(linkPageSchema, input);
      const { companyName } = await load(v.businessId);
      const data = Object.fromEntries(Object.entries(changes).filter(([, x]) => x !== undefined)) as Partial<LinkPage>;
      const row = await save(v.businessId, companyName, data);
      forget(v.businessId);
      await db.$transaction((tx) =>
        audit(tx, {
          actorId: v.userId,
          action: "link_page.updated",
          entityType: "business",
          entityId: v.businessId,
          data: { fields: Object.keys(data) },
          ip: meta.ip,
        }),
      );
      return settingsOf(row, companyName);
    },

    /** Publishes (visitors see /l/<slug>) or unpublishes (they get the not-found page) the café's page. */
    async setPublished(viewer: Viewer | null, published: boolean, meta: RequestMeta): Promise<LinkPageSettings> {
      const v = writer(viewer);
      const { companyName, row: before } = await load(v.businessId);
      const row = await save(v.businessId, companyName, {
        published,
        publishedAt: published ? (before?.published ? before.publishedAt : now()) : (before?.publishedAt ?? null),
      });
      forget(v.businessId);
      await db.$transaction((tx) =>
        audit(tx, {
          actorId: v.userId,
          action: published ? "link_page.published" : "link_page.unpublished",
          entityType: "business",
          entityId: v.businessId,
          data: { slug: row.slug },
          ip: meta.ip,
        }),
      );
      return settingsOf(row, companyName);
    },

    /**
     * The page as it would look with `draft` (unsaved changes of the Settings card) over the saved settings, for
     * the live preview. Checked by the same rules; a draft's address name is not checked for uniqueness here.
     */
    async preview(viewer: Viewer | null, draft: unknown, locale: Locale): Promise<string> {
      const v = writer(viewer);
      const changes = validate(linkPageSchema, draft ?? {});
      const { companyName, row } = await load(v.businessId);
      const base = settingsOf(row, companyName);
      const merged = Object.fromEntries(Object.entries(changes).filter(([, x]) => x !== undefined));
      const s = { ...base, ...merged };
      const { view, today } = await viewOf(v.businessId, s, true);
      return linkPageHtml(view, locale, { canonical: pageUrl(s.slug), today, preview: true });
    },

    /** The public page of a published slug, or null (unknown, unpublished or not a slug at all). */
    async page(
      slug: string,
      locale: Locale,
      /** `from`: the caption's short code that brought the visitor (short-links' follow adds it) */
      from?: unknown,
    ): Promise<{ html: string; businessId: string } | null> {
      if (typeof slug !== "string" || slug.length > 40 || !/^[a-z0-9-]+$/.test(slug)) return null;
      const at = now().getTime();
      let row: LinkPage | null = null;
      let came: Awaited<ReturnType<ShortLinksService["cameFrom"]>> = null;
      if (from !== undefined) {
        // a made-up or another café's code is the plain page (and its cached render)
        row = await db.linkPage.findUnique({ where: { slug } });
        if (!row?.published) return null;
        came = await opts.shortLinks.cameFrom(row.businessId, from);
      }
      const key = `${slug}\n${locale}\n${kuwaitDate(now())}\n${came ? `${came.postId}\n${came.platform}` : ""}`;
      const kept = rendered.get(key);
      if (kept && at - kept.at < cacheMs) return { html: kept.html, businessId: kept.businessId };
      row ??= await db.linkPage.findUnique({ where: { slug } });
      if (!row?.published) return null;
      const { view, today } = await viewOf(row.businessId, row, false, came);
      const html = linkPageHtml(view, locale, { canonical: pageUrl(row.slug), today });
      if (cacheMs > 0) {
        if (rendered.size >= 2_000) rendered.clear();
        rendered.set(key, { html, businessId: row.businessId, at });
      }
      return { html, businessId: row.businessId };
    },
  };
}
