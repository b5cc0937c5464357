import type { AnyCallName, AnyCallResponse, AnyParsedRequest } from "../contract";
import { isBotSubmission } from "../contract";
import { ApiError } from "../contract/errors";
import { NOT_FOUND } from "../contract/messages";
import { siteCopy } from "../contract/operator-copy";
import { getBlog, getPage, getTestimonial, listBlogs, listFaqs, listTestimonials } from "../db/queries/content";
import { findState, getStateById, listCities, listCitiesWithManagers, listStates } from "../db/queries/places";
import { getListedAgent } from "../db/queries/agents";
import { getZipPlace } from "../db/queries/zips";
import { listLawFacts, listTopicComparison, summarizeLawTopics } from "../db/queries/laws";
import { LAW_TOPICS, findLawTopic, hasComparePage, type LawTopicKey } from "../contract/law-topics";
import { cityPath, lawComparePath } from "../contract/routes";
import { buildLawDocument } from "./law-document";
import { listQuestions } from "../db/queries/questions";
import { saveAgentApplication } from "../db/queries/submissions";
import { listSitemapEntries } from "../db/queries/sitemap";
import type { ServiceContext } from "./context";
import { countCaller } from "./rate-limit";
import { listCityManagers, listManagersNear, withChosenManagers } from "./directory";
import { configuredOperator, env } from "../env";
import { liveRulesFor } from "./workspace/seo";
import { draftOfPreviewCookie } from "./workspace/preview";
import { staffAuthSecret } from "./workspace/secret";
import { matchManagers, saveLead } from "./leads";
import { searchOutbox } from "./outbox-search";
import { cleanUpTestRun } from "./e2e-cleanup";
import { confirmLead, readConfirmation } from "./confirmations";
import { decideRequest, readOwnerProposals, readProposal, saveProposal } from "./proposals";
import { checkHealth, chooseRecipientsLater, confirmNewsletter, readRequest, saveContact, subscribe, withdrawLead } from "./requests";

type Handler<C extends AnyCallName> = (input: AnyParsedRequest<C>, context: ServiceContext) => Promise<AnyCallResponse<C>>;
export type Handlers = { [C in AnyCallName]: Handler<C> };

/** The short city list on the home page. */
const HALF_CITY_COUNT = 12;

const featuredOnly = (type: "Featured" | "All" | undefined) => type !== "All";

async function requirePlace(context: ServiceContext, zip: string) {
  const place = await getZipPlace(context.db, { zip });
  if (!place) throw new ApiError(404, NOT_FOUND.zip(zip));
  return place;
}

async function requireState(context: ServiceContext, key: string) {
  const state = await findState(context.db, { key });
  if (!state) throw new ApiError(404, NOT_FOUND.stateByKey(key));
  return state;
}

/** A state's law page lists its largest cities that have managers. */
const LAW_PAGE_CITY_LINKS = 10;

/** Every topic with how many jurisdictions have a fact on it and whether it has a comparison page. */
async function lawTopicSummaries(context: ServiceContext) {
  const summary = await summarizeLawTopics(context.db);
  return LAW_TOPICS.map((topic) => {
    const states = summary.get(topic.key)?.states ?? 0;
    return {
      topic: topic.key,
      slug: topic.slug,
      title: topic.title,
      label: topic.label,
      description: topic.description,
      states,
      compare: hasComparePage(topic, states),
      reviewedOn: summary.get(topic.key)?.reviewedOn,
    };
  });
}

