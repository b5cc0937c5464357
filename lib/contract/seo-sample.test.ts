import type { Agent } from "./index";
import { resolveSeo, seoTextFor, shareImageFor } from "./seo-text";
import { agentSeoFacts } from "../seo/page-facts";

const facts = { company: "Lone Star Homes", city: "Austin", state: "Texas", state_abbr: "TX", category: "Single Family", about: "Lone Star Homes manages homes in Austin. It inspects every home twice a year." };
const sample = { ...facts, sample: true };
const SAYS_SAMPLE = /\bSample\b/;

describe("a sample listing says Sample in its words", () => {
  it("its default title, description, share words and image alt text all say Sample", () => {
    const text = seoTextFor({ kind: "profile", facts: sample });
    for (const field of ["title", "description", "og_title", "og_description", "image_alt"] as const) expect([field, text[field]]).toEqual([field, expect.stringMatching(SAYS_SAMPLE)]);
    expect(text.title).toBe("Lone Star Homes (Sample) – Property Manager in Austin, TX");
  });

  it("a template or an override that leaves the name out still says Sample", () => {
    const { text } = resolveSeo({
      kind: "profile",
      facts: sample,
      template: { title: "Property management in {city}", og_title: "Austin homes" },
      override: { description: "Hand-written words about homes." },
    });
    for (const field of ["title", "description", "og_title", "og_description", "image_alt"] as const) expect([field, text[field]]).toEqual([field, expect.stringMatching(SAYS_SAMPLE)]);
  });

  it("a real listing's words are untouched", () => {
    const text = seoTextFor({ kind: "profile", facts });
    for (const field of ["title", "description", "og_title", "og_description", "image_alt"] as const) expect([field, text[field]]).toEqual([field, expect.not.stringMatching(SAYS_SAMPLE)]);
  });

  it("a profile's facts carry the listing's sample flag, and its share image's alt text says Sample", () => {
    const agent = { company_name: "Lone Star Homes", city: "Austin", state: "TX", state_name: "Texas", category: "Single Family", about: "<p>We manage homes.</p>", demo: 1 } as Agent;
    expect(agentSeoFacts(agent).sample).toBe(true);
    expect(agentSeoFacts({ ...agent, demo: 0 }).sample).toBe(false);
    expect(shareImageFor({ kind: "profile", facts: agentSeoFacts(agent) }).alt).toBe("Lone Star Homes (Sample), property manager in Austin, TX, on Managely");
    expect(shareImageFor({ kind: "profile", facts: agentSeoFacts({ ...agent, demo: 0 }) }).alt).not.toMatch(SAYS_SAMPLE);
  });
});
