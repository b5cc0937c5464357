import { z } from "zod";
import { ALL_CATEGORIES_ID } from "./site";
import { CONFIRM, INVALID, RECIPIENTS } from "./messages";
import { PROPOSAL } from "./proposal-messages";
import { OUTBOX_SEARCH, outboxMessageSchema, outboxSearchRequest } from "./outbox-search";
import { E2E_CLEANUP, e2eCleanupRequest, e2eCleanupResponse } from "./e2e-cleanup";
import {
  categoryId,
  categoryOrAll,
  directorySort,
  listLength,
  listType,
  pageSize,
  requiredText,
  serviceFilter,
  slugText,
  sortRent,
  text,
  wholeNumber,
  zipCode,
} from "./call-fields";
import {
  agentSchema,
  blogSchema,
  categoryCountSchema,
  cityListItemSchema,
  citySchema,
  faqSchema,
  feesSchema,
  lawCompareRowSchema,
  lawFactSchema,
  lawTopicKey,
  lawTopicSummarySchema,
  nearestCitySchema,
  pageOf,
  pageSchema,
  placeSchema,
  questionSchema,
  servingAgentSchema,
  stateSchema,
  testimonialDetailSchema,
  testimonialSchema,
} from "./call-records";
import {
  agentSaveRequest,
  confirmedRequestSchema,
  confirmReferences,
  contactSaveRequest,
  LEAD_CONFIRMATION_STATES,
  leadSaveRequest,
  linkToken,
  managerIds,
  newsletterSaveRequest,
  ok,
  recipientSchema,
  saved,
} from "./call-requests";
import {
  costAssumptionSchema,
  deliveredRequestSchema,
  ownerProposalSchema,
  PROPOSAL_STATES,
  proposalSaveRequest,
  storedProposalSchema,
} from "./call-proposals";
import { InternalCallName, InternalContract, internalContract, sitemapEntrySchema } from "./internal-calls";

/**
 * The contract of the service calls (spec section 7 and DESIGN.md 8): a request and a response schema for
 * each. The service validates input with the request schemas, the typed client validates what
 * it receives with the response schemas, and the forms reuse the same field rules. Types are
 * inferred from the schemas and never written twice. The schemas live by family: the field rules
 * (call-fields.ts), the records answered (call-records.ts), what visitors send (call-requests.ts),
 * proposals (call-proposals.ts) and the site's own calls (internal-calls.ts); this file names the
 * calls and re-exports the families, so callers import from "lib/contract" alone.
 *
 * Messages are worded like spec section 5 (REQUIRED.email) because the first
 * failing one is shown to the visitor in the "Error!" dialog.
 */

export * from "./call-fields";
export * from "./call-records";
export * from "./call-requests";
export * from "./call-proposals";
export * from "./internal-calls";

