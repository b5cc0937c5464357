import Image from "next/image";
import { notFound, permanentRedirect } from "next/navigation";
import { getAgent } from "@/lib/api/pages";
import { siteUrl } from "@/lib/env";
import { agentPath, breadcrumbLd, localBusinessLd } from "@/lib/seo/json-ld";
import { pageMetadata } from "@/lib/seo/metadata";
import { SITE_NAME } from "@/lib/site";
import { JsonLd } from "@/components/seo/JsonLd";
import { ContactForm } from "@/components/forms/ContactForm";
import { PageShell } from "@/components/layout/PageShell";

export const revalidate = 3600;

type Props = { params: Promise<{ state: string; city: string; id: string }> };

/** Profiles are rendered on first request and then served from the cache. */
export function generateStaticParams() {
  return [];
}

async function load(params: Props["params"]) {
  const { state, city, id } = await params;
  const agentId = /^\d{1,9}$/.test(id) ? Number(id) : 0;
  return { state, city, id, agent: agentId > 0 ? await getAgent(agentId) : null };
}

export async function generateMetadata({ params }: Props) {
  const { agent } = await load(params);
  if (!agent) return { title: "Property manager not found", robots: { index: false } };
  const place = `${agent.city}, ${agent.state}`;
  return pageMetadata({
    title: `${agent.company_name} – Property Manager in ${place} | ${SITE_NAME}`,
    description: agent.about.length > 160 ? `${agent.about.slice(0, 157).trimEnd()}…` : agent.about,
    keywords: `${agent.company_name}, property management ${place}, ${agent.category}, property manager ${agent.city}`,
    path: agentPath(agent),
    image: agent.photo,
    type: "profile",
  });
}

export default async function AgentProfilePage({ params }: Props) {
  const { state, city, id, agent } = await load(params);
  if (!agent) notFound();
  const canonical = agentPath(agent);
  if (`/agent/${state}/${city}/${id}` !== canonical) permanentRedirect(canonical);

  const cityPath = `/agents/${agent.state}/${agent.city_slug}`;
  const crumbs = [
    { name: "Home", path: "/" },
    { name: agent.state_name, path: cityPath },
    { name: agent.city, path: cityPath },
    { name: agent.company_name, path: canonical },
  ];
  return (
    <PageShell crumbs={crumbs} smoothScroll={false} newsletter={false}>
      <JsonLd data={breadcrumbLd(siteUrl(), crumbs)} />
      <JsonLd data={localBusinessLd(siteUrl(), agent)} />
        <div className="container section profile">
          <article className="profile__card">
            <div className="profile__head">
              <Image src={agent.photo} alt={`${agent.company_name} logo`} width={128} height={128} sizes="128px" unoptimized className="profile__photo" priority />
              <div>
                {agent.featured === 1 && <span className="badge badge--featured">Featured</span>}
                <h1 className="profile__name">{agent.company_name}</h1>
                <p className="profile__address">
                  {agent.address}, {agent.city}, {agent.state}
                  {agent.zip ? ` ${agent.zip}` : ""}
                </p>
                {agent.category && <p className="profile__category">Manages: {agent.category}</p>}
              </div>
            </div>
            <section id="about" aria-labelledby="about-heading" className="profile__about">
              <h2 id="about-heading">About {agent.company_name}</h2>
              <p>{agent.about}</p>
            </section>
          </article>
          <section className="profile__contact" aria-labelledby="get-in-touch">
            <h2 id="get-in-touch">Get In Touch</h2>
            <p>Send {agent.company_name} a message. They will reply by email or phone.</p>
            <ContactForm agentId={agent.agent_id} headingId="get-in-touch" />
          </section>
        </div>
    </PageShell>
  );
}
