// The OpenAPI entries of the media library (/api/posts/media) and the signed file door (/media/{id}/{variant}, outside /api).
import { z } from "zod";
import { enhanceMediaSchema, mediaListSchema, mediaMenuItemSchema, mediaUploadOptionsSchema } from "@sufra/schema";
import { isoDateTime, named, type RestOperation } from "../../http/openapi/operation.ts";
import { MEDIA_VARIANTS } from "./media.service.ts";

/** A media as media.rest.ts restMedia answers it: signed URLs, no session needed to fetch them. */
const restMediaSchema = named(
  "Media",
  z.object({
    id: z.string(),
    kind: z.enum(["image", "video"]),
    mime: z.string(),
    bytes: z.number().int(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    duration_ms: z.number().int().nullable(),
    original_name: z.string().nullable(),
    url: z.string(),
    thumbnail_url: z.string().nullable(),
    crops: z.record(z.string(), z.object({ url: z.string(), width: z.number().int(), height: z.number().int() })),
    source_id: z.string().nullable(),
    menu_item_id: z
      .string()
      .nullable()
      .describe("The menu item this photo shows, as the business said (null: not said)."),
    created_at: isoDateTime,
  }),
);

const upload = mediaUploadOptionsSchema.extend({
  file: z.string().meta({
    contentMediaType: "application/octet-stream",
    description: "The image or video (the field may also be called `media`).",
  }),
});
const tag = "Media";

export const mediaOperations: RestOperation[] = [
  {
    method: "post",
    path: "/posts/media",
    tag,
    access: "business",
    summary: "Upload an image or a video",
    multipart: upload,
    extraErrors: [413],
    responses: {
      201: { description: "The media, with its crops for the networks asked for.", schema: restMediaSchema },
    },
  },
  {
    method: "get",
    path: "/posts/media",
    tag,
    access: "business",
    summary: "The media library, newest first",
    query: mediaListSchema,
    responses: {
      200: {
        description: "A page of media.",
        schema: z.object({
          items: z.array(restMediaSchema),
          total_count: z.number().int(),
          has_next_page: z.boolean(),
          end_cursor: z.string().nullable(),
        }),
      },
    },
  },
  {
    method: "get",
    path: "/posts/media/{id}",
    tag,
    access: "business",
    summary: "A media",
    responses: { 200: { description: "The media.", schema: restMediaSchema } },
  },
  {
    method: "patch",
    path: "/posts/media/{id}",
    tag,
    access: "business",
    summary: "Say which menu item a photo shows",
    description:
      "Remembered in the library for every post that uses the photo: the built-in writer writes from it and alt text is proposed from it. `menu_item_id: null` clears it.",
    body: mediaMenuItemSchema,
    responses: { 200: { description: "The media.", schema: restMediaSchema } },
  },
  {
    method: "delete",
    path: "/posts/media/{id}",
    tag,
    access: "business",
    summary: "Delete a media no post uses",
    responses: { 200: { description: "Deleted.", schema: z.object({ id: z.string() }) } },
  },
  {
    method: "post",
    path: "/posts/media/{id}/enhance",
    tag,
    access: "business",
    summary: "A warmer, brighter copy of an image (Premium)",
    body: enhanceMediaSchema,
    responses: {
      201: {
        description: "The original and the new copy.",
        schema: z.object({ before: restMediaSchema, after: restMediaSchema }),
      },
    },
  },
  {
    method: "get",
    path: "/media/{id}/{variant}",
    root: true,
    tag,
    access: "public",
    summary: "A media file by its signed URL",
    description:
      "The signature (`exp`, `sig`) is the permission: the URLs come in the media answers. Answers Range requests.",
    pathParams: { variant: z.enum(MEDIA_VARIANTS as [string, ...string[]]) },
    query: z.object({ exp: z.string(), sig: z.string() }),
    responses: {
      200: { description: "The file.", mediaType: "application/octet-stream" },
      206: { description: "Part of the file (a Range request).", mediaType: "application/octet-stream" },
    },
  },
];
