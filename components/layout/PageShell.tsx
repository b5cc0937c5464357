import { Breadcrumbs, type Crumb } from "@/components/directory/Breadcrumbs";
import { NewsletterBox } from "@/components/forms/NewsletterBox";
import { SiteHeader } from "./SiteHeader";
import type { HeaderVariant } from "./NavMenu";

/**
 * The frame of every public page but home: the header, a banner with breadcrumbs / eyebrow /
 * title (the page's h1) / subtitle, the content, and the newsletter box on content pages.
 */
export function PageShell({
  title,
  titleId,
  subtitle,
  eyebrow,
  crumbs,
  newsletter = true,
  header = "details",
  children,
}: {
  title?: React.ReactNode;
  titleId?: string;
  subtitle?: string;
  eyebrow?: string;
  crumbs?: Crumb[];
  newsletter?: boolean;
  header?: HeaderVariant;
  children: React.ReactNode;
}) {
  return (
    <>
      <SiteHeader variant={header} />
      <main id="main">
        <div className="page-banner">
          <div className="container">
            {crumbs && <Breadcrumbs crumbs={crumbs} />}
            {eyebrow && <p className="page-banner__eyebrow">{eyebrow}</p>}
            {title && (
              <h1 id={titleId} className="page-banner__title">
                {title}
              </h1>
            )}
            {subtitle && <p className="page-banner__subtitle">{subtitle}</p>}
          </div>
        </div>
        {children}
      </main>
      {newsletter && <NewsletterBox />}
    </>
  );
}
