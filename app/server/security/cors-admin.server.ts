import { asc, desc, eq } from "drizzle-orm";
import type { CorsDomainInput } from "~/lib/schemas/cors";
import { mutate, type MutationContext } from "~/server/audit/mutation.server";
import { config } from "~/server/config.server";
import { db, type DatabaseTransaction } from "~/server/db/client.server";
import { corsDomains, cspConfig } from "~/server/db/schema";
import { contentSecurityPolicy, cspDomains, NONCE_PLACEHOLDER } from "~/server/security/csp.server";

/** Refused changes to an essential domain (the tag manager, Analytics, reCAPTCHA need them). */
export class EssentialDomainError extends Error {
  constructor() {
    super("Ce domaine est essentiel au site : il ne peut être ni modifié ni supprimé.");
    this.name = "EssentialDomainError";
  }
}

/** Essential domains first, then by domain. */
export function listCorsDomains() {
  return db().select().from(corsDomains).orderBy(desc(corsDomains.isEssential), asc(corsDomains.domain));
}

/** The policy the public pages send now (server/security.ts), the nonce shown as NONCE_PLACEHOLDER. */
export async function publicContentSecurityPolicy() {
  return contentSecurityPolicy({
    area: "public",
    domains: await cspDomains(),
    scripts: { nonce: NONCE_PLACEHOLDER },
    https: config.secureCookies,
  });
}

/** The header last written by 'Régénérer l'en-tête CSP', if any. */
export async function storedCspHeader() {
  const [row] = await db().select().from(cspConfig).limit(1);
  return row ?? null;
}

const values = (input: CorsDomainInput) => ({
  domain: input.domain,
  type: input.type,
  description: input.description ?? null,
  cspDirectives: input.cspDirectives,
});

export function createCorsDomain(context: MutationContext, input: CorsDomainInput) {
  return mutate(context, (m) => m.insert(corsDomains, values(input)));
}

export function updateCorsDomain(
  context: MutationContext,
  id: string,
  input: CorsDomainInput,
  expectedUpdatedAt: string | undefined,
) {
  return mutate(context, async (m) => {
    await refuseEssential(m.tx, id);
    return m.update(corsDomains, id, values(input), { expectedUpdatedAt: expectedUpdatedAt ?? null });
  });
}

export function deleteCorsDomain(context: MutationContext, id: string) {
  return mutate(context, async (m) => {
    await refuseEssential(m.tx, id);
    return m.remove(corsDomains, id);
  });
}

async function refuseEssential(tx: DatabaseTransaction, id: string) {
  const [row] = await tx
    .select({ isEssential: corsDomains.isEssential })
    .from(corsDomains)
    .where(eq(corsDomains.id, id))
    .for("update");
  if (row?.isEssential) throw new EssentialDomainError();
}

/**
 * 'Régénérer l'en-tête CSP': stores the header the public pages send now (csp_config), so what
 * was in force at a given time stays on record with its audit row.
 */
export async function regenerateCspHeader(context: MutationContext) {
  const header = await publicContentSecurityPolicy();
  return mutate(context, async (m) => {
    const [row] = await m.tx.select({ id: cspConfig.id }).from(cspConfig).limit(1);
    return row
      ? m.update(cspConfig, row.id, { cspHeader: header })
      : m.insert(cspConfig, { cspHeader: header });
  });
}
