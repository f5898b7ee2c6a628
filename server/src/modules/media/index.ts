// The media module's face: uploaded images and their variants. Posts attach media and show them as
// the same GraphQL Media type; publishing reads the files it sends.
export type { MediaService } from "./media.service.ts";
