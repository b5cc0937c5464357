import Link from "next/link";
import { getBlogs, getCities, getPageRecord, getStates, getTestimonials } from "@/lib/api/pages";
import { siteUrl } from "@/lib/env";
import { organizationLd, websiteLd } from "@/lib/seo/json-ld";
import { pageMetadata } from "@/lib/seo/metadata";
import { pageSeo } from "@/lib/api/seo";
import { PAGE_IDS } from "@/lib/contract/site";
import { SiteHeader } from "@/components/layout/SiteHeader";
import { HowItWorks } from "@/components/home/HowItWorks";
import { TestimonialCarousel } from "@/components/home/TestimonialCarousel";
import { StateCityPicker } from "@/components/directory/StateCityPicker";
import { BlogCard } from "@/components/content/BlogCard";
import { JsonLd } from "@/components/seo/JsonLd";
import { RichText } from "@/components/ui/RichText";
import { NewsletterBox } from "@/components/forms/NewsletterBox";
import { ZipSearchForm } from "@/components/directory/ZipSearchForm";

export async function generateMetadata() {
  const page = await getPageRecord(PAGE_IDS.home);
  return pageMetadata({ ...(await pageSeo("fixed", "/", page)), path: "/" });
}

export default async function HomePage() {
  const [page, testimonials, blogs, states] = await Promise.all([
    getPageRecord(PAGE_IDS.home),
    getTestimonials(),
    getBlogs("Featured"),
    getStates("Half"),
  ]);
  const firstState = states.first_state;
  const cities = firstState ? await getCities(firstState.id, "Half") : null;

  return (
    <>
      <JsonLd data={[organizationLd(siteUrl()), websiteLd(siteUrl())]} />
      <SiteHeader
        variant="full"
        banner={{ heading: page.heading, description: page.description }}
        search={<ZipSearchForm idPrefix="home-zip" variant="dark" label="Find property managers by ZIP code" />}
      />
      <main id="main">
        <HowItWorks />

        <section className="section about-teaser" aria-labelledby="about-teaser-title">
          <div className="container about-teaser__inner">
            <h2 id="about-teaser-title" className="section__title">
              About us
            </h2>
            <RichText html={page.short_description} />
            <Link href="/about-us" className="button button--outline">
              Know more
            </Link>
          </div>
        </section>

        {testimonials.length > 0 && (
          <section className="section testimonials" aria-labelledby="testimonials-title">
            <div className="container">
              <h2 id="testimonials-title" className="section__title">
                What owners and managers say
              </h2>
              <TestimonialCarousel testimonials={testimonials} />
            </div>
          </section>
        )}

        <section className="section find-managers" aria-labelledby="find-managers-title">
          <div className="container">
            <h2 id="find-managers-title" className="section__title">
              Find property managers by state and city
            </h2>
            <StateCityPicker
              mode="home"
              initialStates={{ states: states.states, length: states.length }}
              initialCities={cities && firstState ? { stateId: firstState.id, ...cities } : null}
            />
          </div>
        </section>

        {blogs.length > 0 && (
          <section className="section blog-section" aria-labelledby="blog-section-title">
            <div className="container">
              <h2 id="blog-section-title" className="section__title">
                From our blog
              </h2>
              <div className="blog-grid">
                {blogs.slice(0, 3).map((blog) => (
                  <BlogCard key={blog.id} blog={blog} />
                ))}
              </div>
            </div>
          </section>
        )}
      </main>
      <NewsletterBox />
    </>
  );
}
