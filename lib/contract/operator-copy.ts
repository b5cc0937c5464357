import { JOIN_NETWORK, SAVED } from "./messages";

/**
 * The fixed sentences that speak for whoever runs the site (docs/operator-words.md): the sample
 * site's in lib/contract/messages.ts, an operated site's here, chosen on the server from
 * OPERATOR_NAME and OPERATOR_EMAIL and passed down, so no page ships both.
 */

/** What the site says once an operator (OPERATOR_NAME, lib/env.ts) runs it: what happens to an application and a message. */
function operatorCopy(operator: { name: string }) {
  return {
    /** The "Join our Network" popup's introduction. */
    joinIntro: `Tell us about your company. Your application goes to ${operator.name}, who runs this site and decides whether to list your company; you are emailed the decision.`,
    /** The answer to a saved application. */
    applicationSaved: `Thank you for applying to join our network. Your application has reached ${operator.name}, who runs this site; you are emailed the decision.`,
    /** The answer to a message sent to the site (not to a manager). */
    contactSaved: `Thank you for your message. It has reached ${operator.name}, who runs this site and answers by email.`,
  };
}

type SiteCopy = ReturnType<typeof operatorCopy>;

/** The sentences of the site's current mode: the sample site's while nobody runs it. */
export function siteCopy(operator: { name: string } | null): SiteCopy {
  if (operator) return operatorCopy(operator);
  return { joinIntro: JOIN_NETWORK.intro, applicationSaved: SAVED.agentApplication, contactSaved: SAVED.contact };
}
