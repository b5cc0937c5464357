import type { Agent, Blog, Faq } from "../api/contract";
import { htmlToText } from "../sanitize";
import { SITE_NAME, SITE_TAGLINE, SOCIAL_LINKS } from "../site";

/** schema.org objects for the JSON-LD of each page kind. URLs are absolute. */
type Thing = Record<string, unknown>;
const absolute = (origin: string, path: string) => new URL(path, origin).toString();

export function organizationLd(origin: string): Thing {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: SITE_NAME,
    url: absolute(origin, "/"),
    logo: absolute(origin, "/brand/logo.svg"),
    description: SITE_TAGLINE,
    sameAs: SOCIAL_LINKS.map((link) => link.href),
  };
}

export function websiteLd(origin: string): Thing {
  return { "@context": "https://schema.org", "@type": "WebSite", name: SITE_NAME, url: absolute(origin, "/"), inLanguage: "en-US" };
}

export function breadcrumbLd(origin: string, crumbs: { name: string; path: string }[]): Thing {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absolute(origin, crumb.path),
    })),
  };
}

export function agentPath(agent: Pick<Agent, "state" | "city_slug" | "agent_id">): string {
  return `/agent/${agent.state}/${agent.city_slug}/${agent.agent_id}`;
}

/** A manager as a schema.org RealEstateAgent (a LocalBusiness): never with email or phone. */
export function localBusinessLd(origin: string, agent: Agent): Thing {
  return {
    "@context": "https://schema.org",
    "@type": "RealEstateAgent",
    "@id": absolute(origin, agentPath(agent)),
    name: agent.company_name,
    url: absolute(origin, agentPath(agent)),
    image: absolute(origin, agent.photo),
    description: agent.about,
    address: {
      "@type": "PostalAddress",
      streetAddress: agent.address,
      addressLocality: agent.city,
      addressRegion: agent.state,
      ...(agent.zip ? { postalCode: agent.zip } : {}),
      addressCountry: "US",
    },
    areaServed: { "@type": "City", name: `${agent.city}, ${agent.state}` },
    knowsAbout: agent.category ? agent.category.split(", ").map((label) => `${label} property management`) : undefined,
  };
}

export function itemListLd(origin: string, name: string, agents: Agent[]): Thing {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    name,
    numberOfItems: agents.length,
    itemListElement: agents.map((agent, index) => ({
      "@type": "ListItem",
      position: index + 1,
      url: absolute(origin, agentPath(agent)),
      name: agent.company_name,
    })),
  };
}

export function faqPageLd(faqs: Faq[]): Thing {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: faqs.map((faq) => ({
      "@type": "Question",
      name: faq.question,
      acceptedAnswer: { "@type": "Answer", text: htmlToText(faq.answer) },
    })),
  };
}

export function blogPostingLd(origin: string, blog: Blog): Thing {
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: blog.heading,
    description: blog.seo_description,
    image: absolute(origin, blog.blog_banner),
    datePublished: blog.post_date,
    dateModified: blog.post_date,
    mainEntityOfPage: absolute(origin, `/blog/${blog.slug}`),
    author: { "@type": "Organization", name: SITE_NAME },
    publisher: { "@type": "Organization", name: SITE_NAME, logo: { "@type": "ImageObject", url: absolute(origin, "/brand/logo.svg") } },
  };
}

/** JSON for a <script type="application/ld+json">, with "<" escaped so no text can close the tag. */
export function serializeJsonLd(data: Thing | Thing[]): string {
  return JSON.stringify(data).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}
