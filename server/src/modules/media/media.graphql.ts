// The media library at the GraphQL door: thin, every field calls the media service. Uploading stays
// REST (POST /api/posts/media, multipart, so the client can show progress); the answer's id is the
// Media id used here and in posts.
import { builder } from "../../graphql/builder.ts";
import { connectionComplexity, idConnection } from "../../kernel/pagination.ts";

export const MediaKindEnum = builder.enumType("MediaKind", { values: { IMAGE: { value: "image" }, VIDEO: { value: "video" } } as const });

type CropShape = { name: string; url: string; width: number; height: number };
const MediaCropRef = builder.objectRef<CropShape>("MediaCrop").implement({
  description: "A JPEG crop at a network's size: square 1:1, portrait 4:5, landscape 1.91:1.",
  fields: (t) => ({
    name: t.exposeString("name"),
    url: t.exposeString("url"),
    width: t.exposeInt("width"),
    height: t.exposeInt("height"),
  }),
});

/** A file of the media library. The posts module uses this ref for Post.media. */
export const MediaRef = builder.prismaObject("Media", {
  name: "Media",
  fields: (t) => ({
    id: t.exposeID("id"),
    kind: t.expose("kind", { type: MediaKindEnum }),
    mime: t.exposeString("mime"),
    bytes: t.exposeInt("bytes"),
    width: t.exposeInt("width", { nullable: true }),
    height: t.exposeInt("height", { nullable: true }),
    durationMs: t.exposeInt("durationMs", { nullable: true }),
    originalName: t.exposeString("originalName"),
    url: t.string({ description: "Signed URL of the file as uploaded, root-relative (/media/...: load it from the address the page was opened by); works for about a day.", resolve: (m, _a, ctx) => ctx.services.media.urls(m).url }),
    thumbnailUrl: t.string({ nullable: true, resolve: (m, _a, ctx) => ctx.services.media.urls(m).thumbnailUrl }),
    crops: t.field({ type: [MediaCropRef], complexity: { field: 1, multiplier: 3 }, description: "Images only; empty for videos (three crops at most).", resolve: (m, _a, ctx) => ctx.services.media.urls(m).crops }),
    sourceId: t.exposeID("sourceId", { nullable: true, description: "The media this one was enhanced from." }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

type Enhancement = Awaited<ReturnType<import("./media.service.ts").MediaService["enhance"]>>;
const MediaEnhancement = builder.objectRef<Enhancement>("MediaEnhancement").implement({
  description: "The original and the new enhanced copy, to show before and after.",
  fields: (t) => ({
    before: t.field({ type: MediaRef, resolve: (e) => e.before }),
    after: t.field({ type: MediaRef, resolve: (e) => e.after }),
  }),
});

builder.queryFields((t) => ({
  media: t.field({
    type: MediaRef,
    authScopes: { business: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, { id }, ctx) => ctx.services.media.get(ctx.viewer, String(id)),
  }),
  mediaLibrary: t.connection(
    {
      type: MediaRef,
      authScopes: { business: true },
      complexity: connectionComplexity,
      resolve: async (_r, args, ctx) => {
        const page = await ctx.services.media.list(ctx.viewer, { first: args.first ?? undefined, after: args.after ?? undefined });
        return {
          ...idConnection(page, args.after),
          totalCount: page.totalCount,
        };
      },
    },
    { name: "MediaConnection", fields: (c) => ({ totalCount: c.int({ resolve: (conn) => (conn as unknown as { totalCount: number }).totalCount }) }) },
  ),
}));

builder.mutationFields((t) => ({
  enhanceMedia: t.field({
    type: MediaEnhancement,
    description: "Professional and Premium: a new, enhanced copy of an image (warmth 0 to 1, default 0.5).",
    authScopes: { business: true },
    args: { id: t.arg.id({ required: true }), warmth: t.arg.float() },
    resolve: (_r, { id, warmth }, ctx) => ctx.services.media.enhance(ctx.viewer, String(id), { warmth: warmth ?? undefined }),
  }),
  deleteMedia: t.id({
    description: "Deletes a media and its files; refused while a scheduled or published post uses it. Answers its id.",
    authScopes: { business: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, { id }, ctx) => (await ctx.services.media.remove(ctx.viewer, String(id), { ip: ctx.meta.ip })).id,
  }),
}));
