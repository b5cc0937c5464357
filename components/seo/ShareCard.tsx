import { ImageResponse } from "next/og";
import type { Agent, Blog } from "@/lib/contract";
import { excerpt } from "@/lib/sanitize";
import { SITE_NAME } from "@/lib/contract/site";
import { sampleName } from "@/lib/contract/seo-text";
import { formatPostDate } from "@/components/content/BlogCard";

/**
 * The PNG cards social networks show when a blog post or a manager's profile is shared (they do
 * not render SVG), drawn by next/og at the first request and cached like the page. Every other
 * page shares public/brand/og-image.png (lib/seo/metadata.ts).
 *
 * The text is set in Geist Regular, the font next/og bundles and reads from node_modules. For a
 * character that font lacks, next/og would fetch a font from Google Fonts, so only characters
 * it has reach the card (shareCardText): nothing is fetched from the web, at build or at run time.
 */
export const SHARE_CARD_SIZE = { width: 1200, height: 630 };
export const SHARE_CARD_TYPE = "image/png";

/** Characters Geist Regular draws: printable ASCII, Latin-1 letters and signs, typographic quotes and dashes. */
const NOT_IN_FONT = /[^\x20-\x7E\u00A0-\u00AC\u00AE-\u00FF\u2013\u2014\u2018\u2019\u201C\u201D\u2022\u2026]/g;

export function shareCardText(text: string): string {
  return text
    .normalize("NFC")
    .replace(/[\u2010-\u2012\u2015]/g, "-")
    .replace(/\s+/g, " ")
    .replace(NOT_IN_FONT, "")
    .trim();
}

type Card = { eyebrow: string; title: string; detail?: string };

function ShareCardLayout({ eyebrow, title, detail }: Card) {
  const heading = excerpt(shareCardText(title), 110);
  return (
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        flexDirection: "column",
        justifyContent: "space-between",
        padding: "72px 88px",
        background: "linear-gradient(135deg, #0f172a 0%, #115e59 60%, #0f766e 100%)",
        color: "#ffffff",
      }}
    >
      <div style={{ display: "flex", alignItems: "center", gap: 24 }}>
        <svg width="72" height="72" viewBox="0 0 64 64">
          <rect width="64" height="64" rx="14" fill="#0f766e" stroke="#99f6e4" strokeWidth="3" />
          <path d="M13 33 32 16l19 17" fill="none" stroke="#ffffff" strokeWidth="6" strokeLinecap="round" strokeLinejoin="round" />
          <path d="M22 38l7 7 13-13" fill="none" stroke="#99f6e4" strokeWidth="6" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <div style={{ fontSize: 44, }}>{SITE_NAME}</div>
      </div>
      <div style={{ display: "flex", flexDirection: "column", gap: 20 }}>
        <div style={{ fontSize: 30, color: "#99f6e4" }}>{shareCardText(eyebrow)}</div>
        <div style={{ fontSize: heading.length > 60 ? 56 : 68, lineHeight: 1.15 }}>{heading}</div>
      </div>
      <div style={{ display: "flex", fontSize: 30, color: "#ccfbf1" }}>{detail ? excerpt(shareCardText(detail), 80) : " "}</div>
    </div>
  );
}

function shareCard(card: Card): ImageResponse {
  return new ImageResponse(<ShareCardLayout {...card} />, SHARE_CARD_SIZE);
}

export function blogShareCard(blog: Blog): ImageResponse {
  return shareCard({ eyebrow: "Blog & News", title: blog.heading, detail: formatPostDate(blog.post_date) });
}

const place = (agent: Agent) => `${agent.city}, ${agent.state}`;

/** A sample listing's card says so on its first line and in its name (a fictional company). */
export function agentShareCard(agent: Agent): ImageResponse {
  const sample = agent.demo === 1;
  return shareCard({
    eyebrow: `${sample ? "Sample listing · " : ""}Property manager in ${place(agent)}`,
    title: sample ? sampleName(agent.company_name) : agent.company_name,
    detail: agent.category ? `Manages ${agent.category}` : undefined,
  });
}
