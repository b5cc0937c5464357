import { getBlogs, getPageRecord } from "@/lib/api/pages";
import { pageMetadata } from "@/lib/seo/metadata";
import { PAGE_IDS } from "@/lib/site";
import { SiteHeader } from "@/components/layout/SiteHeader";
import { BlogCard } from "@/components/content/BlogCard";
import { PageEntry } from "@/components/ui/PageEntry";
import { NewsletterBox } from "@/components/forms/NewsletterBox";

export const revalidate = 3600;

export async function generateMetadata() {
  const page = await getPageRecord(PAGE_IDS.blogs);
  return pageMetadata({ title: page.seo_title, description: page.seo_description, keywords: page.seo_keywords, path: "/blogs" });
}

export default async function BlogsPage() {
  const blogs = await getBlogs("All");
  return (
    <>
      <PageEntry smoothScroll />
      <SiteHeader variant="details" />
      <main id="main">
        <div className="page-banner">
          <div className="container">
            <h1 className="page-banner__title">Blog &amp; News</h1>
            <p className="page-banner__subtitle">Because knowledge is meant for sharing</p>
          </div>
        </div>
        {blogs.length > 0 && (
          <section className="container section blog-grid" aria-label="Articles">
            {blogs.map((blog) => (
              <BlogCard key={blog.id} blog={blog} headingLevel="h2" />
            ))}
          </section>
        )}
      </main>
      <NewsletterBox />
    </>
  );
}
