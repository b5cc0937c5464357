import "server-only";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { CallName, CallResponse, ParsedRequest } from "../api/contract";
import { ApiError } from "../api/errors";
import { getBlog, getPage, getTestimonial, listBlogs, listFaqs, listTestimonials } from "../db/queries/content";
import { findCity, findState, getLaw, getStateById, listCities, listStates } from "../db/queries/places";
import { getAgent, listAgents } from "../db/queries/agents";
import { listQuestions } from "../db/queries/questions";
import { saveAgentApplication, saveContactMessage, saveLead, subscribeNewsletter } from "../db/queries/submissions";
import { isBotSubmission, phoneDigits } from "../api/contract";

export type ServiceContext = { db: Kysely<Database>; halfStateCount: number };

type Handler<C extends CallName> = (input: ParsedRequest<C>, context: ServiceContext) => Promise<CallResponse<C>>;
export type Handlers = { [C in CallName]: Handler<C> };

/** The short city list on the home page. */
export const HALF_CITY_COUNT = 12;

export const MESSAGES = {
  leadSaved: "Thank you! Your request has been received. Local property managers will contact you with quotes soon.",
  agentSaved: "Thank you for applying to join our network. Our partner team will contact you within one business day.",
  contactSaved: "Thank you for your message. We will get back to you within one business day.",
  contactSavedForAgent: (company: string) => `Thank you! Your message has been sent to ${company}.`,
  subscribed: "Thank you for subscribing! Watch your inbox for our next newsletter.",
  alreadySubscribed: "You are already subscribed to our newsletter. Thank you for reading!",
};

const featuredOnly = (type: "Featured" | "All" | undefined) => type !== "All";

async function requireState(context: ServiceContext, key: string) {
  const state = await findState(context.db, { key });
  if (!state) throw new ApiError(404, `We could not find a state called "${key}".`);
  return state;
}

export const handlers: Handlers = {
  async "page/get"({ page_id }, { db }) {
    const pageData = await getPage(db, { pageId: page_id });
    if (!pageData) throw new ApiError(404, `We could not find page ${page_id}.`);
    return { success: true, pageData };
  },

  async "testimonial/list"({ type }, { db }) {
    return { success: true, testimonials: await listTestimonials(db, { featuredOnly: featuredOnly(type) }) };
  },

  async "testimonial/get"({ id }, { db }) {
    const testimonial = await getTestimonial(db, { id });
    if (!testimonial) throw new ApiError(404, `We could not find testimonial ${id}.`);
    return { success: true, testimonial };
  },

  async "blogs/list"({ type }, { db }) {
    return { success: true, blogs: await listBlogs(db, { featuredOnly: type === "Featured" }) };
  },

  async "blog/get"({ slug }, { db }) {
    const blog = await getBlog(db, { slug });
    if (!blog) throw new ApiError(404, "We could not find that blog post.");
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
    if (!state) throw new ApiError(404, `We could not find state ${state_id}.`);
    const half = length === "Half";
    const { cities, count } = await listCities(db, { stateId: state.id, limit: half ? HALF_CITY_COUNT : undefined });
    return { success: true, cities, length: half ? "Half" : "Full", count };
  },

  async "law/get"({ state: key }, context) {
    const state = await requireState(context, key);
    const laws = await getLaw(context.db, { stateId: state.id });
    if (!laws) throw new ApiError(404, `We do not have a law summary for ${state.state} yet.`);
    return {
      success: true,
      stateData: { id: state.id, state: state.state, abbreviation: state.abbreviation, slug: state.slug, laws },
    };
  },

  async "agents/list"({ cate_id, state: stateKey, city: cityKey, page, per_page }, context) {
    const state = await requireState(context, stateKey);
    const city = await findCity(context.db, { stateId: state.id, key: cityKey });
    if (!city) throw new ApiError(404, `We could not find a city called "${cityKey}" in ${state.state}.`);
    const { agents, total } = await listAgents(context.db, { cityId: city.id, categoryId: cate_id, page, perPage: per_page });
    return {
      success: true,
      state,
      city,
      agents: { data: agents, total, page, per_page, last_page: Math.max(1, Math.ceil(total / per_page)) },
    };
  },

  async "agent/get"({ agent_id }, { db }) {
    const agent = await getAgent(db, { id: agent_id });
    if (!agent) throw new ApiError(404, "We could not find that property manager.");
    return { success: true, agent_data: agent };
  },

  async "question/list"({ type }, { db }) {
    return { success: true, questions: await listQuestions(db, { categoryId: type }) };
  },

  async "lead/save"(lead, { db }) {
    if (isBotSubmission(lead)) return { success: true, message: MESSAGES.leadSaved };
    await saveLead(db, {
      submissionKey: lead.submission_key,
      propertyCategory: lead.property_category,
      propertyAddress: lead.property_address,
      propertyCity: lead.property_city,
      propertyZip: lead.property_zip,
      propertyPrice: lead.property_price,
      fullName: lead.full_name,
      emailAddress: lead.email_address,
      phone: lead.property_number ? phoneDigits(lead.property_number) : "",
      preferredContactMethod: lead.preferred_contact_method ?? "",
      price: lead.price,
      exam: lead.exam ?? [],
    });
    return { success: true, message: MESSAGES.leadSaved };
  },

  async "agent/save"(application, { db }) {
    if (isBotSubmission(application)) return { success: true, message: MESSAGES.agentSaved };
    await saveAgentApplication(db, {
      companyName: application.company_name,
      email: application.email,
      mobile: application.mobile.replace(/\D/g, ""),
      countryCode: application.country_code,
    });
    return { success: true, message: MESSAGES.agentSaved };
  },

  async "contact/save"(contact, { db }) {
    if (isBotSubmission(contact)) return { success: true, message: MESSAGES.contactSaved };
    let message = MESSAGES.contactSaved;
    if (contact.agent_id > 0) {
      const agent = await getAgent(db, { id: contact.agent_id });
      if (!agent) throw new ApiError(404, "We could not find that property manager.");
      message = MESSAGES.contactSavedForAgent(agent.company_name);
    }
    await saveContactMessage(db, {
      name: contact.name,
      email: contact.email,
      mobile: contact.mobile ? phoneDigits(contact.mobile) : "",
      message: contact.message,
      agentId: contact.agent_id,
    });
    return { success: true, message };
  },

  async "newsletter/save"({ email_address, website }, { db }) {
    if (isBotSubmission({ website })) return { success: true, message: MESSAGES.subscribed };
    const { created } = await subscribeNewsletter(db, { email: email_address });
    return { success: true, message: created ? MESSAGES.subscribed : MESSAGES.alreadySubscribed };
  },
};
