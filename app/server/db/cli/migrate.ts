import { closeDatabase, openDatabase } from "../database.server";
import { migrateDatabase } from "../migrate.server";

await openDatabase();
try {
  const applied = await migrateDatabase();
  console.log(`Database is up to date (${applied} migrations applied).`);
} finally {
  await closeDatabase();
}
