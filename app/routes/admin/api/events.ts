import type { Route } from "./+types/events";
import { hasLiveSession, requireRole } from "~/server/auth/session.server";
import { onStaffEvent, onStaffEventsEnd } from "~/server/staff-events.server";

/** Bursts (a bulk status change, several requests at once) are told once. */
const COALESCE_MS = 150;
/** Proxies close a silent connection; a comment line now and then keeps it open. */
const HEARTBEAT_MS = 25_000;
/** The browser reconnects by itself after this; its session is checked again then. */
const LIFETIME_MS = 10 * 60_000;

/**
 * Server-Sent Events for an open back-office page: `event: staff` when what the bell shows may
 * have changed, on any instance (app/server/staff-events.server.ts). The event carries nothing:
 * the page asks /admin/api/notifications, with its session, what is new.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireRole(request, "user");
  // Only an EventSource holds the stream open; any other client would wait on it for minutes.
  if (!request.headers.get("Accept")?.includes("text/event-stream"))
    return new Response("Flux d'événements : à ouvrir avec EventSource.", { status: 406 });
  const encoder = new TextEncoder();
  let end = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => controller.enqueue(encoder.encode(text));
      let pending: NodeJS.Timeout | undefined;
      const stopListening = onStaffEvent(() => {
        pending ??= setTimeout(() => {
          pending = undefined;
          send("event: staff\ndata: \n\n");
        }, COALESCE_MS);
      });
      // Each heartbeat checks the session is still open (ended elsewhere, account suspended on
      // another instance): a stream outlives neither.
      const cookie = request.headers.get("Cookie") ?? undefined;
      const heartbeat = setInterval(() => {
        hasLiveSession(cookie).then(
          (live) => (live ? send(": \n\n") : end()),
          () => send(": \n\n"),
        );
      }, HEARTBEAT_MS);
      const lifetime = setTimeout(() => end(), LIFETIME_MS);
      const stopOnShutdown = onStaffEventsEnd(user.id, () => end());
      end = () => {
        clearTimeout(pending);
        clearInterval(heartbeat);
        clearTimeout(lifetime);
        stopListening();
        stopOnShutdown();
        end = () => {};
        controller.close();
      };
      request.signal.addEventListener("abort", () => end(), { once: true });
      send("retry: 3000\n\n");
    },
    cancel() {
      end();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform: compression() would hold the events in its buffer.
      "Cache-Control": "no-store, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
