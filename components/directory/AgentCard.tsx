import Image from "next/image";
import Link from "next/link";
import type { Agent } from "@/lib/api/contract";
import { agentPath } from "@/lib/seo/json-ld";

/** A manager in a city list (spec 2.5). */
export function AgentCard({ agent }: { agent: Agent }) {
  const href = agentPath(agent);
  return (
    <article className="agent-card">
      <div className="agent-card__media">
        <Image src={agent.photo} alt="" width={96} height={96} sizes="96px" unoptimized className="agent-card__photo" />
        {agent.featured === 1 && <span className="badge badge--featured">Featured</span>}
      </div>
      <div className="agent-card__body">
        <h2 className="agent-card__name">
          <Link href={href}>{agent.company_name}</Link>
        </h2>
        <p className="agent-card__address">
          {agent.address}, {agent.city}, {agent.state}
          {agent.zip ? ` ${agent.zip}` : ""}
        </p>
        {agent.category && (
          <p className="agent-card__category">
            <span className="visually-hidden">Manages: </span>
            {agent.category}
          </p>
        )}
        <p className="agent-card__about">{agent.about}</p>
        <div className="agent-card__actions">
          {agent.read_more === 1 && (
            <Link href={`${href}#about`} className="agent-card__more">
              Read more<span className="visually-hidden"> about {agent.company_name}</span>
            </Link>
          )}
          <Link href={href} className="button button--outline">
            View Detail<span className="visually-hidden"> of {agent.company_name}</span>
          </Link>
        </div>
      </div>
    </article>
  );
}
