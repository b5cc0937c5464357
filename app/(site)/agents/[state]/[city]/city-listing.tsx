import { notFound, redirect } from "next/navigation";
import type { Metadata } from "next";
import { getCityListing, servicesKey, type CityListing as Listing } from "@/lib/api/pages";
import { siteUrl } from "@/lib/env";
import { breadcrumbLd } from "@/lib/seo/json-ld";
import { pageMetadata } from "@/lib/seo/metadata";
import { pageSeo } from "@/lib/api/seo";
import { emptyListIsNoindex, tabRepeatsCity } from "@/lib/contract/seo-text";
import { listHeading } from "@/lib/contract/page-headings";
import {
  DEFAULT_DIRECTORY_SORT,
  DEFAULT_MONTHLY_RENT,
  DIRECTORY_PAGE_SIZE,
  NEARBY_RADIUS_MILES,
  PROPERTY_CATEGORIES,
  type DirectorySort,
  type ServiceKey,
} from "@/lib/contract/site";
import { DIRECTORY, EMPTY, RANKING } from "@/lib/contract/messages";
import { HOW_WE_RANK_ANCHOR, PATHS, cityPath, cityViewPath, isDefaultListView, requestedCityPath, statePath } from "@/lib/contract/routes";
import { AgentList } from "@/components/directory/AgentList";
import { CategoryTabs } from "@/components/directory/CategoryTabs";
import { GetQuotesLink } from "@/components/directory/GetQuotesLink";
import { HowWeRank } from "@/components/directory/HowWeRank";
import { FeeSortStatement, servicesText } from "@/components/directory/FeeSortStatement";
import { ListControls } from "@/components/directory/ListControls";
import { NearestCities } from "@/components/directory/NearestCities";
import { Pagination } from "@/components/directory/Pagination";
import { SampleNotice } from "@/components/directory/SampleNotice";
import { JsonLd } from "@/components/seo/JsonLd";
import { PageShell } from "@/components/layout/PageShell";
import { PAGE_TABLE, cityListRequest } from "@/lib/contract/page-table";
import { requirePage } from "@/lib/seo/canonical";
import { DIRECTORY_PAGE } from "@/lib/contract/page-messages";

/**
 * The routes of a city's managers share this: /agents/TX/austin, a category tab
 * /agents/TX/austin/multi-family, their later pages …/page/2, and the views an owner chooses
 * (/agents/TX/austin/view?sort=fee&service=evictions, never indexed). Route-private: only the
 * page.tsx files beside and below it import it.
 */
export type ListingParams = { state: string; city: string; category?: string; page?: string };

/**
 * A view an owner chose: its sort, category (0: all), the services every manager must offer, and
 * the rent the fee sort ranks first-year cost at (`rentInvalid`: what was typed, when it was not a rent).
 */
export type ListingView = { sort: DirectorySort; categoryId: number; services: ServiceKey[]; page: number; rent: number; rentInvalid?: string };

const categoryById = (id: number) => PROPERTY_CATEGORIES.find((category) => category.id === id);

const decode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

async function load(raw: ListingParams, view?: ListingView) {
  const request = view ? { category: categoryById(view.categoryId), page: view.page } : cityListRequest(raw);
  if (!request || request.page < 1) return null;
  const { category, page } = request;
  const categoryId = category?.id ?? 0;
  const listing = await getCityListing(decode(raw.state), decode(raw.city), categoryId, page, view?.sort, servicesKey(view?.services ?? []), view?.sort === "fee" ? view.rent : undefined);
  // The page table: past the last page is no page at all (page 1 of an empty list still is: "No Record").
  const canonical = listing && PAGE_TABLE.city(request, { state: listing.state.abbreviation, city_slug: listing.city.slug, last_page: listing.agents.last_page });
  if (!listing || !canonical) return null;
  const heading = listHeading({ category: category?.label, city: listing.city.city, state_abbr: listing.state.abbreviation });
  return { listing, category, categoryId, page, canonical, heading, view };
}
type Loaded = NonNullable<Awaited<ReturnType<typeof load>>>;

