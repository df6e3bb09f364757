import { isIPv4, isIPv6 } from "node:net";

/**
 * The client's address as Express determined it (req.ip: the socket's peer, or the proxy's
 * X-Forwarded-For when TRUST_PROXY says to trust it). The request handler writes it into every
 * request under this name, replacing anything the client sent, so Better Auth (which reads the
 * address from a header) records the same address as the rate limits.
 */
export const CLIENT_IP_HEADER = "x-betic-client-ip";

/** The client's address of a request React Router handles (see CLIENT_IP_HEADER). */
export function clientIpOf(request: Request) {
  return request.headers.get(CLIENT_IP_HEADER) || "unknown";
}

/**
 * The key an address is throttled under. An IPv6 client is given a whole /64 (RFC 4291's
 * interface identifier is its own to choose, and privacy extensions rotate it), so it is keyed
 * on its first 64 bits: otherwise each new address would bring a fresh budget. IPv4, and IPv4
 * written as IPv6 (::ffff:a.b.c.d), stay whole addresses.
 */
export function throttleKeyOfAddress(address: string): string {
  if (!isIPv6(address)) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  const [head = "", tail] = address.toLowerCase().split("::");
  const groups = (part: string) => (part ? part.split(":") : []);
  // An embedded IPv4 tail (a.b.c.d) is the last 32 bits, past the /64.
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const missing = 8 - left.length - right.length - (right.at(-1)?.includes(".") ? 1 : 0);
  const full =
    tail === undefined ? left : [...left, ...Array<string>(Math.max(missing, 0)).fill("0"), ...right];
  return `${full
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(":")}::/64`;
}
