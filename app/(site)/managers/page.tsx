import type { Metadata } from "next";
import { searchManagersNear } from "@/lib/api/pages";
import { pageMetadata } from "@/lib/seo/metadata";
import { DIRECTORY_PAGE_SIZE, DEFAULT_DIRECTORY_SORT, SITE_NAME, categoryLabel } from "@/lib/contract/site";
import { DIRECTORY, EMPTY, RANKING, PAGE_DESCRIPTIONS } from "@/lib/contract/messages";
import { HOW_WE_RANK_ANCHOR, PATHS, listViewFromQuery, managersNearPath, type ViewQuery } from "@/lib/contract/routes";
import type { CallResponse } from "@/lib/contract";
import { AgentList } from "@/components/directory/AgentList";
import { GetQuotesLink } from "@/components/directory/GetQuotesLink";
import { HowWeRank } from "@/components/directory/HowWeRank";
import { FeeSortStatement } from "@/components/directory/FeeSortStatement";
import { ListControls } from "@/components/directory/ListControls";
import { NearestCities } from "@/components/directory/NearestCities";
import { Pagination } from "@/components/directory/Pagination";
import { SampleNotice } from "@/components/directory/SampleNotice";
import { ZipSearchForm } from "@/components/directory/ZipSearchForm";
import { PageShell } from "@/components/layout/PageShell";
import { DIRECTORY_PAGE } from "@/lib/contract/page-messages";

type Query = ViewQuery & { zip?: string | string[] };
type Props = { searchParams: Promise<Query> };
type View = ReturnType<typeof listViewFromQuery>;

function readQuery(query: Query) {
  return { zip: (Array.isArray(query.zip) ? query.zip[0] : query.zip ?? "").trim(), ...listViewFromQuery(query) };
}

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const { zip } = readQuery(await searchParams);
  return pageMetadata({
    title: zip ? `Property managers serving ${zip} | ${SITE_NAME}` : `Find property managers by ZIP code | ${SITE_NAME}`,
    description: PAGE_DESCRIPTIONS.managers,
    path: PATHS.managers,
    // Search results: one page per query, nothing for an index.
    noindex: true,
  });
}

/** The ZIP search's results, rendered for each request (/managers?zip=78701&category=1&sort=fee). */
export default async function ManagersNearPage({ searchParams }: Props) {
  const { zip, ...view } = readQuery(await searchParams);
  const search = zip ? await searchManagersNear(zip, view.category as 0 | 1 | 2 | 3 | 8, view.page, view.sort, view.services, view.sort === "fee" ? view.rent : undefined) : null;
  const found = search && "result" in search ? search.result : null;
  const categoryName = view.category ? categoryLabel(view.category) : undefined;
  const title = found ? `${found.agents.total} ${found.agents.total === 1 ? "manager serves" : "managers serve"} ${found.place.zip}` : "Find property managers by ZIP code";
  return (
    <PageShell
      title={title}
      subtitle={found ? `${found.place.city}, ${found.place.state}${categoryName ? ` · ${categoryName}` : " · every property type"}` : undefined}
      crumbs={[
        { name: "Home", path: PATHS.home },
        { name: "Find Managers", path: PATHS.managers },
      ]}
      newsletter={false}
    >
      <div className="container section directory">
        <ZipSearchForm zip={zip} category={view.category} idPrefix="results-zip" />
        {search && "error" in search && (
          <p className="form-error" role="alert">
            {search.error}
          </p>
        )}
        {!zip && (
          <p className="directory__hint">
            {DIRECTORY_PAGE.zipHint.before} <a href={PATHS.resources}>{DIRECTORY_PAGE.zipHint.link}</a>
            {DIRECTORY_PAGE.zipHint.after}
          </p>
        )}
        {found && <Results found={found} view={view} />}
      </div>
    </PageShell>
  );
}

function Results({ found, view }: { found: CallResponse<"agents/near">; view: View }) {
  const { place, agents, nearest_cities } = found;
  const viewPath = (page: number) => managersNearPath({ zip: place.zip, ...view, page });
  if (agents.total === 0 && view.services.length === 0) {
    return (
      <>
        <div className="empty-notice">
          <p className="empty-notice__title">{EMPTY.noRecord}</p>
          <p>{EMPTY.noRecordMeaning(`ZIP ${place.zip}`)}</p>
          <p>{EMPTY.onboarding}</p>
          <p>
            <GetQuotesLink city={place.city} zip={place.zip} category={view.category || undefined} label={DIRECTORY.leaveRequest(`ZIP ${place.zip}`)} />
          </p>
          <p>{DIRECTORY.leaveRequestNote}</p>
        </div>
        <NearestCities place={`ZIP ${place.zip}`} cities={nearest_cities} />
      </>
    );
  }
  return (
    <>
      <div className="directory__actions">
        <p className="directory__prompt">{DIRECTORY_PAGE.zipPrompt}</p>
        <GetQuotesLink city={place.city} zip={place.zip} category={view.category || undefined} />
      </div>
      {/* The ZIP form above already chooses the property type. */}
      <ListControls action={PATHS.managers} hidden={{ zip: place.zip, category: String(view.category) }} sort={view.sort ?? DEFAULT_DIRECTORY_SORT} services={view.services} rent={view.rent} />
      {view.sort === "fee" && <FeeSortStatement rent={view.rent} invalid={view.rentInvalid} />}
      {agents.data.length > 0 ? (
        <>
          <p className="directory__summary">
            {agents.total} {agents.total === 1 ? "manager serves" : "managers serve"} ZIP {place.zip}. <a href={`#${HOW_WE_RANK_ANCHOR}`}>{RANKING.title}</a>
          </p>
          {agents.data.some((agent) => agent.demo === 1) && <SampleNotice />}
          <AgentList
            agents={agents.data}
            placeName={place.zip}
            quotePlace={{ property_zip: place.zip }}
            start={(agents.page - 1) * DIRECTORY_PAGE_SIZE + 1}
            costRent={view.sort === "fee" ? view.rent : undefined}
          />
          <Pagination page={agents.page} lastPage={agents.last_page} hrefFor={viewPath} />
          <HowWeRank rule={RANKING.zip(place.zip)} />
        </>
      ) : (
        <div className="empty-notice">
          <p className="empty-notice__title">{EMPTY.noRecord}</p>
          <p>
            {agents.total > 0 ? `There is no page ${view.page}.` : DIRECTORY.noneForView} <a href={managersNearPath({ zip: place.zip, category: view.category })}>See every manager serving {place.zip}</a>
          </p>
        </div>
      )}
    </>
  );
}
