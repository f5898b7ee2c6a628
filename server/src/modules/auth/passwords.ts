import { Algorithm, hash, verify } from "@node-rs/argon2";

// argon2id with the library's defaults (19 MiB, 2 passes: OWASP's minimum recommendation)
export const hashPassword = (password: string) => hash(password, { algorithm: Algorithm.Argon2id });

// Compared against when the e-mail is unknown, so a wrong address takes as long as a wrong password.
const DECOY = hash("decoy-password-never-matches", { algorithm: Algorithm.Argon2id });

export async function checkPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    await verify(await DECOY, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
