import { SITE_NAME } from "../../contract/site";
import { listingSignInPath } from "../../contract/listing-self-service";
import { LISTING_MAIL } from "../../contract/listing-messages";
import type { RenderedMessage } from "./message";

/** A manager's one-time sign-in link, to the email on its listing (never an address a visitor typed). */
export function listingSignInMessage(listing: { company_name: string; email: string }, { siteUrl, token }: { siteUrl: string; token: string }): RenderedMessage {
  return {
    email: { to: listing.email, subject: LISTING_MAIL.subject(listing.company_name, SITE_NAME), text: LISTING_MAIL.text(listing.company_name, SITE_NAME, `${siteUrl}${listingSignInPath(token)}`) },
    event: { type: "listing.sign_in", data: {} },
  };
}
