import { z } from "zod";
import { SERVICE_KEYS } from "./site";
import { INVALID } from "./messages";
import { PROPOSAL } from "./proposal-messages";
import { text, wholeNumber } from "./call-fields";
import { feesSchema } from "./call-records";
import { linkToken } from "./call-requests";

/** Proposals: a manager's quote in the directory's own fee fields, and the owner's comparison (lib/contract/index.ts). */

/** The longest a proposal's message may be, and the most any fee may be. */
const PROPOSAL_MESSAGE_MAX = 1000;
const PROPOSAL_AMOUNT_MAX = 1_000_000;
const PROPOSAL_TERM_MAX_MONTHS = 120;

/** A fee of a save: a number from 0 to `max`, or null (none charged); absent stays absent, so a save that leaves it out keeps the proposal's own. */
const keptFeeNumber = (label: string, max: number) =>
  z
    .number({ error: INVALID.notNumber(label) })
    .min(0, INVALID.tooSmall(label, 0))
    .max(max, INVALID.atMost(label, max))
    .nullable()
    .optional();

/** A fee of the terms: as above, absent is null. */
const feeNumber = (label: string, max: number) => keptFeeNumber(label, max).transform((value) => value ?? null);

const proposalMessage = () => text("The message", { lines: "many" }).max(PROPOSAL_MESSAGE_MAX, INVALID.tooLong("The message", PROPOSAL_MESSAGE_MAX)).optional();

const isCalendarDate = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

const serviceKeys = () =>
  z.array(z.enum(SERVICE_KEYS, { error: INVALID.service }), { error: INVALID.servicesList }).max(SERVICE_KEYS.length, INVALID.tooManyServices(SERVICE_KEYS.length));

const proposalTermsShape = {
  management_percent: feeNumber("the management fee", 100),
  management_flat: feeNumber("the management fee", PROPOSAL_AMOUNT_MAX),
  leasing_percent: feeNumber("the leasing fee", 200),
  setup_fee: feeNumber("the setup fee", PROPOSAL_AMOUNT_MAX),
  renewal_fee: feeNumber("the renewal fee", PROPOSAL_AMOUNT_MAX),
  maintenance_markup_percent: feeNumber("the maintenance markup", 100),
  contract_months: z
    .number({ error: INVALID.notNumber("the minimum contract term") })
    .int(INVALID.notWholeNumber("the minimum contract term"))
    .min(0, INVALID.tooSmall("the minimum contract term", 0))
    .max(PROPOSAL_TERM_MAX_MONTHS, INVALID.atMost("the minimum contract term", PROPOSAL_TERM_MAX_MONTHS)),
  start_date: z.string({ error: PROPOSAL.startDate }).refine(isCalendarDate, PROPOSAL.startDate),
  services: serviceKeys().optional().transform((keys) => [...new Set(keys ?? [])]),
  message: proposalMessage().transform((value) => (value ?? "").trim()),
};

/** Exactly one management fee: a percent of rent or a flat monthly amount. */
function oneManagementFee(terms: { management_percent: number | null; management_flat: number | null }, ctx: z.RefinementCtx) {
  if (terms.management_percent === null && terms.management_flat === null) ctx.addIssue({ code: "custom", message: PROPOSAL.feeRequired, path: ["management_percent"] });
  if (terms.management_percent !== null && terms.management_flat !== null) ctx.addIssue({ code: "custom", message: PROPOSAL.feeBoth, path: ["management_flat"] });
}

/** proposal/save's terms: a field not sent keeps the proposal's current value (a new proposal: none). */
const proposalSaveShape = {
  ...proposalTermsShape,
  leasing_percent: keptFeeNumber("the leasing fee", 200),
  setup_fee: keptFeeNumber("the setup fee", PROPOSAL_AMOUNT_MAX),
  renewal_fee: keptFeeNumber("the renewal fee", PROPOSAL_AMOUNT_MAX),
  maintenance_markup_percent: keptFeeNumber("the maintenance markup", 100),
  services: serviceKeys()
    .optional()
    .transform((keys) => (keys === undefined ? undefined : [...new Set(keys)])),
  message: proposalMessage().transform((value) => value?.trim()),
};

/** A stored proposal: its terms, which save it is and when it was made. */
export const storedProposalSchema = feesSchema.omit({ vacancy_fee: true }).extend({
  contract_months: z.number(),
  start_date: z.string(),
  services: z.array(z.string()),
  message: z.string(),
  revision: z.number(),
  updated_at: z.string(),
});

/** proposal/save: from the manager's page (`token`), or from the agent panel (`reference` and `agent_id`, with the API token). */
export const proposalSaveRequest = z
  .object({
    ...proposalSaveShape,
    token: linkToken.optional(),
    reference: z.string({ error: INVALID.notText("The reference") }).max(40, INVALID.tooLong("The reference", 40)).optional(),
    agent_id: wholeNumber("a manager id").optional(),
    /** Random, one per intended save: a repeat with the same key stores nothing (idempotent). */
    save_key: z.string({ error: PROPOSAL.saveKey }).regex(/^[A-Za-z0-9_-]{8,100}$/, PROPOSAL.saveKey),
  })
  .superRefine((input, ctx) => {
    oneManagementFee(input, ctx);
    const byToken = input.token !== undefined;
    const byReference = input.reference !== undefined && input.agent_id !== undefined;
    if (byToken === byReference) ctx.addIssue({ code: "custom", message: PROPOSAL.panelNeedsBoth, path: ["token"] });
  });

/** Where a proposal link stands: open, or closed and why (for this manager). */
export const PROPOSAL_STATES = ["open", "withdrawn", "accepted", "declined"] as const;

/** The request as its managers received it, without the owner's contact details (they are in the message). */
export const deliveredRequestSchema = z.object({
  reference: z.string(),
  submitted_at: z.string(),
  property_category: z.number(),
  property_address: z.string(),
  property_city: z.string(),
  property_zip: z.string(),
  price: z.string(),
  answers: z.array(z.object({ question: z.string(), answer: z.string() })),
});

/** One recipient on the owner's comparison: the directory's profile next to the proposal (null: none yet). */
export const ownerProposalSchema = z.object({
  agent_id: z.number(),
  company_name: z.string(),
  demo: z.number(),
  decision: z.enum(["accepted", "declined"]).nullable(),
  profile: z.object({ fees: feesSchema, services: z.array(z.string()) }).nullable(),
  proposal: storedProposalSchema.nullable(),
  /** Every version the manager sent, oldest first (the last is `proposal`). */
  history: z.array(storedProposalSchema),
});

/** What the comparison assumes: the owner's rent and unit count, from the answers when they gave them. */
export const costAssumptionSchema = z.object({ rent: z.number(), units: z.number(), from_answers: z.boolean() });

export type StoredProposal = z.infer<typeof storedProposalSchema>;
export type ProposalState = (typeof PROPOSAL_STATES)[number];
export type OwnerProposal = z.infer<typeof ownerProposalSchema>;
export type CostAssumption = z.infer<typeof costAssumptionSchema>;
