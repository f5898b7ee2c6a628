// The OpenAPI entries of /api/link-page (docs/architecture.md#link-page): the café's settings of its public page,
// publishing, and the preview's HTML. The public page itself (/l/{slug}) is a page, not part of the REST contract.
import { z } from "zod";
import { linkPageSchema } from "@sufra/schema";
import { isoDateTime, named, type RestOperation } from "../../http/openapi/operation.ts";

const tag = "Link page";

const restLinkPageSchema = named(
  "LinkPageSettings",
  z.object({
    slug: z.string().describe("The address's name: /l/{slug}."),
    url: z.string().describe("The page's public address."),
    saved: z.boolean().describe("false: nothing saved yet, the slug is a free proposal from the café's name."),
    published: z.boolean(),
    published_at: isoDateTime.nullable(),
    bio: z.string().nullable(),
    bio_ar: z.string().nullable(),
    show_menu: z.boolean(),
    show_hours: z.boolean(),
    show_posts: z.boolean(),
    show_map: z.boolean(),
  }),
);

const settings = { 200: { description: "The page's settings.", schema: restLinkPageSchema } };

export const linkPageOperations: RestOperation[] = [
  {
    method: "get",
    path: "/link-page",
    tag,
    access: "business",
    summary: "The café's link page settings",
    description: "Before the first save: a free address name proposed from the café's name (saved: false).",
    responses: settings,
  },
  {
    method: "put",
    path: "/link-page",
    tag,
    access: "business",
    summary: "Change the link page's settings",
    description:
      "A field left out stays as it is, a blank bio is cleared. The slug is 3 to 40 lower-case latin letters, digits and single dashes, not a reserved word; one another café has is refused with VALIDATION_ERROR linkPageSlugTaken.",
    body: linkPageSchema,
    responses: settings,
  },
  {
    method: "post",
    path: "/link-page/publish",
    tag,
    access: "business",
    summary: "Publish the link page",
    description: "Visitors see /l/{slug} from now on.",
    responses: settings,
  },
  {
    method: "post",
    path: "/link-page/unpublish",
    tag,
    access: "business",
    summary: "Unpublish the link page",
    description: "Visitors get the not-found page; the settings are kept.",
    responses: settings,
  },
  {
    method: "post",
    path: "/link-page/preview",
    tag,
    access: "business",
    summary: "The link page's HTML with unsaved settings, for the Settings preview",
    description:
      "The body's settings (the same fields as PUT, unsaved) over the saved ones, rendered as visitors would see the page in ?lang (en or ar; else Accept-Language). Its buttons lead straight to their destinations: no short link is made and no click counted.",
    query: z.object({ lang: z.enum(["en", "ar"]).optional() }),
    body: linkPageSchema,
    responses: { 200: { description: "The page's HTML.", mediaType: "text/html" } },
  },
];
