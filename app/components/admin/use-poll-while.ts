import { useEffect } from "react";
import { useRevalidator } from "react-router";

/**
 * While `active` (a backup or an import running in the server), reads the screen's loader again
 * every second, so its progress moves without a stream of its own.
 */
export function usePollWhile(active: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 1000);
    return () => clearInterval(timer);
  }, [active, revalidator]);
}
