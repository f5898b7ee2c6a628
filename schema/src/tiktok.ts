// The permissions (Login Kit scopes) Sufra asks TikTok for, what each is for in both languages, and which
// of them a server asks: only what its way of posting uses, because TikTok refuses the whole sign-in when
// a scope is asked that the app's products do not grant (Login Kit: user.info.basic and user.info.profile;
// Content Posting API: video.upload, and video.publish once Direct Post is turned on; Display API: video.list).
import type { Bilingual } from "./plans.ts";

export const TIKTOK_PERMISSIONS = [
  { scope: "user.info.basic", purpose: { en: "Read the account's name and picture", ar: "قراءة اسم الحساب وصورته" } },
  { scope: "user.info.profile", purpose: { en: "Read the account's username", ar: "قراءة اسم المستخدم للحساب" } },
  { scope: "video.publish", purpose: { en: "Post to the profile directly", ar: "النشر على الملف الشخصي مباشرة" } },
  {
    scope: "video.upload",
    purpose: {
      en: "Send posts to the TikTok inbox for you to finish",
      ar: "إرسال المنشورات إلى صندوق تيك توك لتكملها بنفسك",
    },
  },
  {
    scope: "video.list",
    purpose: { en: "Read the posts' views, likes and comments", ar: "قراءة مشاهدات المنشورات وإعجاباتها وتعليقاتها" },
  },
] as const satisfies readonly { scope: string; purpose: Bilingual }[];

export type TikTokScope = (typeof TIKTOK_PERMISSIONS)[number]["scope"];

/**
 * The scopes a server asks, by how it posts: Direct Post (creator_info, video/init, content/init
 * DIRECT_POST) needs video.publish; the inbox (inbox/video/init, content/init MEDIA_UPLOAD) needs
 * video.upload; figures (video/query) need video.list, which only an app with the Display API has.
 * The username comes from user/info with user.info.profile in both ways of posting.
 */
export function tiktokScopes(o: { directPost: boolean; displayApi: boolean }): TikTokScope[] {
  return [
    "user.info.basic",
    "user.info.profile",
    o.directPost ? "video.publish" : "video.upload",
    ...(o.displayApi ? (["video.list"] as const) : []),
  ];
}

/** The scope without which a way of posting cannot post at all. */
export const tiktokPostingScope = (directPost: boolean): TikTokScope => (directPost ? "video.publish" : "video.upload");