export const contract = {
  "page/get": {
    request: z.object({ page_id: wholeNumber("a page id") }),
    response: ok({ pageData: pageSchema }),
  },
  "testimonial/list": {
    request: z.object({ type: listType }),
    response: ok({ testimonials: z.array(testimonialSchema) }),
  },
  "testimonial/get": {
    request: z.object({ id: wholeNumber("a testimonial id") }),
    response: ok({ testimonial: testimonialDetailSchema }),
  },
  "blogs/list": {
    request: z.object({ type: listType }),
    response: ok({ blogs: z.array(blogSchema) }),
  },
  "blog/get": {
    request: z.object({ slug: slugText("Blog", INVALID.provide("a blog slug")) }),
    response: ok({ blog: blogSchema }),
  },
  "faq/list": {
    request: z.object({ type: listType }),
    response: ok({ faqs: z.array(faqSchema) }),
  },
  "state/code/list": {
    request: z.object({ type: listType, length: listLength }),
    response: ok({
      states: z.array(stateSchema),
      length: z.enum(["Half", "Full"]),
      first_state: z.object({ id: z.number(), abbreviation: z.string() }).nullable(),
    }),
  },
  "city/list": {
    request: z.object({ state_id: wholeNumber("a state id"), length: listLength }),
    response: ok({ cities: z.array(cityListItemSchema), length: z.enum(["Half", "Full"]), count: z.number() }),
  },
  "law/get": {
    request: z.object({ state: slugText("State", INVALID.provide("a state")) }),
    response: ok({
      stateData: z.object({ id: z.number(), state: z.string(), abbreviation: z.string(), slug: z.string(), laws: z.string() }),
    }),
  },
  "law/facts": {
    request: z.object({ state: slugText("State", INVALID.provide("a state")), topic: lawTopicKey.optional() }),
    response: ok({ state: stateSchema, facts: z.array(lawFactSchema) }),
  },
  "laws/topics": {
    request: z.object({}),
    response: ok({ topics: z.array(lawTopicSummarySchema) }),
  },
  "laws/compare": {
    request: z.object({ topic: requiredText(INVALID.provide("a topic"), "Topic", 100) }),
    response: ok({
      topic: lawTopicSummarySchema.extend({
        /** The latest review date of the facts in the table (ISO). */
        reviewed_on: z.string(),
      }),
      rows: z.array(lawCompareRowSchema),
    }),
  },
  "agents/list": {
    request: z.object({
      cate_id: categoryOrAll.optional().default(1),
      state: slugText("State", INVALID.provide("a state")),
      city: slugText("City", INVALID.provide("a city")),
      page: wholeNumber("the page number").optional().default(1),
      per_page: pageSize(100).optional().default(24),
      sort: directorySort,
      services: serviceFilter,
      rent: sortRent,
    }),
    response: ok({
      state: stateSchema,
      city: citySchema,
      /** The managers serving the city: its own offices first, then nearest (or as `sort` asks). */
      agents: pageOf(servingAgentSchema),
      /** Only when nobody serves the city: managers with an office within 60 miles, nearest first. */
      nearby: z.array(servingAgentSchema),
      /** Managers serving the city per category (every category, whatever `cate_id` asked). */
      category_counts: z.array(categoryCountSchema).default([]),
      /** Only when nobody serves the city: the nearest cities that have managers, any state. */
      nearest_cities: z.array(nearestCitySchema).default([]),
    }),
  },
  "zip/get": {
    request: z.object({ zip: zipCode }),
    response: ok({ place: placeSchema }),
  },
  "agents/near": {
    request: z.object({
      zip: zipCode,
      cate_id: categoryOrAll.optional().default(ALL_CATEGORIES_ID),
      page: wholeNumber("the page number").optional().default(1),
      per_page: pageSize(100).optional().default(24),
      sort: directorySort,
      services: serviceFilter,
      rent: sortRent,
    }),
    response: ok({
      place: placeSchema,
      /** Nearest office first (or as `sort` asks); featured managers are marked, not moved up. */
      agents: pageOf(servingAgentSchema),
      /** Only when nobody serves the ZIP code: the nearest cities that have managers, any state. */
      nearest_cities: z.array(nearestCitySchema).default([]),
    }),
  },
  "agent/get": {
    request: z.object({
      agent_id: wholeNumber("a manager id"),
      state: text("State").max(100).optional(),
      city: text("City").max(100).optional(),
    }),
    response: ok({ agent_data: agentSchema }),
  },
  "question/list": {
    request: z.object({ type: categoryId }),
    response: ok({ questions: z.array(questionSchema) }),
  },
  "agents/match": {
    request: z.object({
      property_zip: zipCode,
      property_category: categoryId,
      /** Managers the owner chose before (on /compare): listed too when they serve, named when they do not. */
      agent_ids: managerIds.optional(),
    }),
    response: ok({
      /** The ZIP code's place; null for a ZIP the site does not know (then nobody serves it). */
      place: placeSchema.nullable(),
      /** Up to five managers serving the ZIP for the category, ranked by `rule`. */
      agents: z.array(servingAgentSchema),
      /** How many serve it in all. */
      total: z.number(),
      rule: z.string(),
      /** Of `agent_ids`, those who do not serve the ZIP for the category. */
      not_serving: z.array(z.object({ agent_id: z.number(), company_name: z.string() })).optional(),
    }),
  },
  "lead/save": {
    request: leadSaveRequest,
    response: ok({
      message: z.string(),
      /** Short and readable (MG-4K7Q-2XRD): what the owner quotes and the managers see. */
      reference: z.string(),
      recipients: z.array(recipientSchema),
      /** The private request page (/requests/{token}): see it, see its delivery, withdraw it. */
      request_path: z.string(),
      /**
       * Double opt-in: "emailed" the request waits for the confirmation link mailed to
       * the owner's address (today's, which lists every waiting request of the mailbox; the answer
       * never says whether one was mailed before). "none": no email address (sent at once).
       */
      confirmation: z.enum(LEAD_CONFIRMATION_STATES).optional(),
    }),
  },
  "lead/withdraw": { request: z.object({ token: linkToken }), response: saved },
  /** A lead nobody received (no manager served its ZIP): the owner chooses now, from its page. */
  "lead/recipients": {
    request: z.object({
      token: linkToken,
      agent_ids: managerIds.refine((ids) => ids.length > 0, RECIPIENTS.chooseOne),
    }),
    response: ok({ message: z.string(), recipients: z.array(recipientSchema) }),
  },
  "agent/save": { request: agentSaveRequest, response: saved },
  "contact/save": { request: contactSaveRequest, response: saved },
  "newsletter/save": { request: newsletterSaveRequest, response: saved },
  "newsletter/confirm": { request: z.object({ token: linkToken }), response: saved },
  /**
   * The buttons of a confirmation email's page: `references`, the requests the owner ticked as
   * theirs, are confirmed and sent (a second click sends nothing: "already sent"); `erase`, those
   * the owner says are not theirs, are erased and nobody is told (nobody received them). One or
   * the other. A request saved after the page was opened is in neither: it waits for the owner.
   */
  "lead/confirm": {
    request: z
      .object({ token: linkToken, references: confirmReferences.optional(), erase: confirmReferences.optional() })
      .refine((input) => Boolean(input.references) !== Boolean(input.erase), { message: CONFIRM.noneTicked, path: ["references"] }),
    response: ok({ message: z.string(), requests: z.array(confirmedRequestSchema) }),
  },
  /** A manager's proposal: saved by its private link, or by the agent panel with the API token. */
  "proposal/save": {
    request: proposalSaveRequest,
    response: ok({ message: z.string(), proposal: storedProposalSchema }),
  },
  /** The owner's answer to one manager from the private request page: accept (closes the request) or decline. */
  "request/decide": {
    request: z
      .object({
        token: linkToken,
        agent_id: wholeNumber("a manager id"),
        decision: z.enum(["accept", "decline"], { error: INVALID.oneOf("The decision", ["accept", "decline"]) }),
        /** The version of the proposal the owner saw: an acceptance names it, and one that is no longer current is refused (409). */
        revision: wholeNumber("the proposal's version").optional(),
      })
      .refine((input) => input.decision !== "accept" || input.revision !== undefined, { message: PROPOSAL.revisionRequired, path: ["revision"] }),
    response: saved,
  },
  /**
   * A manager's proposal page: the request as delivered and their own proposal (404 for an
   * unknown link). Public, so the page can read it again while it is open (authorised by the link's token alone).
   */
  "proposal/get": {
    request: z.object({ token: linkToken }),
    response: ok({
      status: z.enum(PROPOSAL_STATES),
      request: deliveredRequestSchema,
      /** `profile`: the listing's fees and services, where a first proposal starts (null: no listing any more). */
      manager: z.object({ agent_id: z.number(), company_name: z.string(), profile: z.object({ fees: feesSchema, services: z.array(z.string()) }).nullable() }),
      proposal: storedProposalSchema.nullable(),
      /** The owner's rent and units as the owner's comparison starts from them (the default once the link is closed). */
      assumption: costAssumptionSchema,
    }),
  },
  /** The owner's comparison on the private request page: every recipient with its proposal; public like proposal/get, for the live page. */
  "request/proposals": {
    request: z.object({ token: linkToken }),
    response: ok({
      decided_at: z.string().nullable(),
      withdrawn: z.boolean(),
      assumption: costAssumptionSchema,
      /** The services the owner asked for (their answer), each with the listed services that provide it. */
      asked_services: z.array(z.object({ answer: z.string(), keys: z.array(z.string()) })),
      proposals: z.array(ownerProposalSchema),
    }),
  },
  /**
   * The deployment's own outbox (the files of OUTBOX_DIR), newest first: the messages whose
   * recipient, subject or text contain `search`. Bearer token only (TOKEN_CALLS): a test run's
   * mail sink against a deployment (lib/contract/outbox-search.ts, docs/blackbox.md).
   */
  "outbox/search": {
    request: outboxSearchRequest,
    response: ok({ messages: z.array(outboxMessageSchema) }),
  },
  /**
   * Deletes what a test run saved on this deployment: the records whose email address is
   * `e2e-…@<domain>` (and the withdrawn requests whose submission key carries the mark), with
   * what hangs on them; answers the rows deleted per table. Bearer token only (TOKEN_CALLS):
   * `npm run e2e:cleanup` (lib/contract/e2e-cleanup.ts, docs/testing.md).
   */
  "e2e/cleanup": {
    request: e2eCleanupRequest,
    response: e2eCleanupResponse,
  },
} as const;

