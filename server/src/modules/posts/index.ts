// The posts module's face: what other modules may use (campaigns list and show posts, analytics'
// dashboard shows the recent ones). Everything else in this folder is private to it.
export type { PostsService } from "./posts.service.ts";
// ... the studio learns the café's voice from the captions it published (publishedCaptions)
export { inTransaction, postInclude, publishedCaptions, readPosts, type PostRecord } from "./posts.read.ts";
// ... campaigns' REST door and its OpenAPI document show their posts as /api/posts does (a wire shape,
// docs/architecture.md#borders)
export { restPost, restPostSchema } from "./post.shape.ts";
