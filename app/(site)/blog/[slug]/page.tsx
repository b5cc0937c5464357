import { Img } from "@/components/ui/Img";
import { getBlog } from "@/lib/api/pages";
import { siteUrl } from "@/lib/env";
import { blogPostingLd, breadcrumbLd, crumbsFromHome } from "@/lib/seo/json-ld";
import { pageMetadata } from "@/lib/seo/metadata";
import { pageSeo } from "@/lib/api/seo";
import { formatPostDate } from "@/components/content/BlogCard";
import { JsonLd } from "@/components/seo/JsonLd";
import { RichText } from "@/components/ui/RichText";
import { PageShell } from "@/components/layout/PageShell";
import { PATHS, blogPath } from "@/lib/contract/routes";
import { PAGE_TABLE } from "@/lib/contract/page-table";
import { requirePage } from "@/lib/seo/canonical";

type Props = { params: Promise<{ slug: string }> };

/** Posts are rendered on first request and then served from the cache. */
export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: Props) {
  const blog = await getBlog((await params).slug);
  if (!blog) return { title: "Article not found" }; // notFound() follows: Next.js adds the one noindex of a 404
  return pageMetadata({
    ...(await pageSeo("blog", blogPath(blog.slug), blog)),
    path: blogPath(blog.slug),
    image: "from-segment", // opengraph-image.tsx beside this page: a PNG card of the post
    type: "article",
    publishedTime: blog.post_date,
  });
}

export default async function BlogPage({ params }: Props) {
  const { slug } = await params;
  const blog = requirePage(await getBlog(slug), blogPath(slug), (found) => PAGE_TABLE.blog(found));
  const crumbs = crumbsFromHome({ name: "Blog & News", path: PATHS.blogs }, { name: blog.heading, path: blogPath(blog.slug) });
  return (
    <PageShell eyebrow="Blog Details" crumbs={crumbs}>
      <JsonLd data={[blogPostingLd(siteUrl(), blog), breadcrumbLd(siteUrl(), crumbs)]} />
      <article className="container section article">
        <Img
          src={blog.blog_banner}
          alt=""
          width={1200}
          height={630}
          priority
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
