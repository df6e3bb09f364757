import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import pg from "pg";
import { onContentChanged } from "~/server/content-changes.server";
import { db } from "~/server/db/client.server";
import { seedReferenceData } from "~/server/db/seed/reference.server";
import {
  startChangeNotifications,
  stopChangeNotifications,
  whenListening,
} from "~/server/db/notifications.server";
import { cspDomains } from "~/server/security/csp.server";
import { onStaffEvent } from "~/server/staff-events.server";

const received: string[] = [];
onContentChanged((table) => received.push(table));

/** Resolves with the table names announced until `predicate` holds (or fails after 3 s). */
async function until(predicate: () => boolean) {
  const deadline = Date.now() + 3_000;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`not announced; got ${JSON.stringify(received)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  await startChangeNotifications();
});
afterAll(async () => {
  await stopChangeNotifications();
});

describe("content change notifications", () => {
  it("relays a write made by another connection (another instance, psql) within a second", async () => {
    received.length = 0;
    const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await other.connect();
    const started = Date.now();
    await other.query("update site_settings set company_phone = '05 00 00 00 00'");
    await other.end();
    await until(() => received.includes("site_settings"));
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("listens again after the connection is killed, and announces the gap", async () => {
    received.length = 0;
    await db().execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = 'content-listener' and datname = current_database()`,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    await whenListening();
    // Missed notifications are unknowable: the reconnect itself announces a change.
    await until(() => received.includes("*"));
    received.length = 0;
    await db().execute(sql`update cms_pages set title = title`);
    await db().execute(sql`insert into blog_categories (name, slug) values ('Test', 'test')`);
    await until(() => received.includes("blog_categories"));
  });

  it("announces nothing for a statement that changes no row, such as a start's reference data already there", async () => {
    await whenListening();
    received.length = 0;
    // What every instance runs as it starts (db:migrate): each insert meets its rows and skips them.
    await seedReferenceData();
    await db().execute(sql`update cms_pages set title = title where false`);
    // A real write after them: once it is heard, anything they announced was heard before it.
    await db().execute(sql`update site_settings set company_phone = '05 55 00 00 01'`);
    await until(() => received.includes("site_settings"));
    expect(received).toEqual(["site_settings"]);
  });

  it("refreshes the CSP sources when staff add a domain, and ignores unsafe ones", async () => {
    const sourcesNow = async () => (await cspDomains()).map((domain) => domain.source);
    expect(await sourcesNow()).toContain("https://www.googletagmanager.com");
    received.length = 0;
    await db().execute(
      sql`insert into cors_domains (domain, type) values ('https://cdn.example.org', 'both'),
          ('https://evil.example; script-src *', 'csp'), ('*.com', 'csp'), ('https://api.example.org', 'cors')`,
    );
    await until(() => received.includes("cors_domains"));
    const sources = await sourcesNow();
    expect(sources).toContain("https://cdn.example.org");
    expect(sources.join(" ")).not.toContain("evil");
    expect(sources.join(" ")).not.toContain("*.com");
    expect(sources).not.toContain("https://api.example.org");
  });
});

describe("staff events (the back office's live bell)", () => {
  it("tells every instance when a request arrives or a mail is given up, whoever writes it, and not for other writes", async () => {
    let events = 0;
    const stop = onStaffEvent(() => (events += 1));
    const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await other.connect();
    try {
      received.length = 0;
      await other.query("update site_settings set company_phone = '05 00 00 00 01'");
      const {
        rows: [contact],
      } = await other.query<{ id: string }>(
        `insert into contacts (name, email, message) values ('Jeanne', 'jeanne@exemple.fr', 'Devis') returning id`,
      );
      await until(() => events === 1 && received.includes("site_settings"));

      await other.query(
        `insert into email_outbox (contact_id, to_address, subject, html_body, text_body)
         values ($1, 'jeanne@exemple.fr', 'Reçu', '<p>Reçu</p>', 'Reçu')`,
        [contact!.id],
      );
      await other.query("update email_outbox set attempts = 1 where contact_id = $1", [contact!.id]);
      await other.query("update email_outbox set status = 'failed' where contact_id = $1", [contact!.id]);
      await until(() => events === 2);
      await other.query("update contacts set status = 'in_progress' where id = $1", [contact!.id]);
      await until(() => events === 3);
    } finally {
      stop();
      await other.end();
    }
  });
});
