import { Img } from "@/components/ui/Img";
import Link from "next/link";
import { COPYRIGHT_YEAR, SITE_NAME, SITE_TAGLINE, SOCIAL_LINKS } from "@/lib/contract/site";
import { JoinNetworkButton } from "@/components/forms/JoinNetwork";
import { SocialIcon } from "./SocialIcon";
import "@/styles/footer.css";

const COLUMNS: { title: string; links: { href: string; label: string }[] }[] = [
  {
    title: "For Property Owners",
    links: [
      { href: "/faqs", label: "FAQ" },
      { href: "/blogs", label: "Blog" },
      { href: "/resources", label: "Resources" },
      { href: "/property-management", label: "Property Management" },
    ],
  },
  {
    title: "For Property Managers",
    links: [
      { href: "/resource-center", label: "Resource Center" },
      { href: "/my-client-center", label: "My Client Center" },
    ],
  },
  {
    title: "Company",
    links: [
      { href: "/about-us", label: "About Us" },
      { href: "/our-mission", label: "Our Mission" },
      { href: "/career", label: "Career" },
    ],
  },
  {
    title: "Support",
    links: [
      { href: "/contact-us", label: "Contact Us" },
      { href: "/privacy-policy", label: "Privacy Policy" },
      { href: "/acceptable-use-policy", label: "Acceptable Use Policy" },
      { href: "/limited-use-disclosure", label: "Limited Use Disclosure" },
    ],
  },
];

/** The footer of every page (spec 2.2). Its Join our Network needs a JoinNetworkProvider above it. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <Img src="/brand/logo-white.svg" alt={SITE_NAME} width={144} height={32} />
          <p>{SITE_TAGLINE}</p>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title} className="site-footer__column">
            <h2 className="site-footer__title">{column.title}</h2>
            <ul>
              {column.title === "For Property Managers" && (
                <li>
                  <JoinNetworkButton className="site-footer__link-button">Join our Network</JoinNetworkButton>
                </li>
              )}
              {column.links.map((link) => (
                <li key={link.href}>
                  <Link href={link.href}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <div className="site-footer__column">
          <h2 className="site-footer__title">Keep in Touch</h2>
          <ul className="site-footer__social">
            {SOCIAL_LINKS.map((link) => (
              <li key={link.name}>
                <a href={link.href} target="_blank" rel="noopener noreferrer" aria-label={link.name}>
                  <SocialIcon name={link.name} />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="container site-footer__bottom">
        <p>
          © {COPYRIGHT_YEAR} {SITE_NAME}. All rights reserved.
        </p>
        <p className="site-footer__credit">
          City data: U.S. Census Bureau. ZIP code data ©{" "}
          <a href="https://www.geonames.org/" target="_blank" rel="noopener noreferrer">
            GeoNames
          </a>
          , CC BY 4.0.
        </p>
      </div>
    </footer>
  );
}
