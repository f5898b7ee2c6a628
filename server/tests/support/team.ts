// Helpers of the team and API-key tests: sign in, and bring a person into a business by invitation.
import { randomUUID } from "node:crypto";
import { call } from "./app.ts";
import { tokenFrom, type startMailbox } from "./mailbox.ts";

export type Mailbox = Awaited<ReturnType<typeof startMailbox>>;

export async function login(base: string, email: string, password: string) {
  const r = await call(base, "POST", "/api/auth/login", { body: { email, password } });
  if (r.status !== 200) throw new Error(`login failed: ${JSON.stringify(r.body)}`);
  return r.body as {
    user: { id: string; role: string; business_id: string };
    access_token: string;
    refresh_token: string;
  };
}

export const newAddress = () => `member-${randomUUID().slice(0, 8)}@example.kw`;

/** Invites an address (as the manager behind `token`) and returns the invitation link's token from the mail. */
export async function invite(
  base: string,
  mailbox: Mailbox,
  token: string,
  role: "owner" | "client",
  email = newAddress(),
) {
  const r = await call(base, "POST", "/api/team/invitations", { token, body: { email, role } });
  if (r.status !== 201) throw new Error(`invite failed: ${JSON.stringify(r.body)}`);
  const mail = await mailbox.waitFor(email, new RegExp(`/invite\\?token=`));
  return { email, invitationId: r.body.id as string, link: tokenFrom(mail, "/invite"), mail };
}

/** Invites, accepts and signs in: a new person of the manager's business. */
export async function joinedMember(base: string, mailbox: Mailbox, managerToken: string, role: "owner" | "client") {
  const { email, link } = await invite(base, mailbox, managerToken, role);
  const password = "Cardamom#2026";
  const r = await call(base, "POST", "/api/team/invitations/accept", {
    body: { token: link, name: "Fatma Al-Ali", password },
  });
  if (r.status !== 201) throw new Error(`accept failed: ${JSON.stringify(r.body)}`);
  const session = await login(base, email, password);
  return { email, password, userId: session.user.id, ...session };
}
