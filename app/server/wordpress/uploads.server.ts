import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import yauzl from "yauzl";
import { UPLOAD_LIMITS } from "~/lib/admin/media";
import { fetchPublicFile } from "./remote-file.server";

/**
 * Where the import finds an attachment's file: a copy of `wp-content/uploads` (a directory, or a
 * zip of it), by the path WordPress records ("2023/05/photo.jpg"), or else the old site itself.
 */
export type UploadsSource = {
  /** The file's bytes, or null when the copy does not hold it. */
  read(relativePath: string): Promise<Buffer | null>;
  has(relativePath: string): Promise<boolean>;
  close(): Promise<void>;
};

/** Larger than the back office's own uploads accept: such a file is skipped, with a warning. */
export const MAX_IMPORTED_FILE = UPLOAD_LIMITS.image;

/** A relative path that stays inside its root (no "..", no absolute path). */
function safeRelative(relativePath: string) {
  const normalized = path.posix.normalize(relativePath.replace(/\\/g, "/"));
  return normalized.startsWith("../") || normalized === ".." || path.posix.isAbsolute(normalized)
    ? null
    : normalized;
}

export function uploadsDirectory(root: string): UploadsSource {
  const fileOf = (relativePath: string) => {
    const safe = safeRelative(relativePath);
    return safe ? path.join(root, ...safe.split("/")) : null;
  };
  const size = async (relativePath: string) => {
    const file = fileOf(relativePath);
    const info = file ? await stat(file).catch(() => null) : null;
    return info?.isFile() ? info.size : null;
  };
  return {
    async read(relativePath) {
      const bytes = await size(relativePath);
      if (bytes === null || bytes > MAX_IMPORTED_FILE) return null;
      return readFile(fileOf(relativePath)!);
    },
    has: async (relativePath) => (await size(relativePath)) !== null,
    close: async () => {},
  };
}

/** The uploads path of a zip entry: what follows `wp-content/uploads/` or `uploads/`, else the name. */
function entryPath(name: string) {
  const match = /(?:^|\/)(?:wp-content\/)?uploads\/(.+)$/.exec(name);
  return safeRelative(match ? match[1]! : name);
}

/**
 * A zip of `wp-content/uploads` (or of `uploads`, or of its content): its directory is read once,
 * then each file is inflated when asked for, so a large archive is never held in memory.
 */
export async function uploadsZip(file: string): Promise<UploadsSource> {
  const zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false });
  const entries = new Map<string, yauzl.Entry>();
  for await (const entry of zip.eachEntry()) {
    if (entry.fileName.endsWith("/")) continue;
    const relative = entryPath(entry.fileName);
    if (relative) entries.set(relative, entry);
  }
  const find = (relativePath: string) => {
    const safe = safeRelative(relativePath);
    return safe ? entries.get(safe) : undefined;
  };
  return {
    async read(relativePath) {
      const entry = find(relativePath);
      if (!entry || entry.uncompressedSize > MAX_IMPORTED_FILE) return null;
      return buffer(await zip.openReadStreamPromise(entry));
    },
    has: async (relativePath) => find(relativePath) !== undefined,
    close: async () => zip.close(),
  };
}

/** A directory, or else a zip file. */
export async function openUploads(location: string): Promise<UploadsSource> {
  const info = await stat(location);
  return info.isDirectory() ? uploadsDirectory(location) : uploadsZip(location);
}

/** An unreachable old site must not hold the import for long. */
const FETCH_TIMEOUT_MS = 15_000;

/**
 * An attachment's bytes: from the uploads copy, else from its address on the old site (on the
 * internet only: fetchPublicFile) unless `fetchMissing` is false; null when neither gives a file
 * the import accepts.
 */
export async function attachmentBytes(
  attachmentUrl: string,
  relative: string | null,
  uploads: UploadsSource | null,
  fetchMissing: boolean | undefined,
): Promise<Buffer | null> {
  if (relative && uploads) {
    const bytes = await uploads.read(relative);
    if (bytes) return bytes;
  }
  if (fetchMissing === false) return null;
  return fetchPublicFile(attachmentUrl, { maxBytes: MAX_IMPORTED_FILE, timeoutMs: FETCH_TIMEOUT_MS });
}
