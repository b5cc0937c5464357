import type { Agent } from "../contract";
import type { SeoFactsOf } from "../contract/seo-text";
import { excerpt } from "../sanitize";

/**
 * A manager profile's facts for its search and social words (lib/contract/seo-text.ts): read by
 * the profile's metadata and by its share image's alt text (opengraph-image.tsx beside it).
 */
export function agentSeoFacts(agent: Agent): SeoFactsOf["profile"] {
  return {
    company: agent.company_name,
    city: agent.city,
    state: agent.state_name,
    state_abbr: agent.state,
    category: agent.category,
    about: excerpt(agent.about, 160),
    sample: agent.demo === 1,
  };
}