export async function listingMetadata(params: Promise<ListingParams>, view?: ListingView): Promise<Metadata> {
  const loaded = await load(await params, view);
  if (!loaded) return { title: "City not found" }; // notFound() follows: Next.js adds the one noindex of a 404
  const { listing, category, page, canonical } = loaded;
  const { total } = listing.agents;
  const facts = { city: listing.city.city, state: listing.state.state, state_abbr: listing.state.abbreviation, count: total, page };
  // A view's canonical is the city's list itself (its words come from the same template).
  const path = view ? cityPath(listing.state.abbreviation, listing.city.slug, { category: category?.slug }) : canonical;
  // A tab listing every manager of its city is the city's page again (tabRepeatsCity): its
  // canonical is the city's, page for page; its words stay its own.
  const repeatsCity = !view && category !== undefined && tabRepeatsCity(total, await cityTotal(loaded));
  return pageMetadata({
    ...(await (category ? pageSeo("category", path, { ...facts, category: category.label }) : pageSeo("city", path, facts))),
    path: repeatsCity ? cityPath(listing.state.abbreviation, listing.city.slug, { page }) : path,
    // A list nobody is in is a "No Record" page, and a chosen view a copy of the list: useful to a visitor, not to an index.
    noindex: emptyListIsNoindex(total) || view !== undefined,
  });
}

/** How many managers the city's own list (every category) holds: one cached read, the city page's. */
async function cityTotal({ listing }: Loaded): Promise<number> {
  const all = await getCityListing(listing.state.abbreviation, listing.city.slug, 0, 1);
  return all?.agents.total ?? Number.POSITIVE_INFINITY;
}

/** A city's list in its default view: the city page, a category tab, their later pages. */
export async function CityListing({ params }: { params: Promise<ListingParams> }) {
  const raw = await params;
  const loaded = requirePage(await load(raw), requestedCityPath(raw), (found) => found.canonical);
  return <ListingPage loaded={loaded} />;
}

/** A view an owner chose (sort, category, service); the default view is the city page itself. */
export async function CityView({ params, view }: { params: Promise<ListingParams>; view: ListingView }) {
  const raw = await params;
  const loaded = await load(raw, view);
  if (!loaded) notFound();
  const { listing } = loaded;
  if (isDefaultListView({ sort: view.sort, services: view.services })) {
    redirect(cityPath(listing.state.abbreviation, listing.city.slug, { category: loaded.category?.slug, page: view.page }));
  }
  return <ListingPage loaded={loaded} />;
}

function ListingPage({ loaded }: { loaded: Loaded }) {
  const { listing, category, heading } = loaded;
  const { state, city } = listing;
  const crumbs = [
    { name: "Home", path: PATHS.home },
    { name: state.state, path: statePath(state.abbreviation) },
    { name: city.city, path: cityPath(state.abbreviation, city.slug) },
    ...(category ? [{ name: category.label, path: cityPath(state.abbreviation, city.slug, { category: category.slug }) }] : []),
  ];
  return (
    <PageShell title={heading} crumbs={crumbs} newsletter={false}>
      <JsonLd data={breadcrumbLd(siteUrl(), crumbs)} />
      <div className="container section directory">
        {listing.category_counts.every((count) => count.managers === 0) ? <EmptyArea listing={listing} /> : <ListingBody loaded={loaded} />}
      </div>
    </PageShell>
  );
}

