/** schema.org objects for the JSON-LD of each page kind. URLs are absolute. */
import type { Agent, Blog, Faq } from "../contract";
import { htmlToText } from "../sanitize";
import { SITE_NAME, SITE_TAGLINE } from "../contract/site";
import { PATHS, agentPath, blogPath } from "../contract/routes";
import { feeHeadline } from "../contract/fees";
import { sampleName } from "../contract/seo-text";
import { absolute, type Thing } from "./json-ld-list";

export { linkListLd, serializeJsonLd } from "./json-ld-list";

/** The site's operator; `sameAs` only the profiles it runs (SOCIAL_PROFILES), left out when there are none. */
export function organizationLd(origin: string, profiles: readonly string[]): Thing {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: SITE_NAME,
    url: absolute(origin, "/"),
    logo: absolute(origin, "/brand/logo.svg"),
    description: SITE_TAGLINE,
    ...(profiles.length > 0 ? { sameAs: [...profiles] } : {}),
  };
}

export function websiteLd(origin: string): Thing {
  return { "@context": "https://schema.org", "@type": "WebSite", name: SITE_NAME, url: absolute(origin, "/"), inLanguage: "en-US" };
}

/** The schema.org kinds of web page the site's pages are (FAQPage for /faqs). */
export type PageType = "WebPage" | "AboutPage" | "ContactPage" | "CollectionPage" | "FAQPage";

type PageLd = { type?: PageType; path: string; name: string; description?: string; mainEntity?: Thing | Thing[] };

/** A page of the site as a schema.org WebPage (or the subtype that fits it), part of the WebSite. */
export function webPageLd(origin: string, { type = "WebPage", path, name, description, mainEntity }: PageLd): Thing {
  return {
    "@context": "https://schema.org",
    "@type": type,
    "@id": absolute(origin, path),
    url: absolute(origin, path),
    name,
    ...(description ? { description } : {}),
    inLanguage: "en-US",
    isPartOf: { "@type": "WebSite", name: SITE_NAME, url: absolute(origin, "/") },
    ...(mainEntity ? { mainEntity } : {}),
  };
}

export type Crumb = { name: string; path: string };

/** A breadcrumb trail from the home page: `crumbsFromHome({ name: "About Us", path: "/about-us" })`. */
export function crumbsFromHome(...trail: Crumb[]): Crumb[] {
  return [{ name: "Home", path: PATHS.home }, ...trail];
}

export function breadcrumbLd(origin: string, crumbs: Crumb[]): Thing {
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


/**
 * A manager as a schema.org RealEstateAgent (a LocalBusiness): never with email or phone. A sample
 * listing (a fictional company) says Sample in its name and description and has no street address
 * or postal code: only the city it is shown in, nothing that looks like a real office.
 */
export function localBusinessLd(origin: string, agent: Agent): Thing {
  const sample = agent.demo === 1;
  return {
    "@context": "https://schema.org",
    "@type": "RealEstateAgent",
    "@id": absolute(origin, agentPath(agent)),
    name: sample ? sampleName(agent.company_name) : agent.company_name,
    url: absolute(origin, agentPath(agent)),
    image: absolute(origin, agent.photo),
    description: sample ? `Sample listing: a fictional company. ${agent.about}` : agent.about,
    address: {
      "@type": "PostalAddress",
      ...(sample ? {} : { streetAddress: agent.address }),
      addressLocality: agent.city,
      addressRegion: agent.state,
      ...(agent.zip && !sample ? { postalCode: agent.zip } : {}),
      addressCountry: "US",
    },
    areaServed: [
      { "@type": "City", name: `${agent.city}, ${agent.state}` },
      ...(agent.service_area
        ? [
            {
              "@type": "GeoCircle",
              geoMidpoint: { "@type": "GeoCoordinates", latitude: agent.service_area.lat, longitude: agent.service_area.lng },
              // schema.org reads a bare number as meters.
              geoRadius: Math.round(agent.service_area.radius_miles * 1609.344),
            },
          ]
        : []),
    ],
    priceRange: feeHeadline(agent.fees),
    ...(agent.year_founded ? { foundingDate: String(agent.year_founded) } : {}),
    knowsAbout: agent.category ? agent.category.split(", ").map((label) => `${label} property management`) : undefined,
  };
}

/** The FAQs page: each question with its answer as plain text (block boundaries as spaces). */
export function faqPageLd(origin: string, page: Omit<PageLd, "type" | "mainEntity">, faqs: Faq[]): Thing {
  return webPageLd(origin, {
    ...page,
    type: "FAQPage",
    mainEntity: faqs.map((faq) => ({
      "@type": "Question",
      name: faq.question,
      acceptedAnswer: { "@type": "Answer", text: htmlToText(faq.answer) },
    })),
  });
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
    mainEntityOfPage: absolute(origin, blogPath(blog.slug)),
    author: { "@type": "Organization", name: SITE_NAME },
    publisher: { "@type": "Organization", name: SITE_NAME, logo: { "@type": "ImageObject", url: absolute(origin, "/brand/logo.svg") } },
  };
}

/**
 * A 50-state law comparison as a schema.org Dataset: what it measures, where it applies, when
 * its facts were last reviewed and the pages they were checked against.
 */
export function lawDatasetLd(
  origin: string,
  dataset: { name: string; description: string; path: string; variable: string; reviewedOn: string; sources: string[]; keywords: string[] },
): Thing {
  return {
    "@context": "https://schema.org",
    "@type": "Dataset",
    "@id": absolute(origin, dataset.path),
    name: dataset.name,
    description: dataset.description,
    url: absolute(origin, dataset.path),
    keywords: dataset.keywords,
    variableMeasured: dataset.variable,
    spatialCoverage: { "@type": "Place", name: "United States" },
    dateModified: dataset.reviewedOn,
    isAccessibleForFree: true,
    inLanguage: "en-US",
    creator: { "@type": "Organization", name: SITE_NAME, url: absolute(origin, "/") },
    isBasedOn: dataset.sources,
  };
}
