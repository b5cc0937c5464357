import { getBlogs, getPageRecord } from "@/lib/api/pages";
import { siteUrl } from "@/lib/env";
import { breadcrumbLd, crumbsFromHome, linkListLd, webPageLd } from "@/lib/seo/json-ld";
import { pageMetadata } from "@/lib/seo/metadata";
import { pageSeo } from "@/lib/api/seo";
import { PATHS, blogPath } from "@/lib/contract/routes";
import { JsonLd } from "@/components/seo/JsonLd";
import { PAGE_IDS } from "@/lib/contract/site";
import { BlogCard } from "@/components/content/BlogCard";
import { PageShell } from "@/components/layout/PageShell";
import { fixedHeading } from "@/lib/contract/page-headings";

export async function generateMetadata() {
  const page = await getPageRecord(PAGE_IDS.blogs);
  return pageMetadata({ ...(await pageSeo("fixed", PATHS.blogs, page)), path: PATHS.blogs });
}

const TITLE = fixedHeading(PATHS.blogs);

export default async function BlogsPage() {
  const [page, blogs] = await Promise.all([getPageRecord(PAGE_IDS.blogs), getBlogs("All")]);
  const crumbs = crumbsFromHome({ name: TITLE, path: PATHS.blogs });
  const articles = linkListLd(siteUrl(), "Articles", blogs.map((blog) => ({ name: blog.heading, path: blogPath(blog.slug) })));
  return (
    <PageShell title={TITLE} subtitle="Because knowledge is meant for sharing" crumbs={crumbs}>
      <JsonLd
        data={[
          webPageLd(siteUrl(), { type: "CollectionPage", path: PATHS.blogs, name: TITLE, description: page.seo_description, mainEntity: articles }),
          breadcrumbLd(siteUrl(), crumbs),
        ]}
      />
      {blogs.length > 0 && (
        <section className="container section blog-grid" aria-label="Articles">
          {blogs.map((blog) => (
            <BlogCard key={blog.id} blog={blog} headingLevel="h2" />
          ))}
        </section>
      )}
    </PageShell>
  );
}
