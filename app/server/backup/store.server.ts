import { createReadStream } from "node:fs";
import { open, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { config } from "~/server/config.server";
import { BACKUP_PREFIX, s3Client } from "~/server/media/storage.server";
import { backupDirectory } from "./create.server";

/**
 * Where the scheduled and on-demand backups are kept: DATA_DIR/backups, or the media bucket
 * (under BACKUP_PREFIX) when the media live in one, so that losing the server's disk loses neither.
 * An archive is always made in DATA_DIR/backups first, then moved to the bucket.
 */
export type BackupStore = {
  /** Takes the finished archive `file` (in DATA_DIR/backups) into the store. */
  keep(file: string): Promise<void>;
  open(name: string): Promise<{ body: Readable; size: number } | null>;
  /** The archive's first `bytes` bytes (enough to tell an encrypted one), or null when it is not there. */
  head(name: string, bytes: number): Promise<Buffer | null>;
  remove(name: string): Promise<void>;
};

// Names are ours (create.server.ts), but a request's id leads to them: nothing may climb out.
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
function checked(name: string) {
  if (!SAFE_NAME.test(name)) throw new Error(`Invalid backup name: ${JSON.stringify(name)}`);
  return name;
}

function localStore(): BackupStore {
  const fileOf = (name: string) => path.join(backupDirectory(), checked(name));
  return {
    async keep() {},
    async open(name) {
      const info = await stat(fileOf(name)).catch(() => null);
      return info?.isFile() ? { body: createReadStream(fileOf(name)), size: info.size } : null;
    },
    async head(name, bytes) {
      const handle = await open(fileOf(name), "r").catch(() => null);
      if (!handle) return null;
      try {
        const buffer = Buffer.alloc(bytes);
        const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
    async remove(name) {
      await rm(fileOf(name), { force: true });
    },
  };
}

function bucketStore(options: NonNullable<typeof config.s3>): BackupStore {
  const Bucket = options.bucket;
  const keyOf = (name: string) => BACKUP_PREFIX + checked(name);
  const missing = (error: unknown) => (error as { name?: string }).name === "NoSuchKey";
  return {
    async keep(file) {
      const { sdk, client } = await s3Client(options);
      const { size } = await stat(file);
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: keyOf(path.basename(file)),
          Body: createReadStream(file),
          ContentLength: size,
          ContentType: "application/octet-stream",
        }),
      );
      await rm(file);
    },
    async open(name) {
      const { sdk, client } = await s3Client(options);
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key: keyOf(name) }));
        if (!(object.Body instanceof Readable)) throw new Error("S3 returned no readable body");
        return { body: object.Body, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async head(name, bytes) {
      const { sdk, client } = await s3Client(options);
      try {
        const object = await client.send(
          new sdk.GetObjectCommand({ Bucket, Key: keyOf(name), Range: `bytes=0-${bytes - 1}` }),
        );
        return Buffer.from((await object.Body?.transformToByteArray()) ?? []);
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async remove(name) {
      const { sdk, client } = await s3Client(options);
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: keyOf(name) }));
    },
  };
}

export function backupStore(): BackupStore {
  const s3 = config.s3;
  return s3 ? bucketStore(s3) : localStore();
}
