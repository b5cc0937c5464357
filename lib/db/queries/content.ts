import type { Kysely } from "kysely";
import type { Database, BlogRow } from "../schema";
import type { Blog, Faq, Page, Testimonial, TestimonialDetail } from "../../contract";

type Db = Kysely<Database>;

export async function getPage(db: Db, { pageId }: { pageId: number }): Promise<Page | undefined> {
  return db.selectFrom("pages").selectAll().where("page_id", "=", pageId).executeTakeFirst();
}

export async function listTestimonials(db: Db, { featuredOnly }: { featuredOnly: boolean }): Promise<Testimonial[]> {
  let query = db
    .selectFrom("testimonials")
    .select(["id", "heading", "designation", "description", "user_banner", "is_demo"])
    .orderBy("display_order");
  if (featuredOnly) query = query.where("featured", "=", 1);
  return (await query.execute()).map(({ is_demo, ...testimonial }) => ({ ...testimonial, demo: is_demo === 1 ? 1 : 0 }));
}

/** A featured testimonial with the ids of its neighbours in display order (0 at either end). */
export async function getTestimonial(db: Db, { id }: { id: number }): Promise<TestimonialDetail | undefined> {
  const ordered = await listTestimonials(db, { featuredOnly: true });
  const index = ordered.findIndex((testimonial) => testimonial.id === id);
  if (index === -1) return undefined;
  return {
    ...ordered[index],
    previous_id: index > 0 ? ordered[index - 1].id : 0,
    next_id: index < ordered.length - 1 ? ordered[index + 1].id : 0,
  };
}

function blogRowToBlog(row: BlogRow): Blog {
  return {
    id: row.id,
    slug: row.slug,
    heading: row.heading,
    description: row.description,
    blog_banner: row.banner,
    post_date: row.post_date,
    read_more: row.read_more,
    seo_title: row.seo_title,
    seo_description: row.seo_description,
    seo_keywords: row.seo_keywords,
  };
}

export async function listBlogs(db: Db, { featuredOnly }: { featuredOnly: boolean }): Promise<Blog[]> {
  let query = db.selectFrom("blogs").selectAll().orderBy("post_date", "desc").orderBy("id", "desc");
  if (featuredOnly) query = query.where("featured", "=", 1);
  return (await query.execute()).map(blogRowToBlog);
}

export async function getBlog(db: Db, { slug }: { slug: string }): Promise<Blog | undefined> {
  const row = await db.selectFrom("blogs").selectAll().where("slug", "=", slug.toLowerCase()).executeTakeFirst();
  return row && blogRowToBlog(row);
}

export async function listFaqs(db: Db, { featuredOnly }: { featuredOnly: boolean }): Promise<Faq[]> {
  let query = db.selectFrom("faqs").select(["id", "question", "answer"]).orderBy("display_order").orderBy("id");
  if (featuredOnly) query = query.where("featured", "=", 1);
  return query.execute();
}
