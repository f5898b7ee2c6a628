// The team module's face: the people of a business and their invitations. Others check who may act
// for a business through the same rules (a person of the business, a manager, a blocked account).
export {
  accessOf,
  BLOCKED_STATUS,
  managersOf,
  peopleOf,
  requireManager,
  requirePersonOfBusiness,
} from "./team.service.ts";