function ListingBody({ loaded }: { loaded: Loaded }) {
  const { listing, category, categoryId, page, view, heading } = loaded;
  const { state, city } = listing;
  const { total, last_page } = listing.agents;
  const agents = listing.agents.data;
  const viewOf = (target: number) => ({ sort: view?.sort, category: categoryId, services: view?.services ?? [], rent: view?.rent, page: target });
  const hrefFor = (target: number) => (view ? cityViewPath(state.abbreviation, city.slug, viewOf(target)) : cityPath(state.abbreviation, city.slug, { category: category?.slug, page: target }));
  return (
    <>
      <div className="directory__actions">
        <p className="directory__prompt">{DIRECTORY_PAGE.cityPrompt(city.city)}</p>
        <GetQuotesLink city={city.city} category={categoryId || undefined} />
      </div>
      <CategoryTabs state={state.abbreviation} citySlug={city.slug} current={category?.slug} counts={listing.category_counts} />
      <ListControls
        action={cityViewPath(state.abbreviation, city.slug)}
        sort={view?.sort ?? DEFAULT_DIRECTORY_SORT}
        category={categoryId}
        categories={listing.category_counts.filter((count) => count.managers > 0).map((count) => count.category_id)}
        services={view?.services}
        rent={view?.rent ?? DEFAULT_MONTHLY_RENT}
      />
      {view?.sort === "fee" && <FeeSortStatement rent={view.rent} invalid={view.rentInvalid} />}
      {agents.length > 0 ? (
        <>
          <p className="directory__summary">
            {total} {total === 1 ? "manager serves" : "managers serve"} {city.city}
            {category ? ` for ${category.label.toLowerCase()} property` : ""}
            {view && view.services.length > 0 ? ` and offer ${servicesText(view.services)}` : ""}. <a href={`#${HOW_WE_RANK_ANCHOR}`}>{RANKING.title}</a>
          </p>
          {agents.some((agent) => agent.demo === 1) && <SampleNotice />}
          <AgentList
            agents={agents}
            placeName={city.city}
            quotePlace={{ property_city: city.city }}
            start={(page - 1) * DIRECTORY_PAGE_SIZE + 1}
            costRent={view?.sort === "fee" ? view.rent : undefined}
            // The default view's ItemList (a chosen view is a copy of the list, never indexed).
            itemList={view ? undefined : { origin: siteUrl(), name: `${heading}${page > 1 ? `, page ${page}` : ""}`, total }}
          />
          <Pagination page={page} lastPage={last_page} hrefFor={hrefFor} />
          <HowWeRank rule={RANKING.city(city.city)} />
        </>
      ) : (
        <div className="empty-notice">
          <p className="empty-notice__title">{EMPTY.noRecord}</p>
          <p>
            {view ? DIRECTORY.noneForView : EMPTY.noCategoryManagers(category?.label ?? "", city.city)}{" "}
            <a href={cityPath(state.abbreviation, city.slug)}>See every manager serving {city.city}</a>
          </p>
        </div>
      )}
    </>
  );
}

/** A city nobody serves: "No Record", one call to action, and where the owner can look instead. */
function EmptyArea({ listing }: { listing: Listing }) {
  const { city, state, nearby, nearest_cities } = listing;
  return (
    <>
      <div className="empty-notice">
        <p className="empty-notice__title">{EMPTY.noRecord}</p>
        <p>{EMPTY.noRecordMeaning(city.city)}</p>
        <p>{EMPTY.onboarding}</p>
        <p>
          <GetQuotesLink city={city.city} label={DIRECTORY.leaveRequest(city.city)} />
        </p>
        <p>{DIRECTORY.leaveRequestNote}</p>
      </div>
      <NearestCities place={`${city.city}, ${state.abbreviation}`} cities={nearest_cities} />
      {nearby.length === 0 ? (
        <p className="directory__nearby-none">{EMPTY.nobodyNearby(city.city, NEARBY_RADIUS_MILES)}</p>
      ) : (
        <section className="directory__nearby" aria-labelledby="nearby-heading">
          <h2 id="nearby-heading">Managers with an office near {city.city}</h2>
          <p>{DIRECTORY_PAGE.nearby(city.city, NEARBY_RADIUS_MILES)}</p>
          {nearby.some((agent) => agent.demo === 1) && <SampleNotice />}
          <AgentList agents={nearby} placeName={city.city} quotePlace={{ property_city: city.city }} id="nearby-managers" />
        </section>
      )}
    </>
  );
}
