import { Img } from "@/components/ui/Img";
import Link from "next/link";
import type { Agent } from "@/lib/contract";
import { feeHeadline } from "@/lib/contract/fees";
import { agentPath } from "@/lib/contract/routes";
import { LicenseLine } from "./LicenseLine";
import { SampleBadge } from "./SampleNotice";
import { distanceText, servicesCountText, yearsText } from "./manager-facts";

type Props = {
  agent: Agent & { distance_miles?: number };
  /** The place the list is about, for "Office 17.2 miles from Austin". */
  placeName?: string;
  /** The form of the list's Compare checkboxes (absent: no checkbox). */
  compareFormId?: string;
  headingLevel?: "h2" | "h3";
};

/** A manager in a list (spec 2.5), with what an owner decides from (issue 10). */
export function AgentCard({ agent, placeName, compareFormId, headingLevel: Heading = "h2" }: Props) {
  const href = agentPath(agent);
  const distance = distanceText(agent.distance_miles, placeName);
  const years = yearsText(agent.year_founded);
  return (
    <article className="agent-card">
      <div className="agent-card__media">
        <Img src={agent.photo} alt="" width={96} height={96} className="agent-card__photo" />
        {agent.featured === 1 && <span className="badge badge--featured">Featured</span>}
      </div>
      <div className="agent-card__body">
        {agent.demo === 1 && <SampleBadge />}
        <Heading className="agent-card__name">
          <Link href={href}>{agent.company_name}</Link>
        </Heading>
        <p className="agent-card__address">
          {agent.address}, {agent.city}, {agent.state}
          {agent.zip ? ` ${agent.zip}` : ""}
          {distance && <span className="agent-card__distance"> · {distance}</span>}
        </p>
        {agent.category && (
          <p className="agent-card__category">
            <span className="visually-hidden">Manages: </span>
            {agent.category}
          </p>
        )}
        <ul className="agent-card__facts">
          <li className="agent-card__fees">{feeHeadline(agent.fees)}</li>
          <li>{servicesCountText(agent.services)}</li>
          {years && <li>{years}</li>}
        </ul>
        <LicenseLine license={agent.license} className="agent-card__license" />
        <p className="agent-card__about">{agent.about}</p>
        <div className="agent-card__actions">
          {compareFormId && (
            <label className="compare-toggle">
              <input type="checkbox" name="ids" value={agent.agent_id} form={compareFormId} />
              Compare<span className="visually-hidden"> {agent.company_name}</span>
            </label>
          )}
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
