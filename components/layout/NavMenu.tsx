"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";
import { JoinNetworkButton } from "@/components/forms/JoinNetwork";
import { PATHS } from "@/lib/contract/routes";

export type HeaderVariant = "full" | "small" | "details";

const RESOURCES = [
  { href: "/laws", label: "Laws" },
  { href: "/blogs", label: "Blog" },
  { href: "/faqs", label: "FAQ's" },
];

/**
 * The menu (spec 2.2). Built on <details> so the Resources dropdown and the phone menu open
 * without JavaScript; with it, Escape and a click elsewhere close them, and so does navigating.
 */
export function NavMenu({ variant, agentPanelUrl }: { variant: HeaderVariant; agentPanelUrl: string }) {
  const pathname = usePathname();
  const containerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const closeAll = (except?: Element | null) =>
      container.querySelectorAll("details[open]").forEach((details) => {
        if (details !== except && !details.contains(except ?? null)) details.removeAttribute("open");
      });
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      const open = container.querySelector<HTMLDetailsElement>("details[open]");
      if (!open) return;
      const innermost = [...container.querySelectorAll<HTMLDetailsElement>("details[open]")].pop() ?? open;
      innermost.removeAttribute("open");
      innermost.querySelector("summary")?.focus();
    };
    const onClick = (event: MouseEvent) => {
      const target = event.target as Element;
      if (!container.contains(target)) closeAll();
      else closeAll(target.closest("details"));
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onClick);
    };
  }, []);

  useEffect(() => {
    containerRef.current?.querySelectorAll("details[open]").forEach((details) => details.removeAttribute("open"));
  }, [pathname]);

  const current = (href: string) => (pathname === href ? ("page" as const) : undefined);
  const join =
    variant === "small" ? (
      <a className="nav__cta" href={`${agentPanelUrl}/register`} target="_blank" rel="noopener noreferrer">
        Join Our Network
      </a>
    ) : (
      <JoinNetworkButton className="nav__cta" />
    );

  const items = (
    <>
      <li>
        <Link className="nav__link" href="/" aria-current={current("/")}>
          Home
        </Link>
      </li>
      <li>
        <Link className="nav__link" href={PATHS.resources} aria-current={current(PATHS.resources)}>
          Find Managers
        </Link>
      </li>
      <li className="nav__dropdown">
        <details>
          <summary className="nav__link">Resources</summary>
          <ul className="nav__submenu">
            {RESOURCES.map((item) => (
              <li key={item.href}>
                <Link href={item.href} aria-current={current(item.href)}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </details>
      </li>
      <li>
        <Link className="nav__link" href="/about-us" aria-current={current("/about-us")}>
          About Us
        </Link>
      </li>
      {variant === "details" &&
        RESOURCES.map((item) => (
          <li key={item.href} className="nav__extra">
            <Link className="nav__link" href={item.href} aria-current={current(item.href)}>
              {item.label}
            </Link>
          </li>
        ))}
      <li>
        <a className="nav__link" href={agentPanelUrl} target="_blank" rel="noopener noreferrer">
          Sign In
        </a>
      </li>
      <li>{join}</li>
    </>
  );

  return (
    <div ref={containerRef} className="nav">
      <nav aria-label="Main" className="nav__desktop">
        <ul className="nav__list">{items}</ul>
      </nav>
      <details className="nav__mobile">
        <summary className="nav__toggle" aria-label="Menu">
          <span className="nav__toggle-bars" aria-hidden="true" />
        </summary>
        <nav aria-label="Mobile" className="nav__panel">
          <ul className="nav__panel-list">{items}</ul>
        </nav>
      </details>
    </div>
  );
}
