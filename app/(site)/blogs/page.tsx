import { getBlogs, getPageRecord } from "@/lib/api/pages";
import { pageMetadata } from "@/lib/seo/metadata";
import { PAGE_IDS } from "@/lib/site";
import { BlogCard } from "@/components/content/BlogCard";
import { PageShell } from "@/components/layout/PageShell";

export const revalidate = 3600;

export async function generateMetadata() {
  const page = await getPageRecord(PAGE_IDS.blogs);
  return pageMetadata({ title: page.seo_title, description: page.seo_description, keywords: page.seo_keywords, path: "/blogs" });
}

export default async function BlogsPage() {
  const blogs = await getBlogs("All");
  return (
    <PageShell title="Blog & News" subtitle="Because knowledge is meant for sharing">
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
