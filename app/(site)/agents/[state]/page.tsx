import Link from "next/link";
import { getStateHub } from "@/lib/api/pages";
import { siteUrl } from "@/lib/env";
import { breadcrumbLd, linkListLd } from "@/lib/seo/json-ld";
import { pageMetadata } from "@/lib/seo/metadata";
import { pageSeo } from "@/lib/api/seo";
import { emptyListIsNoindex } from "@/lib/contract/seo-text";
import { stateHeading } from "@/lib/contract/page-headings";
import { EMPTY } from "@/lib/contract/messages";
import { PATHS, cityPath, lawPath, requestedStatePath, statePath } from "@/lib/contract/routes";
import { ZipSearchForm } from "@/components/directory/ZipSearchForm";
import { JsonLd } from "@/components/seo/JsonLd";
import { PageShell } from "@/components/layout/PageShell";
import { PAGE_TABLE } from "@/lib/contract/page-table";
import { requirePage } from "@/lib/seo/canonical";
import { LAW_PAGES } from "@/lib/contract/page-messages";

type Props = { params: Promise<{ state: string }> };

/** State hubs are rendered on first request and then served from the cache. */
export function generateStaticParams() {
  return [];
}

const decode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

const load = async (params: Props["params"]) => {
  const { state } = await params;
  return { requested: state, hub: await getStateHub(decode(state)) };
};

export async function generateMetadata({ params }: Props) {
  const { hub } = await load(params);
  if (!hub) return { title: "State not found" }; // notFound() follows: Next.js adds the one noindex of a 404
  const { state, cities } = hub;
  return pageMetadata({
    ...(await pageSeo("state", statePath(state.abbreviation), { state: state.state, state_abbr: state.abbreviation, count: cities.length })),
    path: statePath(state.abbreviation),
    noindex: emptyListIsNoindex(cities.length),
  });
}

/** A state's hub: its cities that have managers, with counts, and its law page. */
export default async function StateHubPage({ params }: Props) {
  const { requested, hub } = await load(params);
  const { state, cities } = requirePage(hub, requestedStatePath(requested), (found) => PAGE_TABLE.state(found.state));
  const canonical = statePath(state.abbreviation);

  const crumbs = [
    { name: "Home", path: PATHS.home },
    { name: state.state, path: canonical },
  ];
  const items = cities.map((city) => ({ name: city.city, path: cityPath(state.abbreviation, city.slug) }));
  return (
    <PageShell
      title={stateHeading(state.state)}
      subtitle={cities.length > 0 ? `${cities.length} ${state.state} ${cities.length === 1 ? "city has" : "cities have"} property managers serving them.` : undefined}
      crumbs={crumbs}
      newsletter={false}
    >
      <JsonLd data={breadcrumbLd(siteUrl(), crumbs)} />
      {items.length > 0 && <JsonLd data={linkListLd(siteUrl(), `Cities in ${state.state} with property managers`, items)} />}
      <div className="container section state-hub">
        <section className="state-hub__search" aria-labelledby="state-hub-search">
          <h2 id="state-hub-search">Search by ZIP code</h2>
          <ZipSearchForm idPrefix="state-zip" label={`Find property managers in ${state.state} by ZIP code`} />
        </section>
        <section aria-labelledby="state-hub-cities">
          <h2 id="state-hub-cities">Cities with property managers</h2>
          {cities.length > 0 ? (
            <ul className="state-hub__cities">
              {cities.map((city) => (
                <li key={city.id}>
                  <Link href={cityPath(state.abbreviation, city.slug)} className="state-hub__city">
                    <span className="state-hub__city-name">{city.city}</span>
                    <span className="state-hub__count">
                      {city.managers} {city.managers === 1 ? "manager" : "managers"}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <div className="empty-notice">
              <p>{EMPTY.noCities(state.state)}</p>
              <p>{EMPTY.onboarding}</p>
            </div>
          )}
        </section>
        <section className="state-hub__law" aria-labelledby="state-hub-law">
          <h2 id="state-hub-law">{state.state} landlord-tenant law</h2>
          <p>
            {LAW_PAGES.stateHubLead(state.state)}{" "}
            <Link href={lawPath(state.slug)}>Read {state.state}&apos;s landlord-tenant law</Link>
          </p>
        </section>
      </div>
    </PageShell>
  );
}
