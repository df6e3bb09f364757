import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { localDriver, setStorageDriver, type StorageDriver } from "~/server/media/storage.server";

export type TemporaryMediaStorage = { driver: StorageDriver; release: () => Promise<void> };

/** Media stored in a fresh temporary directory, used by the app until `release()` removes it. */
export async function useTemporaryMediaStorage(name: string): Promise<TemporaryMediaStorage> {
  const root = await mkdtemp(path.join(tmpdir(), `betic-${name}-`));
  const driver = localDriver(root);
  setStorageDriver(driver);
  return {
    driver,
    async release() {
      setStorageDriver();
      await rm(root, { recursive: true, force: true });
    },
  };
}
