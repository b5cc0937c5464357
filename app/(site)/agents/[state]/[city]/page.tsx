import { notFound, permanentRedirect } from "next/navigation";
import { getCityAgents } from "@/lib/api/pages";
import { siteUrl } from "@/lib/env";
import { breadcrumbLd, itemListLd } from "@/lib/seo/json-ld";
import { pageMetadata } from "@/lib/seo/metadata";
import { SITE_NAME } from "@/lib/site";
import { AgentCard } from "@/components/directory/AgentCard";
import { JsonLd } from "@/components/seo/JsonLd";
import { PageShell } from "@/components/layout/PageShell";

export const revalidate = 3600;

type Props = { params: Promise<{ state: string; city: string }> };

/** City pages are rendered on first request and then served from the cache. */
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

async function load(params: Props["params"]) {
  const { state, city } = await params;
  return { state, city, listing: await getCityAgents(decode(state), decode(city)) };
}

export async function generateMetadata({ params }: Props) {
  const { listing } = await load(params);
  if (!listing) return { title: "City not found", robots: { index: false } };
  const place = `${listing.city.city}, ${listing.state.abbreviation}`;
  return pageMetadata({
    title: `Property Managers in ${place} | ${SITE_NAME}`,
    description: `Compare property management companies in ${listing.city.city}, ${listing.state.state}. See local managers on ${SITE_NAME}, read about their services and request free quotes.`,
    keywords: `property managers ${listing.city.city}, property management ${place}, ${listing.city.city} ${listing.state.state} property management companies, rental management ${listing.city.city}, ${SITE_NAME}`,
    path: `/agents/${listing.state.abbreviation}/${listing.city.slug}`,
    // A city without managers is a "No Record" page: useful to a visitor, not to an index.
    noindex: listing.agents.total === 0,
  });
}

export default async function CityAgentsPage({ params }: Props) {
  const { state, city, listing } = await load(params);
  if (!listing) notFound();
  const canonical = `/agents/${listing.state.abbreviation}/${listing.city.slug}`;
  if (`/agents/${state}/${city}` !== canonical) permanentRedirect(canonical);

  const agents = listing.agents.data;
  const place = `${listing.city.city}, ${listing.state.abbreviation}`;
  const crumbs = [
    { name: "Home", path: "/" },
    { name: listing.state.state, path: canonical },
    { name: listing.city.city, path: canonical },
  ];
  return (
    <PageShell title={`Property Managers in ${place}`} crumbs={crumbs} smoothScroll={false} newsletter={false}>
      <JsonLd data={breadcrumbLd(siteUrl(), crumbs)} />
      {agents.length > 0 && <JsonLd data={itemListLd(siteUrl(), `Property managers in ${place}`, agents)} />}
      <div className="container section">
        <div role="tablist" aria-label="Property manager lists" className="tabs">
          <span role="tab" aria-selected="true" aria-controls="all-managers" id="all-managers-tab" className="tabs__tab" tabIndex={0}>
            All Property Managers
          </span>
        </div>
        <div role="tabpanel" id="all-managers" aria-labelledby="all-managers-tab" className="agent-list">
          {agents.length > 0 ? agents.map((agent) => <AgentCard key={agent.agent_id} agent={agent} />) : <p className="empty-notice">No Record</p>}
        </div>
      </div>
    </PageShell>
  );
}
