import "server-only";
import type { Kysely } from "kysely";
import type { Database } from "../schema";
import type { ExamEntry } from "../../api/contract";

/**
 * What visitors send. Each function returns only after the row is committed, so a success
 * answered to the visitor is always stored.
 */
type Db = Kysely<Database>;

export type LeadInput = {
  submissionKey?: string;
  propertyCategory: number;
  propertyAddress: string;
  propertyCity: string;
  propertyZip: string;
  propertyPrice: string;
  fullName: string;
  emailAddress: string;
  phone: string;
  preferredContactMethod: string;
  price: string;
  exam: ExamEntry[];
};

/** Stores a lead once per submission key: a repeat with the same key adds nothing. */
export async function saveLead(db: Db, lead: LeadInput): Promise<{ created: boolean }> {
  const result = await db
    .insertInto("leads")
    .values({
      submission_key: lead.submissionKey ?? null,
      property_category: lead.propertyCategory,
      property_address: lead.propertyAddress,
      property_city: lead.propertyCity,
      property_zip: lead.propertyZip,
      property_price: lead.propertyPrice,
      full_name: lead.fullName,
      email_address: lead.emailAddress,
      property_number: lead.phone,
      preferred_contact_method: lead.preferredContactMethod,
      price: lead.price,
      exam: JSON.stringify(lead.exam),
      created_at: new Date().toISOString(),
    })
    .onConflict((conflict) => conflict.column("submission_key").doNothing())
    .executeTakeFirst();
  return { created: Number(result.numInsertedOrUpdatedRows ?? 0) > 0 };
}

export async function saveAgentApplication(
  db: Db,
  application: { companyName: string; email: string; mobile: string; countryCode: number },
): Promise<void> {
  await db
    .insertInto("agent_applications")
    .values({
      company_name: application.companyName,
      email: application.email,
      mobile: application.mobile,
      country_code: application.countryCode,
      created_at: new Date().toISOString(),
    })
    .execute();
}

export async function saveContactMessage(
  db: Db,
  message: { name: string; email: string; mobile: string; message: string; agentId: number },
): Promise<void> {
  await db
    .insertInto("contact_messages")
    .values({
      name: message.name,
      email: message.email,
      mobile: message.mobile,
      message: message.message,
      agent_id: message.agentId,
      created_at: new Date().toISOString(),
    })
    .execute();
}

/** One row per address whatever its case; answers whether this call added it. */
export async function subscribeNewsletter(db: Db, { email }: { email: string }): Promise<{ created: boolean }> {
  const result = await db
    .insertInto("newsletter_subscriptions")
    .values({ email_address: email, email_lower: email.toLowerCase(), created_at: new Date().toISOString() })
    .onConflict((conflict) => conflict.column("email_lower").doNothing())
    .executeTakeFirst();
  return { created: Number(result.numInsertedOrUpdatedRows ?? 0) > 0 };
}
