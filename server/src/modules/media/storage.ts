// Where media files live: DATA_DIR/media on this machine, or an S3-compatible bucket when S3_* is
// set (several API processes on different machines must see the same files).
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { AwsClient } from "aws4fetch";
import type { Config } from "../../config.ts";

export interface MediaStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer>;
  /** deleting a missing object is not an error */
  delete(key: string): Promise<void>;
  /** local storage: the file's path, so Express sends it with Range support */
  pathOf?(key: string): string;
  /** remote storage: the object's response, with a Range header passed through */
  fetchObject?(key: string, range?: string): Promise<Response>;
}

/** Keys are ours (business/media/variant.ext); refuse anything that could leave the root. */
function checkKey(key: string) {
  if (!/^[\w-]+(\/[\w.-]+)*$/.test(key) || key.split("/").some((p) => p === "." || p === ".."))
    throw new Error(`bad storage key: ${key}`);
  return key;
}

function localStorage(root: string): MediaStorage {
  const pathOf = (key: string) => path.join(root, checkKey(key));
  return {
    pathOf,
    async put(key, body) {
      const file = pathOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // write then rename: a reader never sees half a file
      const tmp = `${file}.${randomUUID()}.tmp`;
      await writeFile(tmp, body);
      await rename(tmp, file);
    },
    get: (key) => readFile(pathOf(key)),
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

function s3Storage(s3: NonNullable<Config["media"]["s3"]>): MediaStorage {
  const client = new AwsClient({
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    region: s3.region,
    service: "s3",
    retries: 3,
  });
  // path-style addressing (endpoint/bucket/key) works with MinIO, R2, Spaces and AWS alike
  const url = (key: string) =>
    `${s3.endpoint.replace(/\/+$/, "")}/${encodeURIComponent(s3.bucket)}/${checkKey(key).split("/").map(encodeURIComponent).join("/")}`;
  const fail = async (what: string, key: string, res: Response) => {
    throw new Error(`S3 ${what} ${key}: ${res.status} ${(await res.text().catch(() => "")).slice(0, 200)}`);
  };
  return {
    async put(key, body, contentType) {
      const res = await client.fetch(url(key), {
        method: "PUT",
        body: new Uint8Array(body),
        headers: { "content-type": contentType },
      });
      if (!res.ok) await fail("PUT", key, res);
      await res.arrayBuffer();
    },
    async get(key) {
      const res = await client.fetch(url(key));
      if (!res.ok) await fail("GET", key, res);
      return Buffer.from(await res.arrayBuffer());
    },
    async delete(key) {
      const res = await client.fetch(url(key), { method: "DELETE" });
      if (!res.ok && res.status !== 404) await fail("DELETE", key, res);
      await res.arrayBuffer().catch(() => undefined);
    },
    fetchObject: (key, range) => client.fetch(url(key), { headers: range ? { range } : {} }),
  };
}

export function createStorage(config: Config): MediaStorage {
  return config.media.s3 ? s3Storage(config.media.s3) : localStorage(path.join(config.dataDir, "media"));
}
