import { SERP, cutDescription, cutTitle, type Cut } from "@/lib/contract/serp";

/**
 * A page as a Google result shows it, on a desktop and on a phone: the title and the description
 * cut where results cut them (widths measured on the server from Arial's metrics, estimates), and
 * beside each, its length in characters and in pixels against the limit.
 */
type Props = { url: string; title: string; description: string; label?: string };

const breadcrumbOf = (url: string) => {
  try {
    const { host, pathname } = new URL(url);
    return [host, ...pathname.split("/").filter(Boolean).map(decodeURIComponent)].join(" › ");
  } catch {
    return url;
  }
};

export function Measure({ text, cut, limitLabel }: { text: string; cut: Cut; limitLabel?: string }) {
  const over = cut.width > cut.maxPx;
  return (
    <span className={over ? "ws-measure ws-measure--over" : "ws-measure"}>
      {[...text].length} characters · about {Math.round(cut.width)} px of {cut.maxPx}
      {limitLabel ? ` (${limitLabel})` : ""}
      {over ? ": cut" : ""}
    </span>
  );
}

function Result({ url, title, description, device }: Omit<Props, "label"> & { device: "desktop" | "phone" }) {
  const shownTitle = cutTitle(title);
  const shownDescription = cutDescription(description, device);
  return (
    <figure className={`ws-serp ws-serp--${device}`}>
      <figcaption className="ws-serp__device">{device === "desktop" ? "Desktop result" : "Phone result"}</figcaption>
      <div className="ws-serp__result">
        <p className="ws-serp__url">{breadcrumbOf(url)}</p>
        <p className="ws-serp__title">{shownTitle.shown || "(no title)"}</p>
        <p className="ws-serp__description">{shownDescription.shown || "(no description: the search engine picks a snippet)"}</p>
      </div>
      <p className="ws-serp__measures">
        Title: <Measure text={title} cut={shownTitle} />
        <br />
        Description: <Measure text={description} cut={shownDescription} limitLabel={device} />
      </p>
    </figure>
  );
}

export function SerpPreview({ url, title, description, label }: Props) {
  return (
    <section className="ws-serps" aria-label={label ?? "Search result preview"}>
      <Result url={url} title={title} description={description} device="desktop" />
      <Result url={url} title={title} description={description} device="phone" />
      <p className="ws-hint">
        Estimates: titles at {SERP.title.fontPx} px Arial up to about {SERP.title.maxPx} px; descriptions at {SERP.description.fontPx} px up to about{" "}
        {SERP.description.desktopMaxPx} px on a desktop and {SERP.description.phoneMaxPx} px on a phone. Search engines may show other words.
      </p>
    </section>
  );
}
