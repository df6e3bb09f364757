/**
 * The client's address as Express determined it (req.ip: the socket's peer, or the proxy's
 * X-Forwarded-For when TRUST_PROXY says to trust it). The request handler writes it into every
 * request under this name, replacing anything the client sent, so Better Auth (which reads the
 * address from a header) records the same address as the rate limits.
 */
export const CLIENT_IP_HEADER = "x-betic-client-ip";
