/* eslint-disable @next/next/no-img-element -- the real share image, as the networks show it */
/**
 * A page's share card as Facebook and LinkedIn show it (large image, site, title, description)
 * and as X shows a summary_large_image card (image, title, site), with the page's real Open
 * Graph image and its alt text.
 */
type Props = { url: string; title: string; description: string; image: string | null; alt: string };

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

export function SocialCards({ url, title, description, image, alt }: Props) {
  const host = hostOf(url);
  const picture = image ? <img src={image} alt={alt} width={1200} height={630} className="ws-card__image" /> : <div className="ws-card__image ws-card__image--none">No image</div>;
  return (
    <div className="ws-cards">
      <figure className="ws-card ws-card--facebook">
        <figcaption>Facebook and LinkedIn</figcaption>
        <div className="ws-card__frame">
          {picture}
          <div className="ws-card__text">
            <p className="ws-card__host">{host.toUpperCase()}</p>
            <p className="ws-card__title">{title}</p>
            <p className="ws-card__description">{description}</p>
          </div>
        </div>
      </figure>
      <figure className="ws-card ws-card--x">
        <figcaption>X (large image card)</figcaption>
        <div className="ws-card__frame">
          {picture}
          <p className="ws-card__overlay">{title}</p>
          <p className="ws-card__host">From {host}</p>
        </div>
      </figure>
      <p className="ws-hint">Image alt text: {alt ? `“${alt}”` : <strong className="ws-bad">none</strong>}</p>
    </div>
  );
}
