import Link from "next/link";
import { getBlogs, getCities, getPageRecord, getStates, getTestimonials } from "@/lib/api/pages";
import { siteUrl, socialProfiles } from "@/lib/env";
import { organizationLd, websiteLd } from "@/lib/seo/json-ld";
import { pageMetadata } from "@/lib/seo/metadata";
import { pageSeo } from "@/lib/api/seo";
import { PAGE_IDS } from "@/lib/contract/site";
import { SiteHeader } from "@/components/layout/SiteHeader";
import { HowItWorks } from "@/components/home/HowItWorks";
import { TestimonialCarousel } from "@/components/home/TestimonialCarousel";
import { StateCityPicker } from "@/components/directory/StateCityPicker";
import { StateHubLinks } from "@/components/directory/StateHubLinks";
import { BlogCard } from "@/components/content/BlogCard";
import { JsonLd } from "@/components/seo/JsonLd";
import { RichText } from "@/components/ui/RichText";
import { NewsletterBox } from "@/components/forms/NewsletterBox";
import { ZipSearchForm } from "@/components/directory/ZipSearchForm";
import { StartQuoteLink } from "@/components/home/StartQuoteLink";
import { PATHS } from "@/lib/contract/routes";
import type { Blog } from "@/lib/contract";

/** The hero's ZIP form: its ZIP code and property type go into the quote flow with Get Started. */
const HOME_ZIP = "home-zip";

export async function generateMetadata() {
  const page = await getPageRecord(PAGE_IDS.home);
  return pageMetadata({ ...(await pageSeo("fixed", PATHS.home, page)), path: PATHS.home });
}

export default async function HomePage() {
  const [page, testimonials, blogs, states, allStates] = await Promise.all([
    getPageRecord(PAGE_IDS.home),
    getTestimonials(),
    getBlogs("Featured"),
    getStates("Half"),
    getStates("Full"),
  ]);
  const firstState = states.first_state;
  const cities = firstState ? await getCities(firstState.id, "Half") : null;
  const initialCities = cities && firstState ? { stateId: firstState.id, ...cities } : null;

  return (
    <>
      <JsonLd data={[organizationLd(siteUrl(), socialProfiles()), websiteLd(siteUrl())]} />
      <SiteHeader
        variant="full"
        banner={{ heading: page.heading, description: page.description }}
        search={
          <ZipSearchForm
            idPrefix={HOME_ZIP}
            variant="dark"
            label="Find property managers by ZIP code"
            extra={
              <StartQuoteLink formId={`${HOME_ZIP}-form`} className="button button--outline-light zip-search__quotes">
                Get free quotes
              </StartQuoteLink>
            }
          />
        }
        cta={
          <StartQuoteLink formId={`${HOME_ZIP}-form`} className="button button--accent hero__cta">
            Get Started
          </StartQuoteLink>
        }
      />
      <main id="main">
        <HowItWorks cta={<StartQuoteLink formId={`${HOME_ZIP}-form`} className="button">Get Started Now</StartQuoteLink>} />

        <section className="section about-teaser" aria-labelledby="about-teaser-title">
          <div className="container about-teaser__inner">
            <h2 id="about-teaser-title" className="section__title">
              About us
            </h2>
            <RichText html={page.short_description} />
            <Link href={PATHS.about} className="button button--outline">
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
            <StateCityPicker mode="home" initialStates={{ states: states.states, length: states.length }} initialCities={initialCities} />
            <StateHubLinks states={allStates.states} heading="h3" />
          </div>
        </section>

        <BlogStrip blogs={blogs} />
      </main>
      <NewsletterBox />
    </>
  );
}

/** The newest featured posts (spec 2.3: the section only when there are some). */
function BlogStrip({ blogs }: { blogs: Blog[] }) {
  if (blogs.length === 0) return null;
  return (
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
  );
}