export const handlers: Handlers = {
  async "page/get"({ page_id }, { db }) {
    const pageData = await getPage(db, { pageId: page_id });
    if (!pageData) throw new ApiError(404, NOT_FOUND.page(page_id));
    return { success: true, pageData };
  },

  async "testimonial/list"({ type }, { db }) {
    return { success: true, testimonials: await listTestimonials(db, { featuredOnly: featuredOnly(type) }) };
  },

  async "testimonial/get"({ id }, { db }) {
    const testimonial = await getTestimonial(db, { id });
    if (!testimonial) throw new ApiError(404, NOT_FOUND.testimonial(id));
    return { success: true, testimonial };
  },

  async "blogs/list"({ type }, { db }) {
    return { success: true, blogs: await listBlogs(db, { featuredOnly: type === "Featured" }) };
  },

  async "blog/get"({ slug }, { db }) {
    const blog = await getBlog(db, { slug });
    if (!blog) throw new ApiError(404, NOT_FOUND.blog);
    return { success: true, blog };
  },

  async "faq/list"({ type }, { db }) {
    return { success: true, faqs: await listFaqs(db, { featuredOnly: featuredOnly(type) }) };
  },

  async "state/code/list"({ length }, { db, halfStateCount }) {
    const half = length === "Half";
    const states = await listStates(db, half ? { featuredLimit: halfStateCount } : {});
    const first = states[0];
    return {
      success: true,
      states,
      length: half ? "Half" : "Full",
      first_state: first ? { id: first.id, abbreviation: first.abbreviation } : null,
    };
  },

  async "city/list"({ state_id, length }, { db }) {
    const state = await getStateById(db, { id: state_id });
    if (!state) throw new ApiError(404, NOT_FOUND.stateById(state_id));
    const half = length === "Half";
    const { cities, count } = await listCities(db, { stateId: state.id, limit: half ? HALF_CITY_COUNT : undefined });
    return { success: true, cities, length: half ? "Half" : "Full", count };
  },

  async "law/get"({ state: key }, context) {
    const state = await requireState(context, key);
    const facts = await listLawFacts(context.db, { stateId: state.id });
    if (facts.length === 0) throw new ApiError(404, NOT_FOUND.lawSummary(state.state));
    const [cities, topics] = await Promise.all([
      listCitiesWithManagers(context.db, { stateId: state.id, limit: LAW_PAGE_CITY_LINKS }),
      lawTopicSummaries(context),
    ]);
    const comparePaths: Partial<Record<LawTopicKey, string>> = Object.fromEntries(
      topics.filter((topic) => topic.compare).map((topic) => [topic.topic, lawComparePath(topic.slug)]),
    );
    const document = buildLawDocument({
      state: { name: state.state },
      facts,
      cityLinks: cities.map((city) => ({ name: city.city, href: cityPath(state.abbreviation, city.slug) })),
      comparePaths,
    });
    return {
      success: true,
      stateData: { id: state.id, state: state.state, abbreviation: state.abbreviation, slug: state.slug, laws: JSON.stringify(document) },
    };
  },

  async "law/facts"({ state: key, topic }, context) {
    const state = await requireState(context, key);
    return { success: true, state, facts: await listLawFacts(context.db, { stateId: state.id, topic }) };
  },

  async "laws/topics"(_input, context) {
    const topics = await lawTopicSummaries(context);
    return { success: true, topics: topics.map(({ reviewedOn: _reviewedOn, ...topic }) => topic) };
  },

  async "laws/compare"({ topic: wanted }, context) {
    const topic = findLawTopic(wanted);
    const summary = topic && (await lawTopicSummaries(context)).find((entry) => entry.topic === topic.key);
    if (!topic || !summary?.compare || !summary.reviewedOn) throw new ApiError(404, NOT_FOUND.lawComparison(wanted));
    const { reviewedOn, ...rest } = summary;
    return { success: true, topic: { ...rest, reviewed_on: reviewedOn }, rows: await listTopicComparison(context.db, { topic: topic.key }) };
  },

  "agents/list": listCityManagers,

  async "zip/get"({ zip }, context) {
    return { success: true, place: await requirePlace(context, zip) };
  },

  "agents/near": listManagersNear,

  async "agent/get"({ agent_id }, { db }) {
    const agent = await getListedAgent(db, { id: agent_id });
    if (!agent) throw new ApiError(404, NOT_FOUND.manager);
    return { success: true, agent_data: agent };
  },

  async "question/list"({ type }, { db }) {
    return { success: true, questions: await listQuestions(db, { categoryId: type }) };
  },

  "agents/match": withChosenManagers(matchManagers),
  // Sample listings are companies that do not exist: each recipient carries `demo`, and the pages
  // after a request say so.
  "lead/save": saveLead,
  "lead/withdraw": withdrawLead,
  "lead/recipients": chooseRecipientsLater,

  async "agent/save"(application, context) {
    const saved = siteCopy(configuredOperator()).applicationSaved;
    if (isBotSubmission(application)) return { success: true, message: saved };
    await context.write(async (trx) => {
      await countCaller(trx, context);
      await saveAgentApplication(trx, application);
    });
    return { success: true, message: saved };
  },

  "contact/save": saveContact,
  "newsletter/save": subscribe,
  "newsletter/confirm": confirmNewsletter,
  "lead/confirm": confirmLead,

  async "sitemap/paths"({ page, per_page }, { db }) {
    const { entries, total } = await listSitemapEntries(db, { offset: (page - 1) * per_page, limit: per_page });
    return { success: true, entries, total };
  },

  "lead/request": readRequest,
  "lead/confirmation": readConfirmation,
  "health/check": checkHealth,
  "proposal/get": readProposal,
  "proposal/save": saveProposal,
  "outbox/search": searchOutbox,
  "e2e/cleanup": cleanUpTestRun,
  "request/proposals": readOwnerProposals,
  "request/decide": decideRequest,

  async "seo/rules"({ kind, path }, { db }) {
    return { success: true, ...(await liveRulesFor(db, { kind, path })) };
  },
  async "seo/draft"({ preview }, { db }) {
    return { success: true, draft: await draftOfPreviewCookie(db, { preview, secret: await staffAuthSecret(db, env().STAFF_AUTH_SECRET) }) };
  },
};
