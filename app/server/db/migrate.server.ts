import path from "node:path";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { db } from "./client.server";
import { seedReferenceData } from "./seed/reference.server";

export const migrationsFolder = path.resolve("app/server/db/migrations");

/** Schema migrations, then the reference data; safe to run any number of times. */
export async function migrateDatabase() {
  await migrate(db(), { migrationsFolder });
  await seedReferenceData();
}
