import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { logger } from "~/server/logger.server";

/**
 * Files an export names on the old site are fetched from the internet only: a WXR file is written
 * by whoever made it, and its addresses could point the server at itself, its network or the
 * cloud's metadata service. Every host is resolved and each of its addresses checked, before the
 * request and again after each redirect (followed by hand, a few at most); the whole fetch has a
 * time limit and the body a size limit, read as it arrives.
 */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this" network
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata (169.254.169.254)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // protocol assignments
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["224.0.0.0", 3], // multicast, reserved, broadcast
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["fc00::", 7], // unique local (fd00:ec2::254: a metadata service)
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, "ipv6");

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is that IPv4 address.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return isPublicAddress(mapped[1]!);
    return !NOT_PUBLIC.check(address, "ipv6");
  }
  return !NOT_PUBLIC.check(address, "ipv4");
}

async function hostIsPublic(hostname: string): Promise<boolean> {
  const host = hostname.replace(/^\[|\]$/g, "");
  if (isIP(host)) return isPublicAddress(host);
  try {
    const addresses = await lookup(host, { all: true, verbatim: true });
    return addresses.length > 0 && addresses.every(({ address }) => isPublicAddress(address));
  } catch {
    return false;
  }
}

const MAX_REDIRECTS = 5;

/** The bytes at `url` on the public internet, or null (refused address, error, too large, too slow). */
export async function fetchPublicFile(
  url: string,
  { maxBytes, timeoutMs }: { maxBytes: number; timeoutMs: number },
): Promise<Buffer | null> {
  const signal = AbortSignal.timeout(timeoutMs);
  let current: URL;
  try {
    current = new URL(url);
  } catch {
    return null;
  }
  try {
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      if (current.protocol !== "http:" && current.protocol !== "https:") return null;
      if (!(await hostIsPublic(current.hostname))) {
        logger.warn({ url: current.href }, "import: a file address that is not on the internet was refused");
        return null;
      }
      const response = await fetch(current, { redirect: "manual", signal });
      const location = response.headers.get("location");
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel();
        current = new URL(location, current);
        continue;
      }
      if (!response.ok || !response.body) return null;
      if (Number(response.headers.get("content-length")) > maxBytes) {
        await response.body.cancel();
        return null;
      }
      const chunks: Uint8Array[] = [];
      let size = 0;
      const reader = response.body.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        size += read.value.length;
        if (size > maxBytes) {
          await reader.cancel();
          return null;
        }
        chunks.push(read.value);
      }
      return Buffer.concat(chunks, size);
    }
    return null;
  } catch {
    return null;
  }
}
