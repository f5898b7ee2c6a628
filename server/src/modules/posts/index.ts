// The posts module's face: what other modules may use (campaigns list and show posts, analytics'
// dashboard shows the recent ones). Everything else in this folder is private to it.
export type { PostsService } from "./posts.service.ts";
// ... the studio learns the café's voice from the captions it published (publishedCaptions)
export { inTransaction, postInclude, publishedCaptions, readPosts, type PostRecord } from "./posts.read.ts";
export { restPost } from "./posts.rest.ts";
export { Post } from "./posts.graphql.ts";
// ... and platform-accounts' tiktokCreatorInfo names the privacy levels a post's TikTok options take
export { TikTokPrivacyLevelEnum } from "./network-options.graphql.ts";
// ... and the OpenAPI document describes campaigns' posts with the same schema
export { restPostSchema } from "./posts.openapi.ts";
