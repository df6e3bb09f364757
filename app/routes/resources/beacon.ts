import type { Route } from "./+types/beacon";
import { beaconSchema, recordPageView } from "~/server/analytics/page-views.server";
import { getOptionalUser } from "~/server/auth/session.server";

const NO_STORE = { "Cache-Control": "no-store" };

/** POST /api/beacon: one anonymous page view, sent with navigator.sendBeacon (text/plain JSON). */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response(null, { status: 405, headers: { Allow: "POST" } });
  if (Number(request.headers.get("Content-Length") ?? 0) > 4096) {
    return new Response(null, { status: 413, headers: NO_STORE });
  }
  let payload;
  try {
    payload = beaconSchema.parse(JSON.parse((await request.text()).slice(0, 4096)));
  } catch {
    return new Response(null, { status: 400, headers: NO_STORE });
  }
  const result = await recordPageView({
    payload,
    userAgent: request.headers.get("User-Agent"),
    clientIp: context.clientIp,
    ownHost: new URL(request.url).hostname,
    staff: (await getOptionalUser(request)) !== null,
  });
  return new Response(null, { status: result === "limited" ? 429 : 204, headers: NO_STORE });
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST", ...NO_STORE } });
}
