import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { getPool } from "~/server/db/client.server";

/**
 * A limit shared by every instance: counters live in PostgreSQL (table rate_limits, created by
 * our migrations). `consume` resolves to whether the action may go ahead.
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

  return {
    async consume(key: string): Promise<boolean> {
      try {
        await get().consume(key);
        return true;
      } catch (error) {
        if (error instanceof RateLimiterRes) return false;
        throw error;
      }
    },
    async reset(key: string) {
      await get().delete(key);
    },
  };
}
