/**
 * Where this instance is in its life, for /readyz: a proxy sends it traffic only once the database
 * is prepared, and stops as soon as a shutdown begins (before the listener closes).
 */
let phase: "starting" | "ready" | "stopping" = "starting";

export const lifecycle = {
  get phase() {
    return phase;
  },
  /** Migrations done, workers started. */
  ready() {
    if (phase === "starting") phase = "ready";
  },
  stopping() {
    phase = "stopping";
  },
};
