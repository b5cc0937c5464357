import Image from "next/image";
import { notFound } from "next/navigation";
import { getBlog } from "@/lib/api/pages";
import { siteUrl } from "@/lib/env";
import { blogPostingLd } from "@/lib/seo/json-ld";
import { pageMetadata } from "@/lib/seo/metadata";
import { formatPostDate } from "@/components/content/BlogCard";
import { JsonLd } from "@/components/seo/JsonLd";
import { RichText } from "@/components/ui/RichText";
import { PageShell } from "@/components/layout/PageShell";

export const revalidate = 3600;

type Props = { params: Promise<{ slug: string }> };

/** Posts are rendered on first request and then served from the cache. */
export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: Props) {
  const blog = await getBlog((await params).slug);
  if (!blog) return { title: "Article not found", robots: { index: false } };
  return pageMetadata({
    title: blog.seo_title,
    description: blog.seo_description,
    keywords: blog.seo_keywords,
    path: `/blog/${blog.slug}`,
    image: blog.blog_banner,
    type: "article",
    publishedTime: blog.post_date,
  });
}

export default async function BlogPage({ params }: Props) {
  const blog = await getBlog((await params).slug);
  if (!blog) notFound();
  return (
    <PageShell eyebrow="Blog Details">
      <JsonLd data={blogPostingLd(siteUrl(), blog)} />
      <article className="container section article">
        <Image
          src={blog.blog_banner}
          alt=""
          width={1200}
          height={630}
          sizes="(min-width: 860px) 820px, 100vw"
          priority
          unoptimized
          className="article__banner"
        />
        <time dateTime={blog.post_date} className="article__date">
          {formatPostDate(blog.post_date)}
        </time>
        <h1 className="article__title">{blog.heading}</h1>
        <RichText html={blog.description} className="article__body" />
      </article>
    </PageShell>
  );
}
