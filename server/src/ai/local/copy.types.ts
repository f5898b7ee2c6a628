// The shape of a language's phrase bank. Slots are written {name}; a phrase is used only when every
// slot it names has a value, so a missing fact changes the phrasing instead of leaving a hole.
import type { ContentOccasionKey, ContentTone } from "@sufra/schema";

/** time: a time the prompt names ("from 4 to 7 PM"); area: the place the prompt names, else the profile's area. name: the brand; dish: from the prompt or menu; price: "2.750 KWD"; discount: "20%"; notes: "with saffron rice". */
type SlotName = "name" | "dish" | "price" | "discount" | "area" | "hours" | "notes" | "time";
export type Slots = Partial<Record<SlotName, string>>;

/** An occasion, or "general" when the request names none and the prompt suggests none. */
export type CopyOccasion = ContentOccasionKey | "general";

interface OccasionCopy {
  /** Openings in the tone's voice: the first sentence of a caption. */
  leads: Record<ContentTone, readonly string[]>;
  /** Sentences in any tone: the body, or an opening when the tone's run out. */
  lines: readonly string[];
  /** Calls to action that belong to the occasion (added to the tone's). */
  ctas: readonly string[];
}

export interface LanguageCopy {
  occasions: Record<CopyOccasion, OccasionCopy>;
  ctas: Record<ContentTone, readonly string[]>;
  /** Need {discount} or {price}. */
  offers: readonly string[];
  /** Need {dish}: used when the occasion's own lines do not name the dish. */
  dishLines: readonly string[];
  /** Short facts for the end of a caption. */
  facts: {
    place: readonly string[];
    hours: string;
    /** Needs {time}: the time the prompt names. */
    time: string;
    price: readonly string[];
    signoff: string;
  };
}
