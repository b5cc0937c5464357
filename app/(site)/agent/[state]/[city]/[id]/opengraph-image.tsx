import { getAgent } from "@/lib/api/pages";
import { publishedSeo } from "@/lib/api/seo";
import { agentPath } from "@/lib/contract/routes";
import { parseRecordId } from "@/lib/contract/record-id";
import { agentSeoFacts } from "@/lib/seo/page-facts";
import { SHARE_CARD_SIZE, SHARE_CARD_TYPE, agentShareCard } from "@/components/seo/ShareCard";

/** The manager's share card (PNG): made on the first request, then cached and refreshed like the page. */
export const revalidate = 3600;

const agentIdOf = (id: string) => parseRecordId(id) ?? 0;

/**
 * One card per manager, with its alt text as published (the workspace's image alt text, else the
 * card's own: shareImageFor in lib/contract/seo-text.ts); an unknown id has none (404).
 */
export async function generateImageMetadata({ params }: { params: { id: string } }) {
  const id = agentIdOf(params.id);
  const agent = id > 0 ? await getAgent(id) : null;
  if (!agent) return [];
  const { image_alt } = await publishedSeo("profile", agentPath(agent), agentSeoFacts(agent));
  return [{ id: "card", alt: image_alt, size: SHARE_CARD_SIZE, contentType: SHARE_CARD_TYPE }];
}

export default async function Image({ params }: { params: Promise<{ id: string }> }) {
  const id = agentIdOf((await params).id);
  const agent = id > 0 ? await getAgent(id) : null;
  if (!agent) return new Response("Not Found", { status: 404 });
  return agentShareCard(agent);
}
