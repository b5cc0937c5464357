import { getBlog } from "@/lib/api/pages";
import { SHARE_CARD_SIZE, SHARE_CARD_TYPE, blogShareCard, blogShareCardAlt } from "@/components/seo/ShareCard";

/** The post's share card (PNG): made on the first request, then cached and refreshed like the page. */
export const revalidate = 3600;

/** One card per post, with its own alt text; an unknown post has none (404). */
export async function generateImageMetadata({ params }: { params: { slug: string } }) {
  const blog = await getBlog(params.slug);
  return blog ? [{ id: "card", alt: blogShareCardAlt(blog), size: SHARE_CARD_SIZE, contentType: SHARE_CARD_TYPE }] : [];
}

export default async function Image({ params }: { params: Promise<{ slug: string }> }) {
  const blog = await getBlog((await params).slug);
  if (!blog) return new Response("Not Found", { status: 404 });
  return blogShareCard(blog);
}
