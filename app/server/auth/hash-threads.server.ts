import { Worker } from "node:worker_threads";

/**
 * scrypt on threads of their own, each at the lowest scheduling priority (nice 19: Linux keeps a
 * nice value per thread). A hash takes a few hundred milliseconds of a core; on libuv's pool it
 * would compete as an equal with the page requests of the main thread (and take a thread that
 * compresses and reads files for them). Here it runs on what the pages leave: a flood of sign-in
 * tries slows sign-in, not the public site.
 */
const SOURCE = `
const { parentPort } = require("node:worker_threads");
// Linux only: elsewhere the nice value is the whole process's.
if (process.platform === "linux") require("node:os").setPriority(19);
const { scryptSync } = require("node:crypto");
parentPort.on("message", ({ password, salt, keyLength, options }) => {
  try {
    parentPort.postMessage({ key: scryptSync(password, salt, keyLength, options) });
  } catch (error) {
    parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
`;

export type ScryptOptions = { N: number; r: number; p: number; maxmem: number };

const idle: Worker[] = [];

function startWorker(): Worker {
  return new Worker(SOURCE, { eval: true });
}

/**
 * scrypt(password, salt) on a low-priority thread. The caller bounds how many run at once
 * (password-hash.server.ts): one thread each, kept for the next hash.
 */
export function scryptOnHashThread(
  password: string,
  salt: string,
  keyLength: number,
  options: ScryptOptions,
): Promise<Buffer> {
  const worker = idle.pop() ?? startWorker();
  // Only a hash in progress keeps the process alive; an idle thread never does (a test run, a CLI).
  worker.ref();
  return new Promise((resolve, reject) => {
    const done = (settle: () => void) => {
      worker.unref();
      worker.off("message", onMessage);
      worker.off("error", onError);
      settle();
    };
    const onMessage = (answer: { key?: Uint8Array; error?: string }) =>
      done(() => {
        idle.push(worker);
        if (answer.key) resolve(Buffer.from(answer.key));
        else reject(new Error(answer.error ?? "scrypt failed"));
      });
    // A thread that died (out of memory) is not reused; the next hash starts another.
    const onError = (error: Error) => done(() => reject(error));
    worker.on("message", onMessage);
    worker.on("error", onError);
    worker.postMessage({ password, salt, keyLength, options });
  });
}
