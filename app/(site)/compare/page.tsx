import type { Metadata } from "next";
import { getAgent, getStateLicenseRule } from "@/lib/api/pages";
import { rentFromQuery } from "@/lib/contract/first-year-cost";
import { FIRST_YEAR } from "@/lib/contract/messages";
import { pageMetadata } from "@/lib/seo/metadata";
import { COMPARE_MAX, SITE_NAME } from "@/lib/contract/site";
import { PATHS } from "@/lib/contract/routes";
import { CompareCards } from "@/components/directory/CompareCards";
import { CompareLicenseRules } from "@/components/directory/compare-rows";
import { RequestQuotesLink } from "@/components/directory/RequestQuotesLink";
import { RentForm } from "@/components/directory/RentForm";
import { SampleNotice } from "@/components/directory/SampleNotice";
import { PageShell } from "@/components/layout/PageShell";
import { PAGE_DESCRIPTIONS } from "@/lib/contract/messages";
import { COMPARE_PAGE } from "@/lib/contract/page-messages";
import { parseRecordId } from "@/lib/contract/record-id";

type Query = { ids?: string | string[]; rent?: string | string[] };
type Props = { searchParams: Promise<Query> };

/** ids=1,2,3 (the list pages' links) or ids=1&ids=2 (their form without JavaScript). */
function readIds(value: string | string[] | undefined): number[] {
  const parts = (Array.isArray(value) ? value : [value ?? ""]).flatMap((part) => part.split(","));
  return [...new Set(parts.map((part) => parseRecordId(part.trim())).filter((id) => id !== null))];
}

export async function generateMetadata(): Promise<Metadata> {
  return pageMetadata({
    title: `Compare property managers | ${SITE_NAME}`,
    description: PAGE_DESCRIPTIONS.compare,
    path: PATHS.compare,
    noindex: true,
  });
}

/**
 * Up to three managers side by side, with the first-year cost for the owner's rent: rendered by
 * the server for the rent in the address (the form above the cards changes it), so the page needs
 * no script of its own but the quote link's.
 */
export default async function ComparePage({ searchParams }: Props) {
  const query = await searchParams;
  const requested = readIds(query.ids);
  const found = await Promise.all(requested.slice(0, COMPARE_MAX).map((id) => getAgent(id)));
  const agents = found.filter((agent) => agent !== null);
  const states = [...new Map(agents.map((agent) => [agent.state, agent.state_name])).entries()];
  const licenseRules = await Promise.all(states.map(async ([state, name]) => ({ name, rule: await getStateLicenseRule(state) })));
  const { rent, invalid } = rentFromQuery(query.rent);
  return (
    <PageShell
      title="Compare property managers"
      subtitle={agents.length > 0 ? `${agents.map((agent) => agent.company_name).join(" · ")}` : undefined}
      crumbs={[
        { name: "Home", path: PATHS.home },
        { name: "Compare", path: PATHS.compare },
      ]}
      newsletter={false}
    >
      <div className="container section compare">
        {requested.length > COMPARE_MAX && (
          <p className="compare__note" role="note">
            {COMPARE_PAGE.tooMany(requested.length, COMPARE_MAX)}
          </p>
        )}
        {agents.length === 0 ? (
          <div className="empty-notice">
            <p className="empty-notice__title">{COMPARE_PAGE.empty}</p>
            <p>
              {COMPARE_PAGE.howTo.before(COMPARE_MAX)} <a href={PATHS.managers}>{COMPARE_PAGE.howTo.link}</a>
              {COMPARE_PAGE.howTo.after}
            </p>
          </div>
        ) : (
          <>
            {agents.some((agent) => agent.demo === 1) && <SampleNotice />}
            <div className="compare__next">
              <RequestQuotesLink ids={agents.map((agent) => agent.agent_id)} />
              <p>{COMPARE_PAGE.recipientsNote}</p>
            </div>
            <RentForm
              id="compare-rent"
              action={PATHS.compare}
              hidden={{ ids: agents.map((agent) => agent.agent_id).join(",") }}
              rent={rent}
              invalid={invalid}
              statement={FIRST_YEAR.assumption}
            />
            <CompareCards agents={agents} rent={rent} />
            <CompareLicenseRules rules={licenseRules} />
          </>
        )}
      </div>
    </PageShell>
  );
}
