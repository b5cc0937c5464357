import Link from "next/link";
import type { Metadata } from "next";
import { searchManagersNear } from "@/lib/api/pages";
import { pageMetadata } from "@/lib/seo/metadata";
import { ALL_CATEGORIES_ID, CATEGORY_IDS, SITE_NAME, categoryLabel } from "@/lib/contract/site";
import { EMPTY } from "@/lib/contract/messages";
import { PATHS, managersNearPath } from "@/lib/contract/routes";
import { AgentList } from "@/components/directory/AgentList";
import { GetQuotesLink } from "@/components/directory/GetQuotesLink";
import { Pagination } from "@/components/directory/Pagination";
import { SampleNotice } from "@/components/directory/SampleNotice";
import { ZipSearchForm } from "@/components/directory/ZipSearchForm";
import { PageShell } from "@/components/layout/PageShell";

type Query = { zip?: string | string[]; category?: string | string[]; page?: string | string[] };
type Props = { searchParams: Promise<Query> };

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";

function readQuery(query: Query) {
  const zip = first(query.zip).trim();
  const categoryText = first(query.category);
  const category: 0 | 1 | 2 | 3 | 8 = (CATEGORY_IDS as number[]).includes(Number(categoryText)) ? (Number(categoryText) as 1 | 2 | 3 | 8) : ALL_CATEGORIES_ID;
  const page = /^\d{1,6}$/.test(first(query.page)) ? Math.max(1, Number(first(query.page))) : 1;
  return { zip, category, page };
}

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const { zip } = readQuery(await searchParams);
  return pageMetadata({
    title: zip ? `Property managers serving ${zip} | ${SITE_NAME}` : `Find property managers by ZIP code | ${SITE_NAME}`,
    description: `The property managers whose service area includes a ZIP code, featured first, then nearest, with their fees, services and licenses.`,
    path: PATHS.managers,
    // Search results: one page per query, nothing for an index.
    noindex: true,
  });
}

/** The ZIP search's results, rendered for each request (/managers?zip=78701&category=1). */
export default async function ManagersNearPage({ searchParams }: Props) {
  const { zip, category, page } = readQuery(await searchParams);
  const search = zip ? await searchManagersNear(zip, category, page) : null;
  const found = search && "result" in search ? search.result : null;
  const { place, agents } = found ?? {};
  const categoryName = category ? categoryLabel(category) : undefined;
  const title = found && agents && place ? `${agents.total} ${agents.total === 1 ? "manager serves" : "managers serve"} ${place.zip}` : "Find property managers by ZIP code";
  return (
    <PageShell
      title={title}
      subtitle={place ? `${place.city}, ${place.state}${categoryName ? ` · ${categoryName}` : " · every property type"}` : undefined}
      crumbs={[
        { name: "Home", path: "/" },
        { name: "Find Managers", path: PATHS.managers },
      ]}
      newsletter={false}
    >
      <div className="container section directory">
        <ZipSearchForm zip={zip} category={category} idPrefix="results-zip" />
        {search && "error" in search && (
          <p className="form-error" role="alert">
            {search.error}
          </p>
        )}
        {!zip && (
          <p className="directory__hint">
            Type a ZIP code to see the managers whose service area includes it, or <Link href={PATHS.resources}>browse by state and city</Link>.
          </p>
        )}
        {found && place && agents && (
          <>
            <div className="directory__actions">
              <p className="directory__prompt">Featured managers first, then the nearest offices. Tell us about your property once and hear back from them.</p>
              <GetQuotesLink city={place.city} zip={place.zip} category={category || undefined} />
            </div>
            {agents.data.some((agent) => agent.demo === 1) && <SampleNotice />}
            {agents.data.length > 0 ? (
              <>
                <AgentList agents={agents.data} placeName={place.zip} />
                <Pagination
                  page={agents.page}
                  lastPage={agents.last_page}
                  hrefFor={(target) => managersNearPath({ zip: place.zip, category, page: target })}
                />
              </>
            ) : agents.total > 0 ? (
              <p className="empty-notice">
                There is no page {page}. <Link href={managersNearPath({ zip: place.zip, category })}>Back to the first page</Link>
              </p>
            ) : (
              <div className="empty-notice">
                <p className="empty-notice__title">{EMPTY.noRecord}</p>
                <p>{EMPTY.onboarding}</p>
              </div>
            )}
          </>
        )}
      </div>
    </PageShell>
  );
}
