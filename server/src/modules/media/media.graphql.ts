// The media library at the GraphQL door: thin, every field calls the media service. Uploading stays
// REST (POST /api/posts/media, multipart, so the client can show progress); the answer's id is the
// Media id used here and in posts.
import { builder } from "../../graphql/builder.ts";
import type { GraphQLContext } from "../../graphql/context.ts";
import { MediaRef } from "../../graphql/refs.ts";
import type { Media } from "../../generated/prisma/client.ts";
import { connectionComplexity, idConnection } from "../../kernel/pagination.ts";

const MediaKindEnum = builder.enumType("MediaKind", {
  description: "Whether a media is a picture or a video.",
  values: {
    IMAGE: { value: "image", description: "A picture: JPEG, PNG, WebP or an animated GIF (which only X takes)." },
    VIDEO: { value: "video", description: "A video: MP4." },
  } as const,
});

type CropShape = { name: string; url: string; width: number; height: number };
const MediaCropRef = builder.objectRef<CropShape>("MediaCrop").implement({
  description: "A JPEG crop at a network's size: square 1:1, portrait 4:5, landscape 1.91:1.",
  fields: (t) => ({
    name: t.exposeString("name", { description: "Which crop: square, portrait or landscape." }),
    url: t.exposeString("url", {
      description:
        "Signed URL of the crop (JPEG): root-relative for a signed-in person, absolute for an API key; works for about a day.",
    }),
    width: t.exposeInt("width", { description: "Width in pixels (1080)." }),
    height: t.exposeInt("height", { description: "Height in pixels: 1080 square, 1350 portrait, 566 landscape." }),
  }),
});

/**
 * Media URLs are root-relative for the web client (it loads them from the address the page was opened
 * by) and absolute on PUBLIC_URL for an API key's caller, an integration with no page to resolve them
 * against (docs/product.md#roles).
 */
const URL_FORM =
  "root-relative (/media/...) for a signed-in person, absolute (on the server's public address) for an API key; works for about a day (24 to 25 hours).";
// url, thumbnailUrl and crops each need them: built once per media row and form
const urlsMemo = new WeakMap<
  Media,
  Partial<Record<"absolute" | "relative", ReturnType<GraphQLContext["services"]["media"]["urls"]>>>
>();
const urlsFor = (m: Media, ctx: GraphQLContext) => {
  const absolute = !!ctx.viewer?.apiKeyId;
  const kept = urlsMemo.get(m) ?? {};
  const form = absolute ? "absolute" : "relative";
  if (!kept[form]) urlsMemo.set(m, { ...kept, [form]: ctx.services.media.urls(m, { absolute }) });
  return urlsMemo.get(m)![form]!;
};

/** A file of the media library, declared in graphql/refs.ts: posts and the planner show it too. */
MediaRef.implement({
  description: "A file of the business's media library: an image or a video, with its signed URLs.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The media's id (a UUID): PostInput.mediaIds takes it." }),
    kind: t.expose("kind", { description: "Image or video.", type: MediaKindEnum }),
    mime: t.exposeString("mime", {
      description: "The file's MIME type as stored (image/jpeg, image/png, image/webp, image/gif or video/mp4).",
    }),
    bytes: t.exposeInt("bytes", { description: "The file's size in bytes, as uploaded." }),
    width: t.exposeInt("width", { description: "Width in pixels; null when unknown.", nullable: true }),
    height: t.exposeInt("height", { description: "Height in pixels; null when unknown.", nullable: true }),
    durationMs: t.exposeInt("durationMs", {
      description: "A video's length in milliseconds; null for an image.",
      nullable: true,
    }),
    originalName: t.exposeString("originalName", {
      description: 'The file name it was uploaded with ("upload" when it had none).',
    }),
    url: t.string({
      description: `Signed URL of the file as uploaded; ${URL_FORM}`,
      resolve: (m, _a, ctx) => urlsFor(m, ctx).url,
    }),
    thumbnailUrl: t.string({
      nullable: true,
      description: `Signed URL of a small preview (WebP, at most 320 px on its longer side; a drawn poster for a video); ${URL_FORM} Null when none could be made.`,
      resolve: (m, _a, ctx) => urlsFor(m, ctx).thumbnailUrl,
    }),
    crops: t.field({
      type: [MediaCropRef],
      complexity: { field: 1, multiplier: 3 },
      description: "Images only; empty for videos (three crops at most).",
      resolve: (m, _a, ctx) => urlsFor(m, ctx).crops,
    }),
    sourceId: t.exposeID("sourceId", { nullable: true, description: "The media this one was enhanced from." }),
    menuItemId: t.exposeID("menuItemId", {
      nullable: true,
      description:
        "The menu item this photo shows, as the business said (setMediaMenuItem); null when not said. The built-in writer writes from it.",
    }),
    createdAt: t.expose("createdAt", { description: "When it was uploaded (UTC).", type: "DateTime" }),
  }),
});

