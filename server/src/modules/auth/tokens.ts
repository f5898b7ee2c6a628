// Access tokens are short-lived JWTs; refresh and e-mail tokens are random strings stored only as hashes.
import { createHash, randomBytes } from "node:crypto";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import type { Role } from "@sufra/schema";
import { AppError } from "../../kernel/errors.ts";

const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_DAYS = 30;
export const VERIFY_EMAIL_TTL_HOURS = 48;
export const RESET_PASSWORD_TTL_HOURS = 1;

export interface AccessClaims {
  sub: string;
  role: Role;
  /** the refresh token (session) this access token was issued under */
  sid: string;
}

export const opaqueToken = () => randomBytes(32).toString("base64url");
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export function createTokenSigner(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (c: AccessClaims) =>
      new SignJWT({ role: c.role, sid: c.sid })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(c.sub)
        .setIssuer("sufra")
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
        .sign(key),
    /** The token's claims and when it expires (epoch seconds). */
    async verify(token: string): Promise<AccessClaims & { exp: number }> {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: "sufra", algorithms: ["HS256"] });
        return {
          sub: String(payload.sub),
          role: payload.role as Role,
          sid: String(payload.sid),
          exp: Number(payload.exp),
        };
      } catch (e) {
        throw new AppError(e instanceof joseErrors.JWTExpired ? "SESSION_EXPIRED" : "UNAUTHENTICATED");
      }
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;
