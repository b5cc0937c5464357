import { getCities, getPageRecord, getStates } from "@/lib/api/pages";
import { siteUrl } from "@/lib/env";
import { breadcrumbLd, crumbsFromHome, webPageLd } from "@/lib/seo/json-ld";
import { pageMetadata } from "@/lib/seo/metadata";
import { pageSeo } from "@/lib/api/seo";
import { PATHS } from "@/lib/contract/routes";
import { JsonLd } from "@/components/seo/JsonLd";
import { PAGE_IDS, RESOURCES_NAME } from "@/lib/contract/site";
import { StateCityPicker } from "@/components/directory/StateCityPicker";
import { StateHubLinks } from "@/components/directory/StateHubLinks";
import { RichText } from "@/components/ui/RichText";
import { PageShell } from "@/components/layout/PageShell";
import { ZipSearchForm } from "@/components/directory/ZipSearchForm";

export async function generateMetadata() {
  const page = await getPageRecord(PAGE_IDS.resources);
  return pageMetadata({ ...(await pageSeo("fixed", PATHS.resources, page)), path: PATHS.resources });
}

export default async function ResourcesPage() {
  const [page, states] = await Promise.all([getPageRecord(PAGE_IDS.resources), getStates()]);
  const firstState = states.first_state;
  const cities = firstState ? await getCities(firstState.id) : null;
  const crumbs = crumbsFromHome({ name: RESOURCES_NAME, path: PATHS.resources });
  return (
    <PageShell title={page.heading} crumbs={crumbs}>
      <JsonLd
        data={[
          webPageLd(siteUrl(), { type: "CollectionPage", path: PATHS.resources, name: page.heading, description: page.seo_description }),
          breadcrumbLd(siteUrl(), crumbs),
        ]}
      />
      <div className="container section">
        <RichText html={page.description} className="lead-text" />
        <ZipSearchForm idPrefix="resources-zip" label="Find property managers by ZIP code" />
        <StateCityPicker
          mode="resources"
          initialStates={{ states: states.states, length: states.length }}
          initialCities={cities && firstState ? { stateId: firstState.id, ...cities } : null}
        />
        <StateHubLinks states={states.states} heading="h2" />
      </div>
    </PageShell>
  );
}
