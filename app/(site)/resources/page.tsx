import { getCities, getPageRecord, getStates } from "@/lib/api/pages";
import { pageMetadata } from "@/lib/seo/metadata";
import { PAGE_IDS } from "@/lib/site";
import { StateCityPicker } from "@/components/directory/StateCityPicker";
import { RichText } from "@/components/ui/RichText";
import { PageShell } from "@/components/layout/PageShell";

export const revalidate = 3600;

export async function generateMetadata() {
  const page = await getPageRecord(PAGE_IDS.resources);
  return pageMetadata({ title: page.seo_title, description: page.seo_description, keywords: page.seo_keywords, path: "/resources" });
}

export default async function ResourcesPage() {
  const [page, states] = await Promise.all([getPageRecord(PAGE_IDS.resources), getStates()]);
  const firstState = states.first_state;
  const cities = firstState ? await getCities(firstState.id) : null;
  return (
    <PageShell title={page.heading} clear="all">
      <div className="container section">
        <RichText html={page.description} className="lead-text" />
        <StateCityPicker
          mode="resources"
          initialStates={{ states: states.states, length: states.length }}
          initialCities={cities && firstState ? { stateId: firstState.id, ...cities } : null}
        />
      </div>
    </PageShell>
  );
}
