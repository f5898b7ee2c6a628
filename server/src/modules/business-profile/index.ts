// The business-profile module's face: the café's name, menu, hours and plan. The AI writer,
// templates, reviews and getting-started read it; the seed gives the demo café its profile.
// ... and the studio writes in the voice a person chose (loadChosenVoice)
export { loadBusinessProfile, loadChosenVoice, loadMenuItems, planOfBusiness } from "./business-profile.read.ts";
export { ensureDemoProfile } from "./demo-profile.ts";
