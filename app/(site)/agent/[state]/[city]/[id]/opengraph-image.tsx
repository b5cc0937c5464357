import { getAgent } from "@/lib/api/pages";
import { SHARE_CARD_SIZE, SHARE_CARD_TYPE, agentShareCard, agentShareCardAlt } from "@/components/seo/ShareCard";

/** The manager's share card (PNG): made on the first request, then cached and refreshed like the page. */
export const revalidate = 3600;

const agentIdOf = (id: string) => (/^\d{1,9}$/.test(id) ? Number(id) : 0);

/** One card per manager, with its own alt text; an unknown id has none (404). */
export async function generateImageMetadata({ params }: { params: { id: string } }) {
  const id = agentIdOf(params.id);
  const agent = id > 0 ? await getAgent(id) : null;
  return agent ? [{ id: "card", alt: agentShareCardAlt(agent), size: SHARE_CARD_SIZE, contentType: SHARE_CARD_TYPE }] : [];
}

export default async function Image({ params }: { params: Promise<{ id: string }> }) {
  const id = agentIdOf((await params).id);
  const agent = id > 0 ? await getAgent(id) : null;
  if (!agent) return new Response("Not Found", { status: 404 });
  return agentShareCard(agent);
}
