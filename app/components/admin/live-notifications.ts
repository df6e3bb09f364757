import { useEffect, useEffectEvent, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import type { StaffNotifications } from "~/server/contacts/inbox.server";

/** Where a page that cannot hold the event stream asks instead, this often. */
const POLL_MS = 30_000;
/** Failed connections in a row before the page falls back to asking periodically. */
const FAILURES_BEFORE_POLLING = 3;

/**
 * The bell's new requests, kept current without a reload: the layout's loader gives them, and
 * each `staff` event of /admin/api/events (any instance: a request arrived or changed, a mail was
 * given up) asks /admin/api/notifications again. The browser's EventSource reconnects by itself;
 * after a reconnection the page asks at once (events may have been missed), and a page that cannot
 * hold the stream asks every 30 s.
 */
export function useLiveNotifications(fromLoader: StaffNotifications | null) {
  const fetcher = useFetcher<StaffNotifications>();
  // The loader answer the fetched one is newer than: a newer loader answer wins again.
  const [fetchedOver, setFetchedOver] = useState<StaffNotifications | null | undefined>(undefined);

  const refresh = useEffectEvent(() => {
    setFetchedOver(fromLoader);
    void fetcher.load("/admin/api/notifications");
  });

  useEffect(() => {
    let poll: number | undefined;
    const startPolling = () => {
      poll ??= window.setInterval(() => refresh(), POLL_MS);
    };
    if (typeof EventSource === "undefined") {
      startPolling();
      return () => window.clearInterval(poll);
    }
    const source = new EventSource("/admin/api/events");
    let opened = false;
    let failures = 0;
    source.addEventListener("staff", () => refresh());
    source.onopen = () => {
      if (opened) refresh();
      opened = true;
      failures = 0;
      window.clearInterval(poll);
      poll = undefined;
    };
    source.onerror = () => {
      failures += 1;
      if (failures >= FAILURES_BEFORE_POLLING) startPolling();
    };
    return () => {
      source.close();
      window.clearInterval(poll);
    };
  }, []);

  return fetcher.data && fetchedOver === fromLoader ? fetcher.data : fromLoader;
}

/** The browser tab's title starts with the count of new requests: '(3) Tableau de bord | …'. */
export function useCountInTitle(count: number) {
  const location = useLocation();
  useEffect(() => {
    const title = document.title.replace(/^\(\d+\) /, "");
    document.title = count > 0 ? `(${count}) ${title}` : title;
  }, [count, location]);
}
