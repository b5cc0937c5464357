import Link from "next/link";
import { notFound, permanentRedirect } from "next/navigation";
import type { Metadata } from "next";
import { getCityListing } from "@/lib/api/pages";
import { siteUrl } from "@/lib/env";
import { breadcrumbLd, itemListLd } from "@/lib/seo/json-ld";
import { pageMetadata } from "@/lib/seo/metadata";
import { pageSeo } from "@/lib/api/seo";
import { DIRECTORY_PAGE_SIZE, NEARBY_RADIUS_MILES, categoryBySlug } from "@/lib/contract/site";
import { EMPTY } from "@/lib/contract/messages";
import { cityPath, statePath } from "@/lib/contract/routes";
import { AgentList } from "@/components/directory/AgentList";
import { CategoryTabs } from "@/components/directory/CategoryTabs";
import { GetQuotesLink } from "@/components/directory/GetQuotesLink";
import { Pagination } from "@/components/directory/Pagination";
import { SampleNotice } from "@/components/directory/SampleNotice";
import { JsonLd } from "@/components/seo/JsonLd";
import { PageShell } from "@/components/layout/PageShell";

/**
 * The four routes of a city's managers share this: /agents/TX/austin, a category tab
 * /agents/TX/austin/multi-family, and their later pages …/page/2. Route-private: only the
 * page.tsx files beside and below it import it.
 */
export type ListingParams = { state: string; city: string; category?: string; page?: string };

const decode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

async function load(params: Promise<ListingParams>) {
  const raw = await params;
  const category = raw.category === undefined ? undefined : categoryBySlug(raw.category);
  if (raw.category !== undefined && !category) return null;
  const page = raw.page === undefined ? 1 : /^\d{1,6}$/.test(raw.page) ? Number(raw.page) : 0;
  if (page < 1) return null;
  const listing = await getCityListing(decode(raw.state), decode(raw.city), category?.id ?? 0, page);
  if (!listing) return null;
  const { total, last_page } = listing.agents;
  // Past the last page is no page at all (page 1 of an empty list still is: "No Record").
  if (page > last_page) return null;
  const canonical = cityPath(listing.state.abbreviation, listing.city.slug, { category: category?.slug, page });
  const requested = `/agents/${raw.state}/${raw.city}${raw.category ? `/${raw.category}` : ""}${raw.page !== undefined ? `/page/${raw.page}` : ""}`;
  const place = `${listing.city.city}, ${listing.state.abbreviation}`;
  const kind = category ? `${category.label} Property Managers` : "Property Managers";
  return { listing, category, page, total, canonical, requested, place, kind };
}

export async function listingMetadata(params: Promise<ListingParams>): Promise<Metadata> {
  const loaded = await load(params);
  if (!loaded) return { title: "City not found" }; // notFound() follows: Next.js adds the one noindex of a 404
  const { listing, category, page, total, canonical } = loaded;
  const facts = { city: listing.city.city, state: listing.state.state, state_abbr: listing.state.abbreviation, count: total, page };
  return pageMetadata({
    ...(await (category ? pageSeo("category", canonical, { ...facts, category: category.label }) : pageSeo("city", canonical, facts))),
    path: canonical,
    // A list nobody is in is a "No Record" page: useful to a visitor, not to an index.
    noindex: total === 0,
  });
}

export async function CityListing({ params }: { params: Promise<ListingParams> }) {
  const loaded = await load(params);
  if (!loaded) notFound();
  const { listing, category, page, total, canonical, requested, place, kind } = loaded;
  if (requested !== canonical) permanentRedirect(canonical);

  const { state, city } = listing;
  const agents = listing.agents.data;
  const cityHref = cityPath(state.abbreviation, city.slug);
  const crumbs = [
    { name: "Home", path: "/" },
    { name: state.state, path: statePath(state.abbreviation) },
    { name: city.city, path: cityHref },
    ...(category ? [{ name: category.label, path: cityPath(state.abbreviation, city.slug, { category: category.slug }) }] : []),
  ];
  const shown = agents.length > 0 ? agents : listing.nearby;
  const firstPosition = (page - 1) * DIRECTORY_PAGE_SIZE + 1;
  const summary =
    total > 0
      ? `${total} ${total === 1 ? "manager serves" : "managers serve"} ${city.city}${category ? ` for ${category.label.toLowerCase()} property` : ""}: featured first, then nearest.`
      : undefined;
  return (
    <PageShell title={`${kind} in ${place}`} subtitle={summary} crumbs={crumbs} newsletter={false}>
      <JsonLd data={breadcrumbLd(siteUrl(), crumbs)} />
      {agents.length > 0 && <JsonLd data={itemListLd(siteUrl(), `${kind} in ${place}${page > 1 ? `, page ${page}` : ""}`, agents, firstPosition)} />}
      <div className="container section directory">
        <div className="directory__actions">
          <p className="directory__prompt">Tell us about your property once and hear back from managers who serve {city.city}.</p>
          <GetQuotesLink city={city.city} category={category?.id} />
        </div>
        <CategoryTabs state={state.abbreviation} citySlug={city.slug} current={category?.slug} />
        {shown.some((agent) => agent.demo === 1) && <SampleNotice />}
        {agents.length > 0 ? (
          <>
            <AgentList agents={agents} placeName={city.city} />
            <Pagination page={page} lastPage={listing.agents.last_page} hrefFor={(target) => cityPath(state.abbreviation, city.slug, { category: category?.slug, page: target })} />
          </>
        ) : (
          <>
            <div className="empty-notice">
              <p className="empty-notice__title">{EMPTY.noRecord}</p>
              {listing.nearby.length > 0 || !category ? (
                <p>{EMPTY.onboarding}</p>
              ) : (
                <p>
                  {EMPTY.noCategoryManagers(category.label, city.city)} <Link href={cityHref}>See every manager serving {city.city}</Link>
                </p>
              )}
            </div>
            {!category && listing.nearby.length === 0 && <p className="directory__nearby-none">{EMPTY.nobodyNearby(city.city, NEARBY_RADIUS_MILES)}</p>}
            {listing.nearby.length > 0 && (
              <section className="directory__nearby" aria-labelledby="nearby-heading">
                <h2 id="nearby-heading">Managers with an office near {city.city}</h2>
                <p>The nearest offices within {NEARBY_RADIUS_MILES} miles. Ask them whether they would take on a property in {city.city}.</p>
                <AgentList agents={listing.nearby} placeName={city.city} id="nearby-managers" />
              </section>
            )}
          </>
        )}
      </div>
    </PageShell>
  );
}
