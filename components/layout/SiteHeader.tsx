import { Img } from "@/components/ui/Img";
import Link from "next/link";
import { env } from "@/lib/env";
import { SITE_NAME } from "@/lib/contract/site";
import { PATHS, STEP_PATHS } from "@/lib/contract/routes";
import { RichText } from "@/components/ui/RichText";
import { NavMenu, type HeaderVariant } from "./NavMenu";

type Banner = { heading: string; description: string };

/**
 * The three headers of spec 2.2: "full" (home, with the page 1 banner and Get Started),
 * "small" (compact), "details" (content and directory pages, with Laws, Blog and FAQs on top).
 */
export function SiteHeader({ variant, banner, search, cta }: { variant: HeaderVariant; banner?: Banner; search?: React.ReactNode; cta?: React.ReactNode }) {
  const onDark = variant === "full";
  return (
    <header className={`site-header site-header--${variant}`}>
      <div className="container site-header__bar">
        <Link href={PATHS.home} className="site-header__logo">
          <Img
            src={onDark ? "/brand/logo-white.svg" : "/brand/logo.svg"}
            alt={`${SITE_NAME} home`}
            width={144}
            height={32}
            priority
          />
        </Link>
        <NavMenu variant={variant} agentPanelUrl={env().AGENT_PANEL_URL} />
      </div>
      {banner && (
        <div className="container hero">
          <h1 className="hero__title">{banner.heading}</h1>
          {search}
          <RichText className="hero__text" html={banner.description} />
          {cta ?? (
            <Link href={STEP_PATHS[1]} className="button button--accent hero__cta">
              Get Started
            </Link>
          )}
        </div>
      )}
    </header>
  );
}
