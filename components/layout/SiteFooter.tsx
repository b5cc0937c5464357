import Link from "next/link";
import { siteOperator, socialProfiles } from "@/lib/env";
import { RESOURCES_NAME, SITE_NAME, SITE_TAGLINE, socialLink } from "@/lib/contract/site";
import { PATHS } from "@/lib/contract/routes";
import { JoinNetworkButton } from "@/components/forms/JoinNetwork";
import "@/styles/footer.css";

const COLUMNS: { title: string; links: { href: string; label: string }[] }[] = [
  {
    title: "For Property Owners",
    links: [
      { href: PATHS.faqs, label: "FAQ" },
      { href: PATHS.blogs, label: "Blog" },
      { href: PATHS.resources, label: RESOURCES_NAME },
      { href: PATHS.propertyManagement, label: "Property Management" },
    ],
  },
  {
    title: "For Property Managers",
    links: [
      { href: PATHS.resourceCenter, label: "Resource Center" },
      { href: PATHS.myClientCenter, label: "My Client Center" },
    ],
  },
  {
    title: "Company",
    links: [
      { href: PATHS.about, label: "About Us" },
      { href: PATHS.mission, label: "Our Mission" },
      { href: PATHS.career, label: "Career" },
    ],
  },
  {
    title: "Support",
    links: [
      { href: PATHS.contact, label: "Contact Us" },
      { href: PATHS.privacy, label: "Privacy Policy" },
      { href: PATHS.acceptableUse, label: "Acceptable Use Policy" },
      { href: PATHS.limitedUse, label: "Limited Use Disclosure" },
    ],
  },
];

/**
 * The footer of every page (spec 2.2), with who runs the site and how to reach them
 * (SITE_CONTACT_EMAIL, SITE_ADDRESS), the social profiles it runs (SOCIAL_PROFILES: none by
 * default, so Keep in Touch then holds the contact page alone) and the year from the clock. Plain links: a footer's
 * dozen pages are not worth prefetching. Its Join our Network needs a JoinNetworkProvider above it.
 */
export function SiteFooter() {
  const operator = siteOperator();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          {/* next/link here keeps its client code in the root layout's chunk, shared by every page (not copied into each). */}
          <Link href={PATHS.home} prefetch={false}>
            {/* eslint-disable-next-line @next/next/no-img-element -- a logo served as it is (components/ui/Img.tsx) */}
            <img src="/brand/logo-white.svg" alt={SITE_NAME} width={144} height={32} loading="lazy" />
          </Link>
          <p>{SITE_TAGLINE}</p>
          <address className="site-footer__contact">
            {operator.address}
            <br />
            <a href={`mailto:${operator.email}`}>{operator.email}</a>
          </address>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2>{column.title}</h2>
            <ul>
              {column.title === "For Property Managers" && (
                <li>
                  <JoinNetworkButton className="site-footer__link-button">Join our Network</JoinNetworkButton>
                </li>
              )}
              {column.links.map((link) => (
                <li key={link.href}>
                  <a href={link.href}>{link.label}</a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <div>
          <h2>Keep in Touch</h2>
          <ul className="site-footer__social">
            {socialProfiles().map(socialLink).map((link) => (
              <li key={link.href}>
                <a href={link.href} rel="me" className={link.icon ? "site-footer__icon" : undefined}>
                  {link.icon ? (
                    // eslint-disable-next-line @next/next/no-img-element -- an icon served as it is
                    <img src={link.icon} alt={link.name} width={22} height={22} loading="lazy" />
                  ) : (
                    link.name
                  )}
                </a>
              </li>
            ))}
            <li>
              <a href={PATHS.contact}>Write to us</a>
            </li>
          </ul>
        </div>
      </div>
      <div className="container site-footer__bottom">
        <p>
          © {new Date().getFullYear()} {SITE_NAME}. All rights reserved.
        </p>
        <p className="site-footer__credit">
          City data: U.S. Census Bureau. ZIP code data © <a href="https://www.geonames.org/">GeoNames</a>, CC BY 4.0.
        </p>
      </div>
    </footer>
  );
}
