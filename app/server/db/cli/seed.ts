import { closeDatabase, openDatabase } from "../database.server";
import { migrateDatabase } from "../migrate.server";
import { seedDemoContent } from "../seed/demo.server";

// `npm run db:seed`: the demo content, on top of an up-to-date schema. Safe to run again:
// only what is missing is added.
await openDatabase();
try {
  await migrateDatabase();
  const summary = await seedDemoContent();
  console.log(
    `Demo content: ${summary.articles} articles, ${summary.projects} projects (${summary.projectImages} gallery images), ` +
      `${summary.expertiseBlocks} expertise blocks, ${summary.cmsPages} pages, ${summary.authors} authors, ` +
      `${summary.blogCategories + summary.projectCategories} categories added; ${summary.images} pictures stored in ${(summary.ms / 1000).toFixed(1)} s.`,
  );
} finally {
  await closeDatabase();
}
