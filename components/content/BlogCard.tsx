import { Img } from "@/components/ui/Img";
import Link from "next/link";
import type { Blog } from "@/lib/contract";
import { excerpt, htmlToText } from "@/lib/sanitize";
import { blogPath } from "@/lib/contract/routes";

export function formatPostDate(date: string): string {
  const parsed = new Date(`${date}T12:00:00Z`);
  return Number.isNaN(parsed.getTime())
    ? date
    : parsed.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}

/** The card's excerpt: the post's text, cut at a word boundary. */
const BLOG_EXCERPT_LENGTH = 180;

/** A blog card (spec 2.3, 2.6): banner when read_more is set, date, heading, excerpt, Read more. */
export function BlogCard({ blog, headingLevel: Heading = "h3" }: { blog: Blog; headingLevel?: "h2" | "h3" }) {
  const href = blogPath(blog.slug);
  const summary = excerpt(htmlToText(blog.description), BLOG_EXCERPT_LENGTH);
  return (
    <article className="blog-card">
      {blog.read_more === 1 && (
        <Link href={href} tabIndex={-1} aria-hidden="true" className="blog-card__banner">
          <Img src={blog.blog_banner} alt="" width={600} height={315} />
        </Link>
      )}
      <div className="blog-card__body">
        <time dateTime={blog.post_date} className="blog-card__date">
          {formatPostDate(blog.post_date)}
        </time>
        <Heading className="blog-card__title">
          <Link href={href}>{blog.heading}</Link>
        </Heading>
        <p className="blog-card__excerpt">{summary}</p>
        <Link href={href} className="blog-card__more">
          Read more<span className="visually-hidden"> about {blog.heading}</span>
        </Link>
      </div>
    </article>
  );
}
