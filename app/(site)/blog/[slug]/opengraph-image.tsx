import { getBlog } from "@/lib/api/pages";
import { publishedSeo } from "@/lib/api/seo";
import { blogPath } from "@/lib/contract/routes";
import { SHARE_CARD_SIZE, SHARE_CARD_TYPE, blogShareCard } from "@/components/seo/ShareCard";

/** The post's share card (PNG): made on the first request, then cached and refreshed like the page. */
export const revalidate = 3600;

/**
 * One card per post, with its alt text as published (the workspace's image alt text, else the
 * card's own: shareImageFor in lib/contract/seo-text.ts); an unknown post has none (404).
 */
export async function generateImageMetadata({ params }: { params: { slug: string } }) {
  const blog = await getBlog(params.slug);
  if (!blog) return [];
  const { image_alt } = await publishedSeo("blog", blogPath(blog.slug), blog);
  return [{ id: "card", alt: image_alt, size: SHARE_CARD_SIZE, contentType: SHARE_CARD_TYPE }];
}

export default async function Image({ params }: { params: Promise<{ slug: string }> }) {
  const blog = await getBlog((await params).slug);
  if (!blog) return new Response("Not Found", { status: 404 });
  return blogShareCard(blog);
}
