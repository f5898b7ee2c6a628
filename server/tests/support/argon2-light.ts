// jest.config.js maps @node-rs/argon2 here for the code under test: the same argon2id with the least
// memory and passes, so the suite's many sign-ups and sign-ins cost ~0.5 ms of CPU each instead of
// ~30 ms. A hash carries its parameters, so verify() reads either kind (second processes and the
// template's admin are hashed with the real ones), and production's parameters stay what they are.
import * as real from "../../../node_modules/@node-rs/argon2/index.js";

const argon2 = ((real as { default?: unknown }).default ?? real) as {
  Algorithm: unknown;
  hash: typeof real.hash;
  verify: typeof real.verify;
};
const LIGHT = { memoryCost: 1024, timeCost: 1 };

export const Algorithm = argon2.Algorithm;
export const verify = argon2.verify;
export const hash: typeof real.hash = (password, options, signal) =>
  argon2.hash(password, { ...options, ...LIGHT }, signal);
