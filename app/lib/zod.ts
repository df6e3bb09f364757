import { z } from "zod";

/**
 * Zod for the browser side of our forms. Zod 4 probes whether it may compile validators with
 * `new Function`; our CSP has no 'unsafe-eval', so the browser would refuse the probe and report a
 * CSP violation. Jitless mode skips the probe; validation is unchanged. Import `z` from here.
 */
z.config({ jitless: true });

export { z };
