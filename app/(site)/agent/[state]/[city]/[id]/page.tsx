import { Img } from "@/components/ui/Img";
import Link from "next/link";
import { getAgent, getStateLicenseRule } from "@/lib/api/pages";
import { siteUrl } from "@/lib/env";
import { breadcrumbLd, localBusinessLd } from "@/lib/seo/json-ld";
import { PATHS, agentPath, cityPath, requestedAgentPath, statePath } from "@/lib/contract/routes";
import type { Agent } from "@/lib/contract";
import { SAMPLE } from "@/lib/contract/messages";
import { pageMetadata } from "@/lib/seo/metadata";
import { pageSeo } from "@/lib/api/seo";
import { agentSeoFacts } from "@/lib/seo/page-facts";
import { JsonLd } from "@/components/seo/JsonLd";
import { ContactForm } from "@/components/forms/ContactForm";
import { PageShell } from "@/components/layout/PageShell";
import { FeeTable } from "@/components/directory/FeeTable";
import { LicenseRuleLine } from "@/components/laws/LicenseRuleLine";
import { AddToCompare } from "@/components/directory/AddToCompare";
import { RequestQuotesLink } from "@/components/directory/RequestQuotesLink";
import { LicenseLine } from "@/components/directory/LicenseLine";
import { SampleBadge, SampleNotice } from "@/components/directory/SampleNotice";
import { areaText, serviceLabels, unitsText, yearsText } from "@/components/directory/manager-facts";
import { PAGE_TABLE } from "@/lib/contract/page-table";
import { parseRecordId } from "@/lib/contract/record-id";
import { requirePage } from "@/lib/seo/canonical";
import { yourListingPath } from "@/lib/contract/listing-self-service";
import { LISTING_SELF } from "@/lib/contract/listing-messages";
import { PROFILE } from "@/lib/contract/page-messages";

type Props = { params: Promise<{ state: string; city: string; id: string }> };

/** Profiles are rendered on first request and then served from the cache. */
export function generateStaticParams() {
  return [];
}

async function load(params: Props["params"]) {
  const { state, city, id } = await params;
  const agentId = parseRecordId(id);
  return { state, city, id, agent: agentId === null ? null : await getAgent(agentId) };
}

export async function generateMetadata({ params }: Props) {
  const { agent } = await load(params);
  if (!agent) return { title: "Property manager not found" }; // notFound() follows: Next.js adds the one noindex of a 404
  return pageMetadata({
    ...(await pageSeo("profile", agentPath(agent), agentSeoFacts(agent))),
    path: agentPath(agent),
    image: "from-segment", // opengraph-image.tsx beside this page: a PNG card of the manager
    type: "profile",
  });
}

export default async function AgentProfilePage({ params }: Props) {
  const { state, city, id, agent: found } = await load(params);
  const agent = requirePage(found, requestedAgentPath({ state, city, id }), (record) => PAGE_TABLE.agent(record));
  const canonical = agentPath(agent);

  const cityHref = cityPath(agent.state, agent.city_slug);
  const crumbs = [
    { name: "Home", path: PATHS.home },
    { name: agent.state_name, path: statePath(agent.state) },
    { name: agent.city, path: cityHref },
    { name: agent.company_name, path: canonical },
  ];
  return (
    <PageShell crumbs={crumbs} newsletter={false}>
      <JsonLd data={breadcrumbLd(siteUrl(), crumbs)} />
      <JsonLd data={localBusinessLd(siteUrl(), agent)} />
      <div className="container section profile">
        <article className="profile__card">
          <ProfileHead agent={agent} />
          {agent.demo === 1 && <SampleNotice />}
          {/* Under the name, not after the fees: on a phone the fees and services are two screens long. */}
          <div className="profile__actions">
            <RequestQuotesLink ids={[agent.agent_id]} city={agent.city} />
            <AddToCompare id={agent.agent_id} name={agent.company_name} />
            <Link href={cityHref}>Other managers serving {agent.city}</Link>
          </div>
          <section id="about" aria-labelledby="about-heading" className="profile__about">
            <h2 id="about-heading">About {agent.company_name}</h2>
            <p>{agent.about}</p>
          </section>
          <ProfileFacts agent={agent} />
        </article>
        <section className="profile__contact" aria-labelledby="get-in-touch">
          <h2 id="get-in-touch">Get In Touch</h2>
          <p>
            {agent.demo === 1
              ? SAMPLE.profileContact(agent.company_name)
              : `Send ${agent.company_name} a message: it is passed on to them.`}
          </p>
          <ContactForm agentId={agent.agent_id} headingId="get-in-touch" />
          <p className="profile__claim">
            {/* nofollow: a private page (noindex) per profile, nothing for a crawler. */}
            <Link href={yourListingPath(agent.agent_id)} prefetch={false} rel="nofollow">
              {LISTING_SELF.profileLink}
            </Link>
          </p>
        </section>
      </div>
    </PageShell>
  );
}

/** Logo, badges, name (the page's h1), address, what it manages and where it works. */
function ProfileHead({ agent }: { agent: Agent }) {
  return (
    <div className="profile__head">
      <Img src={agent.photo} alt={`${agent.company_name} logo`} width={128} height={128} className="profile__photo" priority />
      <div>
        <p className="profile__badges">
          {agent.featured === 1 && <span className="badge badge--featured">Featured</span>}
          {agent.demo === 1 && <SampleBadge />}
        </p>
        <h1 className="profile__name">{agent.company_name}</h1>
        <p className="profile__address">
          {agent.address}, {agent.city}, {agent.state}
          {agent.zip ? ` ${agent.zip}` : ""}
        </p>
        {agent.category && <p className="profile__category">Manages: {agent.category}</p>}
        <p className="profile__area">{areaText(agent)}</p>
      </div>
    </div>
  );
}

/** Fees, services, license and experience: what an owner decides from. */
function ProfileFacts({ agent }: { agent: Agent }) {
  return (
    <>
      <section id="fees" aria-labelledby="fees-heading" className="profile__section">
        <h2 id="fees-heading">Fees</h2>
        <FeeTable fees={agent.fees} caption={`Fees of ${agent.company_name}`} />
      </section>
      <section id="services" aria-labelledby="services-heading" className="profile__section">
        <h2 id="services-heading">Services</h2>
        {agent.services.length > 0 ? (
          <ul className="profile__services">
            {serviceLabels(agent.services).map((label) => (
              <li key={label}>{label}</li>
            ))}
          </ul>
        ) : (
          <p>Not listed.</p>
        )}
      </section>
      <section id="license" aria-labelledby="license-heading" className="profile__section">
        <h2 id="license-heading">License and experience</h2>
        <LicenseLine license={agent.license} />
        <StateLicenseRule state={agent.state} />
        <ul className="profile__facts">
          <li>{PROFILE.area(areaText(agent))}</li>
          {yearsText(agent.year_founded) && <li>{yearsText(agent.year_founded)}</li>}
          {unitsText(agent.units_managed) && <li>{unitsText(agent.units_managed)}</li>}
        </ul>
      </section>
    </>
  );
}

/** The state's rule on licensing property managers, where the data has one. */
async function StateLicenseRule({ state }: { state: string }) {
  const rule = await getStateLicenseRule(state);
  return rule ? <LicenseRuleLine rule={rule} /> : null;
}