type Contract = typeof contract;
export type CallName = keyof Contract;
type CallRequest<C extends CallName> = z.input<Contract[C]["request"]>;
export type ParsedRequest<C extends CallName> = z.output<Contract[C]["request"]>;
export type CallResponse<C extends CallName> = z.output<Contract[C]["response"]>;

export const CALL_NAMES = Object.keys(contract) as CallName[];
export const isCallName = (name: string): name is CallName => Object.hasOwn(contract, name);

/** A failed call; a 400 may name the request field it is about (`field`), so a form can focus it. */
export const failureSchema = z.object({ success: z.literal(false), message: z.string(), field: z.string().optional() });

/** What a call answers, whichever way it travelled: the HTTP status and the JSON body. */
export type CallResult = { status: number; body: unknown; headers?: Record<string, string> };

/** The calls that store what a visitor sends: rate limited and, from browsers, origin-bound. */
export const SAVE_CALLS: ReadonlySet<CallName> = new Set<CallName>([
  "lead/save",
  "agent/save",
  "contact/save",
  "newsletter/save",
  "lead/withdraw",
  "lead/recipients",
  "newsletter/confirm",
  "lead/confirm",
  "proposal/save",
  "request/decide",
]);

/** The calls only a server with the bearer token may make, each with what it answers anyone else (403, browsers included). */
export const TOKEN_CALLS: ReadonlyMap<CallName, string> = new Map<CallName, string>([
  ["outbox/search", OUTBOX_SEARCH.tokenRequired],
  ["e2e/cleanup", E2E_CLEANUP.tokenRequired],
]);

export type AnyCallName = CallName | InternalCallName;
export const isInternalCallName = (name: string): name is InternalCallName => Object.hasOwn(internalContract, name);
export type AnyCallRequest<C extends AnyCallName> = C extends CallName ? CallRequest<C> : C extends InternalCallName ? z.input<InternalContract[C]["request"]> : never;
export type AnyParsedRequest<C extends AnyCallName> = C extends CallName ? ParsedRequest<C> : C extends InternalCallName ? z.output<InternalContract[C]["request"]> : never;
export type AnyCallResponse<C extends AnyCallName> = C extends CallName ? CallResponse<C> : C extends InternalCallName ? z.output<InternalContract[C]["response"]> : never;
export type SitemapEntry = z.infer<typeof sitemapEntrySchema>;

/** The request and response schemas of any call, public or internal. */
export function schemasOf(call: AnyCallName) {
  return (isInternalCallName(call) ? internalContract[call] : contract[call as CallName]) as { request: z.ZodType; response: z.ZodType };
}
