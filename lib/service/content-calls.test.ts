import { contract } from "../contract";
import { announcePostgres, databaseKinds, serviceSuite } from "@/test-support";

announcePostgres();

/** The content calls: pages, testimonials, blogs, FAQs and each category's questions. */
describe.each(databaseKinds)("content calls on %s", (kind) => {
  const suite = serviceSuite(kind);
  const { call } = suite;

  it("page/get answers the page record, and 404 for an unknown id", async () => {
    const found = await call("page/get", { page_id: 1 });
    expect(found.status).toBe(200);
    expect(found.body.pageData).toMatchObject({ page_id: 1, status: 1 });
    expect(found.body.pageData.heading.length).toBeGreaterThan(5);
    expect(contract["page/get"].response.safeParse(found.body).success).toBe(true);

    const missing = await call("page/get", { page_id: 999 });
    expect(missing).toEqual({ status: 404, body: { success: false, message: "We could not find page 999." } });
  });

  it("serves every page id the spec names", async () => {
    for (const pageId of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 20, 21]) {
      expect((await call("page/get", { page_id: pageId })).status).toBe(200);
    }
  });

  it("testimonial/list and testimonial/get give neighbours in display order, 0 at the ends", async () => {
    const list = await call("testimonial/list", { type: "Featured" });
    const ids: number[] = list.body.testimonials.map((t: { id: number }) => t.id);
    expect(ids).toHaveLength(6);

    const first = await call("testimonial/get", { id: ids[0] });
    expect(first.body.testimonial).toMatchObject({ id: ids[0], previous_id: 0, next_id: ids[1] });
    const middle = await call("testimonial/get", { id: ids[2] });
    expect(middle.body.testimonial).toMatchObject({ previous_id: ids[1], next_id: ids[3] });
    const last = await call("testimonial/get", { id: ids[5] });
    expect(last.body.testimonial).toMatchObject({ previous_id: ids[4], next_id: 0 });
    expect((await call("testimonial/get", { id: 4242 })).status).toBe(404);
  });

  it("blogs/list answers featured posts newest first, or all of them", async () => {
    const featured = await call("blogs/list", { type: "Featured" });
    const all = await call("blogs/list", {});
    expect(featured.body.blogs.length).toBeGreaterThanOrEqual(3);
    expect(all.body.blogs.length).toBeGreaterThanOrEqual(8);
    expect(featured.body.blogs.length).toBeLessThan(all.body.blogs.length);
    const dates = all.body.blogs.map((blog: { post_date: string }) => blog.post_date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("blog/get finds a post by slug, 404 otherwise", async () => {
    const { blogs } = (await call("blogs/list", {})).body;
    const found = await call("blog/get", { slug: blogs[0].slug });
    expect(found.body.blog).toMatchObject({ slug: blogs[0].slug, heading: blogs[0].heading });
    expect((await call("blog/get", { slug: "no-such-post" })).status).toBe(404);
  });

  it("faq/list answers the featured FAQs in order", async () => {
    const { body } = await call("faq/list", { type: "Featured" });
    expect(body.faqs.length).toBeGreaterThanOrEqual(12);
    expect(body.faqs[0]).toEqual({ id: expect.any(Number), question: expect.any(String), answer: expect.any(String) });
  });

  it("question/list answers each category's questions in order, mixing the three types", async () => {
    for (const type of [1, 2, 3, 8]) {
      const { body } = await call("question/list", { type });
      expect(body.questions.length).toBeGreaterThanOrEqual(5);
      expect(body.questions.length).toBeLessThanOrEqual(8);
      const kinds = new Set(body.questions.map((q: { type: string }) => q.type));
      expect(kinds).toEqual(new Set(["single", "multi", "fill_blank"]));
    }
    expect(await call("question/list", { type: 4 })).toEqual({
      status: 400,
      body: { success: false, message: "Please select a valid property type.", field: "type" },
    });
  });
});
