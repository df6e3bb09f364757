import { config } from "zod/v4/core";

/**
 * Zod 4 probes whether it may compile validators with `new Function`. Our CSP has no
 * 'unsafe-eval', so the browser refuses the probe and reports a CSP violation on every page with
 * a form (Lighthouse: best practices). Jitless mode skips the probe; validation is unchanged.
 */
config({ jitless: true });
