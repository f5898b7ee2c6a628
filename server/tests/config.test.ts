// Configuration is parsed once; a bad value stops start-up naming the variable.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "@jest/globals";
import { ConfigError, loadConfig } from "../src/config.ts";

const tmp = () => mkdtempSync(path.join(os.tmpdir(), "sufra-config-"));

describe("configuration", () => {
  test.each([
    ["PORT", "eighty"],
    ["DATABASE_URL", "mysql://x@y/z"],
    ["JWT_SECRET", "short"],
    ["ADMIN_EMAIL", "not-an-address"],
    ["SMTP_URL", "http://mail"],
    ["PROCESS_ROLE", "boss"],
    ["FACEBOOK_LOGIN_CONFIG_ID", "my-config"],
    ["FACEBOOK_DISCOVERY_CONFIG_ID", "12 34"],
    ["AI_VISION", "maybe"],
  ])("a bad %s is named", (name, value) => {
    expect(() => loadConfig({ DATA_DIR: tmp(), [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tmp(), [name]: value })).toThrow(
      new RegExp(`^Invalid configuration:\\n  ${name}:`),
    );
  });

  test("defaults: port 4000, embedded database, admin@sufra.local, a JWT secret made once and kept", () => {
    const dir = tmp();
    const a = loadConfig({ DATA_DIR: dir });
    expect(a).toMatchObject({
      port: 4000,
      databaseUrl: undefined,
      admin: { email: "admin@sufra.local", password: undefined },
      smtpUrl: undefined,
      publicUrl: "http://localhost:4000",
    });
    const file = path.join(dir, "jwt-secret");
    expect(readFileSync(file, "utf8").trim()).toBe(a.jwtSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(a.jwtSecret);
  });

  test("AI_VISION: auto unless set; on and off reach the writer", () => {
    expect(loadConfig({ DATA_DIR: tmp() }).ai.vision).toBe("auto");
    expect(loadConfig({ DATA_DIR: tmp(), AI_VISION: "on" }).ai.vision).toBe("on");
    expect(loadConfig({ DATA_DIR: tmp(), AI_VISION: "off" }).ai.vision).toBe("off");
  });

  test("Facebook: FACEBOOK_LOGIN_CONFIG_ID and FACEBOOK_DISCOVERY_CONFIG_ID reach the Pages and discovery as their Login for Business configurations; unset, none (Facebook Login's scopes)", () => {
    expect(
      loadConfig({
        DATA_DIR: tmp(),
        FACEBOOK_APP_ID: "1",
        FACEBOOK_APP_SECRET: "s",
        FACEBOOK_LOGIN_CONFIG_ID: "123456789012345",
        FACEBOOK_DISCOVERY_CONFIG_ID: "987654321098765",
      }).platforms.facebook,
    ).toMatchObject({ appId: "1", loginConfigId: "123456789012345", discoveryConfigId: "987654321098765" });
    expect(loadConfig({ DATA_DIR: tmp() }).platforms.facebook).toMatchObject({
      loginConfigId: undefined,
      discoveryConfigId: undefined,
    });
  });

  test("start-up stops with the message, not a stack trace", () => {
    const r = spawnSync(process.execPath, ["--import", "tsx", "src/main.ts"], {
      cwd: path.resolve(import.meta.dirname, ".."),
      env: { ...process.env, PORT: "99999", DATA_DIR: tmp() },
      encoding: "utf8",
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("Invalid configuration:\n  PORT:");
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
