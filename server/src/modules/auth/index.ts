// The auth module's face: signing in, sessions and tokens. Others may hash a password or a token,
// end sessions (so open sockets hear it), and show a person as the REST answers do.
export { checkPassword, hashPassword } from "./passwords.ts";
export type { Person } from "./auth.service.ts";
export { endSessions } from "./sessions.ts";
export { hashToken, opaqueToken, type TokenSigner } from "./tokens.ts";
// the team's accept-invitation answer shows the new person as sign-in does, and the OpenAPI document
// describes that person with the same schema (a wire shape, docs/architecture.md#borders)
export { restUser, restUserSchema } from "./user.shape.ts";
// the agencies module gives an agency's people their memberships in the cafés it serves, and the team module
// keeps them when a person joins or leaves an agency (docs/architecture.md#agencies)
export { joinServedCafes, leaveServedCafes } from "./memberships.ts";
