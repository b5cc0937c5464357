"use client";

import { STEP_PATHS } from "@/lib/contract/routes";
import { linkListLd, serializeJsonLd } from "@/lib/seo/json-ld-list";
import { CompareCheckbox } from "./CompareCheckbox";
import type { CardFields } from "./card-fields";

/** Where a page's cards stand in their list, for its schema.org ItemList (the default view of a city's list only). */
export type CardItemList = { origin: string; name: string; firstPosition: number; total: number };

type Props = {
  id: string;
  start: number;
  cards: CardFields[];
  /** The form of the list's Compare checkboxes. */
  compareFormId: string;
  itemList?: CardItemList;
};

/**
 * The cards of a list (spec 2.5) and, where the page has one, its ItemList JSON-LD. A client
 * component for its bytes, not its behaviour: it receives each card's fields (card-fields.ts),
 * worded on the server, so they travel once in the flight data and once as HTML, where a server
 * card's every element and class travelled twice (Austin's 20 cards: 92.2 → 70.5 kB raw).
 * The ItemList is built from the same fields, so its names and URLs do not travel a third time.
 */
export function AgentCardList({ id, start, cards, compareFormId, itemList }: Props) {
  return (
    <>
      <ol className="agent-list" id={id} start={start}>
        {cards.map((card) => (
          <AgentCard key={card.id} card={card} compareFormId={compareFormId} />
        ))}
      </ol>
      {itemList && (
        <script
          type="application/ld+json"
          dangerouslySetInnerHTML={{
            __html: serializeJsonLd(
              linkListLd(itemList.origin, itemList.name, cards.map((card) => ({ name: card.name, path: card.href })), { firstPosition: itemList.firstPosition, total: itemList.total }),
            ),
          }}
        />
      )}
    </>
  );
}

/**
 * A manager in a list: logo, name linking to the profile, "Sample listing" and "Featured" where
 * they apply, where the office is, then its fee, services and years, what it manages and its
 * license, the address, the about text's first sentence, the spec's "View Detail" link to the
 * profile, a Compare checkbox and "Request a quote from this manager". Compact on purpose (three
 * fit on a phone screen) and plain markup styled by position (styles/site.css).
 */
function AgentCard({ card, compareFormId }: { card: CardFields; compareFormId: string }) {
  return (
    <li className="agent-card">
      {/* Sized by the stylesheet (48 or 64 px square), so the layout never shifts. */}
      {/* eslint-disable-next-line @next/next/no-img-element -- a logo served as it is (components/ui/Img.tsx) */}
      <img src={card.photo} alt="" loading="lazy" />
      <h2>
        <a href={card.href}>{card.name}</a>
      </h2>
      <p>
        {card.sample && <b className="badge badge--sample">Sample listing</b>}
        {card.featured && <b className="badge badge--featured">Featured</b>}
        {card.place}
      </p>
      <p>{card.facts}</p>
      <p>{card.kind}</p>
      <p>{card.address}</p>
      <p>{card.about}</p>
      <a href={card.href}>
        View Detail<span className="visually-hidden">{` of ${card.name}`}</span>
      </a>
      <CompareCheckbox id={card.id} name={card.name} form={compareFormId} />
      {/* The list's CardQuoteLinks chooses this manager on the way (data-quote-agent). */}
      <a href={STEP_PATHS[1]} data-quote-agent={card.id} className="agent-card__quote">
        Request a quote from this manager<span className="visually-hidden">{` (${card.name})`}</span>
      </a>
    </li>
  );
}