type Enhancement = Awaited<ReturnType<import("./media.service.ts").MediaService["enhance"]>>;
const MediaEnhancement = builder.objectRef<Enhancement>("MediaEnhancement").implement({
  description: "The original and the new enhanced copy, to show before and after.",
  fields: (t) => ({
    before: t.field({ description: "The original, unchanged.", type: MediaRef, resolve: (e) => e.before }),
    after: t.field({
      description: "The new enhanced copy, a media of its own (its sourceId is the original's id).",
      type: MediaRef,
      resolve: (e) => e.after,
    }),
  }),
});

builder.queryFields((t) => ({
  media: t.field({
    description:
      "One media of the caller's business; NOT_FOUND for another business's. People of the business or its API key.",
    type: MediaRef,
    authScopes: { business: true },
    args: { id: t.arg.id({ required: true, description: "The media's id." }) },
    resolve: (_r, { id }, ctx) => ctx.services.media.get(ctx.viewer, String(id)),
  }),
  mediaLibrary: t.connection(
    {
      description: "The business's media library, newest first. People of the business or its API key.",
      type: MediaRef,
      authScopes: { business: true },
      complexity: connectionComplexity,
      resolve: async (_r, args, ctx) => {
        const page = await ctx.services.media.list(ctx.viewer, {
          first: args.first ?? undefined,
          after: args.after ?? undefined,
        });
        return {
          ...idConnection(page, args.after),
          totalCount: page.totalCount,
        };
      },
    },
    {
      name: "MediaConnection",
      fields: (c) => ({
        totalCount: c.int({
          description: "How many media the business has, on every page.",
          resolve: (conn) => (conn as unknown as { totalCount: number }).totalCount,
        }),
      }),
    },
  ),
}));

builder.mutationFields((t) => ({
  enhanceMedia: t.field({
    type: MediaEnhancement,
    description: "Professional and Premium: a new, enhanced copy of an image (warmth 0 to 1, default 0.5).",
    authScopes: { business: true },
    args: {
      id: t.arg.id({ required: true, description: "The image's id (a video is refused)." }),
      warmth: t.arg.float({
        description:
          "How much warmth to add (red up, blue down) besides the usual levels and colour, a ratio from 0 (none) to 1; 0.5 when left out.",
      }),
    },
    resolve: (_r, { id, warmth }, ctx) =>
      ctx.services.media.enhance(ctx.viewer, String(id), { warmth: warmth ?? undefined }),
  }),
  setMediaMenuItem: t.field({
    type: MediaRef,
    description:
      "Says which menu item a photo shows (null clears it), remembered in the library for every post that uses the photo.",
    authScopes: { business: true },
    args: {
      id: t.arg.id({ required: true, description: "The media's id." }),
      menuItemId: t.arg.id({ description: "A menu item of the business (BusinessProfile.menu), or null." }),
    },
    resolve: (_r, { id, menuItemId }, ctx) =>
      ctx.services.media.setMenuItem(ctx.viewer, String(id), {
        menuItemId: menuItemId == null ? null : String(menuItemId),
      }),
  }),
  deleteMedia: t.id({
    description: "Deletes a media and its files; refused while a scheduled or published post uses it. Answers its id.",
    authScopes: { business: true },
    args: { id: t.arg.id({ required: true, description: "The media's id." }) },
    resolve: async (_r, { id }, ctx) =>
      (await ctx.services.media.remove(ctx.viewer, String(id), { ip: ctx.meta.ip })).id,
  }),
}));
