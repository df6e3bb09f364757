import pg from "pg";
import { E2E_ADMIN } from "./e2e-constants";

/** Where the app under test runs (set by the global setup) and a SQL helper on its database. */
export const e2e = {
  get baseUrl() {
    return required("E2E_BASE_URL");
  },
  get databaseUrl() {
    return required("E2E_DATABASE_URL");
  },
  get dataDir() {
    return required("E2E_DATA_DIR");
  },
  /** A port tests may listen on for stubs; the app's RECAPTCHA_VERIFY_URL and MAILJET_API_URL point there. */
  get stubPort() {
    return Number(required("E2E_STUB_PORT"));
  },
  admin: E2E_ADMIN,
};

let pool: pg.Pool | undefined;

export async function sql<Row extends pg.QueryResultRow = Record<string, unknown>>(
  text: string,
  params: unknown[] = [],
): Promise<Row[]> {
  pool ??= new pg.Pool({ connectionString: e2e.databaseUrl, max: 2 });
  const result = await pool.query<Row>(text, params);
  return result.rows;
}

function required(name: string) {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the e2e tests through Playwright's global setup.`);
  return value;
}
