import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "@jest/globals";
import { excerpt, htmlToText, sanitizeRichText } from "./sanitize";
import { faqPageLd } from "./seo/json-ld";

const seed = (file: string) => JSON.parse(fs.readFileSync(path.join(__dirname, "db/seed-data", file), "utf8"));
const FAQS: { question: string; answer: string }[] = seed("faqs.json");
const BLOGS: { slug: string; description: string }[] = seed("blogs.json");
const PAGES: { page_id: number; description: string; short_description: string }[] = seed("pages.json");

/** An entity left in text, or a sentence run into the next one ("anyone.If"). */
const ENTITY = /&(?:[a-z]+|#\d+|#x[0-9a-f]+);/i;
const GLUED = /[a-z0-9)][.!?:][A-Z]/;

describe("htmlToText", () => {
  it("turns block boundaries into spaces", () => {
    expect(htmlToText("<p>Free for anyone.</p><p>If you decide</p>")).toBe("Free for anyone. If you decide");
    expect(htmlToText("<ul><li>One</li><li>Two</li></ul><h2>Three</h2>Four<br>Five")).toBe("One Two Three Four Five");
    expect(htmlToText("<table><tr><td>A</td><td>B</td></tr></table>")).toBe("A B");
  });

  it("keeps inline elements inside their words", () => {
    expect(htmlToText("<p><strong>Yes.</strong> Free <em>for</em> o<b>w</b>ners</p>")).toBe("Yes. Free for owners");
  });

  it("decodes entities exactly once", () => {
    expect(htmlToText("<p>Review &amp; Submit</p>")).toBe("Review & Submit");
    expect(htmlToText("<p>5 &lt; 6 &gt; 4 &quot;quoted&quot; &#39;s&nbsp;x</p>")).toBe(`5 < 6 > 4 "quoted" 's x`);
    expect(htmlToText("<p>Write &amp;amp; to show an ampersand entity</p>")).toBe("Write &amp; to show an ampersand entity");
  });

  it("drops what the allow-list drops, scripts included", () => {
    expect(htmlToText('<p>Hi<script>alert("x")</script> <img src=x onerror="y">there</p>')).toBe("Hi there");
  });

  it.each(FAQS.map((faq) => [faq.question, faq.answer]))("FAQ %p: no entity, no sentence glued to the next", (_question, answer) => {
    const text = htmlToText(answer);
    expect(text).not.toMatch(ENTITY);
    expect(text).not.toMatch(GLUED);
  });

  it.each(BLOGS.map((blog) => [blog.slug, blog.description]))("blog %p: no entity, no sentence glued to the next", (_slug, description) => {
    const text = htmlToText(description);
    expect(text).not.toMatch(ENTITY);
    expect(text).not.toMatch(GLUED);
  });

  it("page records too (their text may become a description)", () => {
    for (const page of PAGES) {
      for (const html of [page.description, page.short_description]) {
        expect({ page: page.page_id, text: htmlToText(html) }).not.toMatchObject({ text: expect.stringMatching(ENTITY) });
        expect({ page: page.page_id, text: htmlToText(html) }).not.toMatchObject({ text: expect.stringMatching(GLUED) });
      }
    }
  });

  it("the FAQPage JSON-LD answers read as sentences", () => {
    const ld = faqPageLd("https://managely.test", { path: "/faqs", name: "FAQs" }, FAQS.map((faq, index) => ({ id: index + 1, ...faq })));
    const answers = (ld.mainEntity as { acceptedAnswer: { text: string } }[]).map((entry) => entry.acceptedAnswer.text);
    expect(answers.join(" ")).toContain("Review & Submit");
    for (const text of answers) expect(text).not.toMatch(GLUED);
  });
});

describe("excerpt", () => {
  const text = "Security deposit laws govern how much a landlord may collect and when it must be returned.";

  it("leaves short text alone", () => {
    expect(excerpt("Short text.", 20)).toBe("Short text.");
  });

  it("ends at a word boundary with an ellipsis, within the length", () => {
    for (let length = 10; length < text.length; length++) {
      const cut = excerpt(text, length);
      expect(cut.length).toBeLessThanOrEqual(length);
      expect(cut.endsWith("…")).toBe(true);
      const kept = cut.slice(0, -1);
      expect(text.startsWith(kept)).toBe(true);
      expect(text[kept.length]).toMatch(/[\s,.]/);
    }
    expect(excerpt(text, 24)).toBe("Security deposit laws…");
  });

  it("cuts a single overlong word where it must", () => {
    expect(excerpt("Supercalifragilistic", 8)).toBe("Superca…");
  });

  it("every seeded blog's card excerpt ends with a whole word", () => {
    for (const blog of BLOGS) {
      const full = htmlToText(blog.description);
      const cut = excerpt(full, 180);
      expect(cut.endsWith("…")).toBe(true);
      expect(full[cut.length - 1]).toMatch(/[\s,.;:]/);
    }
  });

  it("sanitizeRichText is what htmlToText reads (links and structure kept there)", () => {
    expect(sanitizeRichText('<p><a href="/search" onclick="x">Go</a></p>')).toBe('<p><a href="/search">Go</a></p>');
  });
});
