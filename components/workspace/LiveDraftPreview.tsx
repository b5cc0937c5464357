"use client";

import { useEffect, useRef, useState } from "react";
import { resolveSeo, type SeoFacts, type SeoKind, type SeoPattern } from "@/lib/contract/seo-text";
import { SerpPreview } from "./SerpPreview";
import { SocialCards } from "./SocialCards";

/**
 * The draft's search results (desktop and phone) and share cards, drawn in the browser at every
 * keystroke (issue 29, item 3): the fields of the form it sits in, rendered with the page's facts
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
  initial: { title: string; description: string; keywords: string };
  date: string | null;
  image: string | null;
  alt: string;
};

const FIELDS = ["title", "description", "keywords"] as const;
const clean = (value: string) => value.replace(/\s+/g, " ").trim() || null;

export function LiveDraftPreview({ url, kind, facts, level, template, initial, date, image, alt }: LiveDraftPreviewProps) {
  const anchor = useRef<HTMLDivElement>(null);
  const [typed, setTyped] = useState(initial);

  useEffect(() => {
    const form = anchor.current?.closest("form");
    if (!form) return;
    const read = () => {
      const value = (name: string) => {
        const field = form.elements.namedItem(name);
        return field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement ? field.value : "";
      };
      setTyped({ title: value("title"), description: value("description"), keywords: value("keywords") });
    };
    form.addEventListener("input", read);
    read();
    return () => form.removeEventListener("input", read);
  }, []);

  const pattern = Object.fromEntries(FIELDS.map((field) => [field, clean(typed[field])])) as SeoPattern;
  const input = (level === "template" ? { kind, facts, template: pattern } : { kind, facts, template, override: pattern }) as Parameters<typeof resolveSeo>[0];
  const { text } = resolveSeo(input);
  return (
    <div ref={anchor} className="ws-live" aria-live="off">
      <h3>As you type</h3>
      <SerpPreview url={url} title={text.title} description={text.description} date={date} label="Search result as you type" />
      <SocialCards url={url} title={text.title} description={text.description} image={image} alt={alt} />
    </div>
  );
}
