import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { getPool } from "~/server/db/client.server";
import { throttleRefusals } from "~/server/metrics/registry.server";

/**
 * A limit shared by every instance: counters live in PostgreSQL (table rate_limits, created by
 * our migrations). `consume` resolves to whether the action may go ahead; `take` also says how
 * long to wait when it may not.
 */
export function createRateLimiter(options: { keyPrefix: string; points: number; durationSeconds: number }) {
  let limiter: RateLimiterPostgres | undefined;
  const get = () =>
    (limiter ??= new RateLimiterPostgres({
      storeClient: getPool(),
      storeType: "pool",
      tableName: "rate_limits",
      tableCreated: true,
      clearExpiredByTimeout: false,
      keyPrefix: options.keyPrefix,
      points: options.points,
      duration: options.durationSeconds,
    }));

  async function take(
    key: string,
  ): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }> {
    try {
      await get().consume(key);
      return { allowed: true };
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        throttleRefusals.inc({ limiter: options.keyPrefix });
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) };
      }
      throw error;
    }
  }

  return {
    take,
    async consume(key: string): Promise<boolean> {
      return (await take(key)).allowed;
    },
    async reset(key: string) {
      await get().delete(key);
    },
  };
}
