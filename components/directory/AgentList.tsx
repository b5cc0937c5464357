import type { ServingAgent } from "@/lib/contract";
import { PATHS } from "@/lib/contract/routes";
import { AgentCard } from "./AgentCard";
import { CompareControls } from "./CompareControls";

/**
 * The cards of a list page inside the compare form: a plain GET to /compare without
 * JavaScript, a bar that counts the ticked managers with it.
 */
export function AgentList({ agents, placeName, id = "managers" }: { agents: ServingAgent[]; placeName?: string; id?: string }) {
  const formId = `${id}-compare`;
  return (
    <form id={formId} action={PATHS.compare} method="get" className="agent-list-form" aria-label="Managers to compare">
      <div className="agent-list" id={id}>
        {agents.map((agent) => (
          <AgentCard key={agent.agent_id} agent={agent} placeName={placeName} compareFormId={formId} />
        ))}
      </div>
      <CompareControls />
    </form>
  );
}
