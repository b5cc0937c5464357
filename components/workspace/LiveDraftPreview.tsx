"use client";

import { useEffect, useRef, useState } from "react";
import { SEO_FIELDS, patternOf, resolveSeo, type PageSettings, type SeoFacts, type SeoField, type SeoKind, type SeoPattern } from "@/lib/contract/seo-text";
import { previewNotes, robotsSetting } from "@/lib/contract/robots";
import { SerpPreview } from "./SerpPreview";
import { SocialCards } from "./SocialCards";

/**
 * The draft's search results (desktop and phone) and share cards, drawn in the browser at every
 * keystroke: the fields of the form it sits in, rendered with the page's facts
 * by the same resolveSeo and width tables (lib/contract/serp.ts) the server and the audit use. No
 * request is made: "Save draft" is still what keeps the words.
 */
export type LiveDraftPreviewProps = {
  url: string;
  kind: SeoKind;
  facts: SeoFacts;
  /** What the draft is: a kind's template, or one page's override over `template`. */
  level: "template" | "page";
  /** The published template under a page's override (null: the default wording). */
  template: SeoPattern | null;
  initial: Record<SeoField, string>;
  /** A page's own settings as the form starts (null: a template, which has none). */
  initialSettings: PageSettings | null;
  date: string | null;
  /** The share image's address (null: the page draws its own card, which the preview cannot show). */
  image: string | null;
  /** The served page's breadcrumb names, for the phone result's line above the title. */
  crumbs?: readonly string[] | null;
};

const clean = (value: string) => value.replace(/\s+/g, " ").trim() || null;

export function LiveDraftPreview({ url, kind, facts, level, template, initial, initialSettings, date, image, crumbs }: LiveDraftPreviewProps) {
  const anchor = useRef<HTMLDivElement>(null);
  const [typed, setTyped] = useState(initial);
  const [settings, setSettings] = useState(initialSettings);

  useEffect(() => {
    const form = anchor.current?.closest("form");
    if (!form) return;
    const read = () => {
      const value = (name: string) => {
        const field = form.elements.namedItem(name);
        return field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement ? field.value : "";
      };
      setTyped(Object.fromEntries(SEO_FIELDS.map((field) => [field, value(field)])) as Record<SeoField, string>);
      const checked = (name: string) => {
        const field = form.elements.namedItem(name);
        return field instanceof HTMLInputElement && field.checked;
      };
      if (form.elements.namedItem("canonical")) {
        setSettings({ robots: robotsSetting({ noindex: checked("noindex"), nofollow: checked("nofollow") }), canonical: clean(value("canonical")), share_image: clean(value("share_image")) });
      }
    };
    form.addEventListener("input", read);
    read();
    return () => form.removeEventListener("input", read);
  }, []);

  const pattern: SeoPattern = patternOf(Object.fromEntries(SEO_FIELDS.map((field) => [field, clean(typed[field])])));
  const input = (level === "template" ? { kind, facts, template: pattern } : { kind, facts, template, override: pattern }) as Parameters<typeof resolveSeo>[0];
  const { text } = resolveSeo(input);
  const { origin, pathname } = new URL(url);
  const notes = settings ? previewNotes(settings, { path: pathname, origin }) : { hidden: null, note: null };
  // A typed share image on the site is drawn as it would be; anything else waits for Save to check it.
  const shownImage = settings?.share_image?.startsWith("/") && !settings.share_image.startsWith("//") ? `${origin}${settings.share_image}` : image;
  return (
    <div ref={anchor} className="ws-live" aria-live="off">
      <h3>As you type</h3>
      <SerpPreview url={url} title={text.title} description={text.description} date={date} crumbs={crumbs} label="Search result as you type" {...notes} />
      <SocialCards url={url} title={text.og_title} description={text.og_description} image={shownImage} alt={text.image_alt} />
    </div>
  );
}
