import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { MEDIA_URL_PREFIX } from "~/lib/image-variants";
import { config } from "~/server/config.server";
import { logger } from "~/server/logger.server";

/**
 * Where media files live. Keys are relative paths such as "images/<hash>-1600x900.webp"; they are
 * content-addressed, so an object is written once and never changes.
 */
export interface StorageDriver {
  readonly name: string;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object as a stream, or null when it does not exist. */
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every stored key with its size (backups), in no particular order. */
  list(): AsyncIterable<{ key: string; size: number }>;
}

export type StoredObject = {
  body: Readable;
  contentType: string;
  size?: number;
  etag: string;
};

// Lower-case segments of safe characters, no dot-only segment: nothing can climb out of the root.
const KEY = /^(?:[a-z0-9][a-z0-9._-]*\/)*[a-z0-9][a-z0-9._-]*$/;

/** Where the backups go in a media bucket (backup/store.server.ts): never a media key. */
export const BACKUP_PREFIX = "backups/";

/** A media key; never one under BACKUP_PREFIX, so /media cannot serve, nor a backup list, an archive. */
export function isValidKey(key: string) {
  return (
    key.length <= 512 &&
    KEY.test(key) &&
    !key.startsWith(BACKUP_PREFIX) &&
    !key.split("/").some((part) => /^\.+$/.test(part))
  );
}

function assertValidKey(key: string) {
  if (!isValidKey(key)) throw new Error(`Invalid media key: ${JSON.stringify(key)}`);
}

const CONTENT_TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".gif": "image/gif",
  ".svg": "image/svg+xml",
};

export function contentTypeOf(key: string) {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? "application/octet-stream";
}

/** Public URL path of a stored key. */
export function mediaUrl(key: string) {
  return `${MEDIA_URL_PREFIX}${key}`;
}

/** The key behind one of our media URLs (relative or absolute), or null for any other URL. */
export function keyFromMediaUrl(url: string) {
  const pathname = url.startsWith("/") ? url : URL.canParse(url) ? new URL(url).pathname : "";
  if (!pathname.startsWith(MEDIA_URL_PREFIX)) return null;
  const key = pathname.slice(MEDIA_URL_PREFIX.length);
  return isValidKey(key) ? key : null;
}

// ---------------------------------------------------------------- local directory

export function localDriver(root: string): StorageDriver {
  const fileOf = (key: string) => {
    assertValidKey(key);
    return path.join(root, ...key.split("/"));
  };
  return {
    name: `local:${root}`,
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write aside then rename, so a reader never sees half a file. The name is unique per write:
      // a variant encoded in the background and the same variant asked for meanwhile may be
      // written at the same moment (both renames then succeed, with the same bytes).
      const partial = `${file}.${randomUUID()}.partial`;
      await writeFile(partial, body);
      await rename(partial, file);
    },
    async get(key) {
      const file = fileOf(key);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      return {
        body: createReadStream(file),
        contentType: contentTypeOf(key),
        size: info.size,
        etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
      };
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    async exists(key) {
      const info = await stat(fileOf(key)).catch(() => null);
      return Boolean(info?.isFile());
    },
    async *list() {
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(
        (error: NodeJS.ErrnoException) => {
          if (error.code === "ENOENT") return [];
          throw error;
        },
      );
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const key = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
        // A write in progress (its `.partial` name) is not an object yet.
        if (!isValidKey(key) || key.endsWith(".partial")) continue;
        yield { key, size: (await stat(path.join(entry.parentPath, entry.name))).size };
      }
    },
  };
}

// ---------------------------------------------------------------- S3-compatible bucket

export type S3Options = {
  bucket: string;
  region?: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
};

// Loaded on first use: installations on the local directory never pay for the SDK.
let sdk: Promise<typeof import("@aws-sdk/client-s3")> | undefined;
const loadSdk = () => (sdk ??= import("@aws-sdk/client-s3"));

const isMissing = (error: unknown) => {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === "NoSuchKey" || name === "NotFound" || $metadata?.httpStatusCode === 404;
};

/** A client for the bucket (the SDK loaded on first use). */
export async function s3Client(options: S3Options) {
  const sdk = await loadSdk();
  const client = new sdk.S3Client({
    region: options.region || "us-east-1",
    endpoint: options.endpoint || undefined,
    forcePathStyle: options.forcePathStyle,
    // Without explicit keys the SDK's default chain applies (instance role, shared config...).
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
  });
  return { sdk, client };
}

export function s3Driver(options: S3Options): StorageDriver {
  let connection: ReturnType<typeof s3Client> | undefined;
  const Bucket = options.bucket;
  const connect = () => (connection ??= s3Client(options));

  return {
    name: `s3:${Bucket}`,
    async put(key, body, contentType) {
      assertValidKey(key);
      const { sdk, client } = await connect();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          CacheControl: "public, max-age=31536000, immutable",
        }),
      );
    },
    async get(key) {
      assertValidKey(key);
      const { sdk, client } = await connect();
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        if (!(object.Body instanceof Readable)) throw new Error("S3 returned no readable body");
        return {
          body: object.Body,
          contentType: object.ContentType ?? contentTypeOf(key),
          size: object.ContentLength,
          etag: object.ETag ?? `"${key}"`,
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      assertValidKey(key);
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },
    async exists(key) {
      assertValidKey(key);
      const { sdk, client } = await connect();
      try {
        await client.send(new sdk.HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async *list() {
      const { sdk, client } = await connect();
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new sdk.ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          // The bucket also holds the scheduled backups, which isValidKey refuses: they are not media.
          if (object.Key && isValidKey(object.Key)) {
            yield { key: object.Key, size: object.Size ?? 0 };
          }
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}

// ---------------------------------------------------------------- the configured driver

let driver: StorageDriver | undefined;

/** DATA_DIR/media by default; an S3-compatible bucket when S3_BUCKET is set. */
export function storage(): StorageDriver {
  if (!driver) {
    const s3 = config.s3;
    driver = s3 ? s3Driver(s3) : localDriver(path.join(config.dataDir, "media"));
    logger.info({ storage: driver.name }, "media storage");
  }
  return driver;
}

/** For tests: use another driver (or, with no argument, the configured one again). */
export function setStorageDriver(next?: StorageDriver) {
  driver = next;
}
