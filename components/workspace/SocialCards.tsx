/* eslint-disable @next/next/no-img-element -- the real share image, as the networks show it */
import type { CSSProperties } from "react";
import { SOCIAL_CUTS, characterCount, cutToCharacters } from "@/lib/contract/social-cards";
import { SOCIAL_CARDS } from "@/lib/contract/staff";

/**
 * A page's share cards as Facebook, LinkedIn and X draw a link today, each with its own cut
 * (lib/contract/social-cards.ts): Facebook's title on two lines and description on one,
 * LinkedIn's title on two lines, X's title over the image cut at its 70 characters. Drawn from
 * the page's social words (its search ones unless it has its own) and its real Open Graph image
 * and alt text; under them, each field's length against X's limits. How each network cuts
 * (SOCIAL_CARDS.howCut) is said by the server-rendered page around it, not shipped to the browser.
 */
type Props = { url: string; title: string; description: string; image: string | null; alt: string };

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/** A CSS line clamp of `lines` lines: the browser cuts at the card's width, as the network's page does. */
const clamp = (lines: number): CSSProperties => ({ WebkitLineClamp: lines });

function Count({ label, text, max }: { label: string; text: string; max: number }) {
  const count = characterCount(text);
  return (
    <li className={count > max ? "ws-bad" : undefined}>
      {SOCIAL_CARDS.count(label, count, max)}
    </li>
  );
}

export function SocialCards({ url, title, description, image, alt }: Props) {
  const host = hostOf(url);
  const picture = image ? <img src={image} alt={alt} width={1200} height={630} className="ws-card__image" /> : <div className="ws-card__image ws-card__image--none">{SOCIAL_CARDS.noImage}</div>;
  const xTitle = cutToCharacters(title, SOCIAL_CUTS.x.titleChars);
  return (
    <div className="ws-cards" data-testid="social-cards">
      <figure className="ws-card ws-card--facebook">
        <figcaption>Facebook</figcaption>
        <div className="ws-card__frame">
          {picture}
          <div className="ws-card__text">
            <p className="ws-card__host">{host.toUpperCase()}</p>
            <p className="ws-card__title ws-clamp" style={clamp(SOCIAL_CUTS.facebook.titleLines)}>
              {title}
            </p>
            <p className="ws-card__description ws-clamp" style={clamp(SOCIAL_CUTS.facebook.descriptionLines)}>
              {description}
            </p>
          </div>
        </div>
      </figure>
      <figure className="ws-card ws-card--linkedin">
        <figcaption>LinkedIn</figcaption>
        <div className="ws-card__frame">
          {picture}
          <div className="ws-card__text">
            <p className="ws-card__title ws-clamp" style={clamp(SOCIAL_CUTS.linkedin.titleLines)}>
              {title}
            </p>
            <p className="ws-card__host">{host}</p>
          </div>
        </div>
      </figure>
      <figure className="ws-card ws-card--x">
        <figcaption>X (large image card)</figcaption>
        <div className="ws-card__frame">
          {picture}
          <p className="ws-card__overlay" data-truncated={xTitle.truncated}>
            {xTitle.shown}
          </p>
          <p className="ws-card__host">{SOCIAL_CARDS.from(host)}</p>
        </div>
      </figure>
      <ul className="ws-hint ws-card__counts">
        <Count label="Social title" text={title} max={SOCIAL_CUTS.x.titleChars} />
        <Count label="Social description" text={description} max={SOCIAL_CUTS.x.descriptionChars} />
        <Count label="Image alt text" text={alt} max={SOCIAL_CUTS.x.altChars} />
      </ul>
      <p className="ws-hint">
        {SOCIAL_CARDS.altText}: {alt ? `“${alt}”` : <strong className="ws-bad">{SOCIAL_CARDS.none}</strong>}
      </p>
    </div>
  );
}
