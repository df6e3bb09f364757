import { closeDatabase, openDatabase } from "../database.server";
import { migrateDatabase } from "../migrate.server";

await openDatabase();
try {
  await migrateDatabase();
  console.log("Database is up to date.");
} finally {
  await closeDatabase();
}
