"use client";

import { usePathname } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { JoinNetworkButton } from "@/components/forms/JoinNetwork";
import { PATHS } from "@/lib/contract/routes";
import { RESOURCES_NAME } from "@/lib/contract/site";

export type HeaderVariant = "full" | "small" | "details";

const RESOURCES = [
  { href: PATHS.laws, label: "Laws" },
  { href: PATHS.blogs, label: "Blog" },
  { href: PATHS.faqs, label: "FAQs" },
];

/** The id of the one list of links, the phone menu's toggle's target (without JavaScript, by :target). */
const MENU_ID = "site-menu";

/**
 * The menu (spec 2.2): one list of links for every screen. On a phone it is a panel that the Menu
 * button opens (without JavaScript the button is a link to the list, which CSS opens as its
 * target); "Resources" is the link to /resources, named as the footer names it, and beside it the
 * toggle of the Resources dropdown, a <details>, so it opens without JavaScript too. Escape, a
 * click elsewhere and navigating close whatever is open. The "details" header carries Laws, Blog
 * and FAQs as top-level items instead of the dropdown (spec 2.2), never both.
 */
export function NavMenu({ variant, agentPanelUrl }: { variant: HeaderVariant; agentPanelUrl: string }) {
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const navRef = useClosingMenu(pathname, () => setOpen(false));
  const current = (href: string) => (pathname === href ? ("page" as const) : undefined);
  const link = (href: string, label: string) => (
    <a className="nav__link" href={href} aria-current={current(href)}>
      {label}
    </a>
  );
  return (
    <nav ref={navRef} className="nav" aria-label="Main" id={MENU_ID} data-open={open || undefined}>
      <a
        className="nav__toggle"
        href={`#${MENU_ID}`}
        role="button"
        aria-label="Menu"
        aria-expanded={open}
        aria-controls={`${MENU_ID}-list`}
        onClick={(event) => {
          event.preventDefault();
          setOpen((value) => !value);
        }}
      >
        <span className="nav__toggle-bars" aria-hidden="true" />
      </a>
      <ul className="nav__list" id={`${MENU_ID}-list`}>
        <li>{link(PATHS.home, "Home")}</li>
        {variant === "details" ? (
          [{ href: PATHS.resources, label: RESOURCES_NAME }, ...RESOURCES].map((item) => <li key={item.href}>{link(item.href, item.label)}</li>)
        ) : (
          <li className="nav__dropdown">
            {link(PATHS.resources, RESOURCES_NAME)}
            <details>
              <summary className="nav__link nav__caret" aria-label={`More in ${RESOURCES_NAME}`} />
              <ul className="nav__submenu">
                {RESOURCES.map((item) => (
                  <li key={item.href}>
                    <a href={item.href} aria-current={current(item.href)}>
                      {item.label}
                    </a>
                  </li>
                ))}
              </ul>
            </details>
          </li>
        )}
        <li>{link(PATHS.about, "About Us")}</li>
        <li>
          <a className="nav__link" href={agentPanelUrl} target="_blank" rel="noopener noreferrer">
            Sign In
          </a>
        </li>
        <li>
          {variant === "small" ? (
            <a className="nav__cta" href={`${agentPanelUrl}/register`} target="_blank" rel="noopener noreferrer">
              Join Our Network
            </a>
          ) : (
            <JoinNetworkButton className="nav__cta" />
          )}
        </li>
      </ul>
    </nav>
  );
}

/**
 * Escape closes the innermost open dropdown (focus back on it) or the phone menu; a click outside
 * the menu, or a new page, closes everything.
 */
function useClosingMenu(pathname: string, closePanel: () => void) {
  const navRef = useRef<HTMLElement>(null);
  const closeRef = useRef(closePanel);
  useEffect(() => {
    closeRef.current = closePanel;
  });

  useEffect(() => {
    const nav = navRef.current;
    if (!nav) return;
    const openDropdowns = () => [...nav.querySelectorAll<HTMLDetailsElement>("details[open]")];
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      const innermost = openDropdowns().pop();
      if (innermost) {
        innermost.removeAttribute("open");
        innermost.querySelector("summary")?.focus();
      } else closeRef.current();
    };
    const onClick = (event: MouseEvent) => {
      const target = event.target as Element;
      for (const details of openDropdowns()) if (!details.contains(target)) details.removeAttribute("open");
      if (!nav.contains(target)) closeRef.current();
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onClick);
    };
  }, []);

  useEffect(() => {
    navRef.current?.querySelectorAll("details[open]").forEach((details) => details.removeAttribute("open"));
    closeRef.current();
  }, [pathname]);

  return navRef;
}
