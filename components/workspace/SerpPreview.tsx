import { SERP, cutDescription, cutTitle, phoneResultPath, phoneTitleLines, type Cut } from "@/lib/contract/serp";
import { characterCount } from "@/lib/contract/social-cards";
import { SITE_NAME } from "@/lib/contract/site";
import { WORKSPACE_PAGES } from "@/lib/contract/workspace-messages";

/**
 * A page as a Google result lays it out today, on a desktop and on a phone: the site's icon and
 * name, the breadcrumb of its public URL (on a desktop "https://example.com › agents › TX ›
 * austin"; on a phone the domain and the page's breadcrumb by name, "example.com › Texas ›
 * Austin", when the served page has one), the
 * title (one line on a desktop; on a phone larger, wrapped to at most two lines) and the
 * description (a blog post's date first), each cut where results cut them with the ellipsis.
 * Widths come from lib/contract/serp.ts, the same tables the server's audit uses, so the workspace
 * draws it in the browser at every keystroke as well as on the server. Beside each, its length in
 * characters and in pixels against the limit.
 */
type Props = {
  url: string;
  title: string;
  description: string;
  label?: string;
  /** A blog post's date, shown before its description. */
  date?: string | null;
  /** The served page's breadcrumb names (BreadcrumbList), which a phone result shows after the domain. */
  crumbs?: readonly string[] | null;
  /**
   * Why no result will show this page (noindex, or a canonical elsewhere: lib/contract/page-settings.ts
   * previewNotes), said above both results, which are drawn faded; and any other note (nofollow).
   */
  hidden?: string | null;
  note?: string | null;
};

/** "https://example.com › agents › TX › austin": the origin, then the path's segments. */
function breadcrumbOf(url: string): string {
  try {
    const { origin, pathname } = new URL(url);
    return [origin, ...pathname.split("/").filter(Boolean).map(decodeURIComponent)].join(" › ");
  } catch {
    return url;
  }
}

const datePrefix = (date: string | null | undefined) => {
  if (!date) return "";
  const parsed = new Date(date);
  return Number.isNaN(parsed.getTime()) ? "" : `${parsed.toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" })} — `;
};

function Measure({ text, cut, limitLabel }: { text: string; cut: Pick<Cut, "width" | "maxPx" | "truncated">; limitLabel?: string }) {
  const over = cut.truncated || cut.width > cut.maxPx;
  return (
    <span className={over ? "ws-measure ws-measure--over" : "ws-measure"}>
      {characterCount(text)} characters · about {Math.round(cut.width)} px of {cut.maxPx}
      {limitLabel ? ` (${limitLabel})` : ""}
      {over ? ": cut" : ""}
    </span>
  );
}

function Result({ url, title, description, date, crumbs, device }: Omit<Props, "label"> & { device: "desktop" | "phone" }) {
  const prefix = datePrefix(date);
  const desktopTitle = cutTitle(title);
  const phoneTitle = phoneTitleLines(title);
  const shownDescription = cutDescription(description, device, prefix);
  const phoneLimit = SERP.phoneTitle.lineWidthPx * SERP.phoneTitle.maxLines;
  let origin = url;
  try {
    origin = new URL(url).origin;
  } catch {}
  return (
    <figure className={`ws-serp ws-serp--${device}`} data-device={device}>
      <figcaption className="ws-serp__device">{device === "desktop" ? "Desktop result" : "Phone result"}</figcaption>
      <div className="ws-serp__result">
        <div className="ws-serp__site">
          {/* eslint-disable-next-line @next/next/no-img-element -- the site's own icon, as results show it */}
          <img className="ws-serp__favicon" src={`${origin}/icon.svg`} alt="" width={18} height={18} />
          <span>
            <span className="ws-serp__name">{SITE_NAME}</span>
            <span className="ws-serp__url">{device === "desktop" ? breadcrumbOf(url) : phoneResultPath(url, crumbs)}</span>
          </span>
        </div>
        <p className="ws-serp__title">
          {device === "desktop"
            ? desktopTitle.shown || "(no title)"
            : phoneTitle.lines.length === 0
              ? "(no title)"
              : phoneTitle.lines.map((line, index) => (
                  <span key={index} className="ws-serp__line">
                    {line}
                  </span>
                ))}
        </p>
        <p className="ws-serp__description">
          {prefix && <span className="ws-serp__date">{prefix}</span>}
          {shownDescription.shown || "(no description: the search engine picks a snippet)"}
        </p>
      </div>
      <p className="ws-serp__measures">
        Title:{" "}
        {device === "desktop" ? (
          <Measure text={title} cut={desktopTitle} />
        ) : (
          <Measure text={title} cut={{ width: phoneTitle.width, maxPx: phoneLimit, truncated: phoneTitle.truncated }} limitLabel={`${SERP.phoneTitle.maxLines} lines at ${SERP.phoneTitle.fontPx} px`} />
        )}
        <br />
        Description: <Measure text={description} cut={shownDescription} limitLabel={device} />
      </p>
    </figure>
  );
}

export function SerpPreview({ url, title, description, label, date, crumbs, hidden, note }: Props) {
  return (
    <section className={hidden ? "ws-serps ws-serps--hidden" : "ws-serps"} aria-label={label ?? "Search result preview"}>
      {hidden && (
        <p className="ws-notice ws-notice--warning ws-serps__hidden" role="note">
          {hidden}
        </p>
      )}
      {note && (
        <p className="ws-hint ws-serps__note" role="note">
          {note}
        </p>
      )}
      <Result url={url} title={title} description={description} date={date} crumbs={crumbs} device="desktop" />
      <Result url={url} title={title} description={description} date={date} crumbs={crumbs} device="phone" />
      <p className="ws-hint">{WORKSPACE_PAGES.serpEstimates}</p>
    </section>
  );
}
