import "server-only";
import { serverApi } from "./server";
import { nullWhenMissing } from "../contract/errors";
import type { AnyCallResponse, RequestView, ConfirmationRequest } from "../contract";

/** A token the service does not know (404), or one that is not a token at all (400). */
const TOKEN_OPENS_NOTHING = [404, 400];

type CallResponse<C extends "proposal/get" | "request/proposals"> = AnyCallResponse<C>;

/**
 * The private request page's read: the owner's request found by its token, or null
 * when the token opens nothing (the page then answers 404 and says nothing more). Not cached: the
 * page is per owner and shows delivery as it happens.
 */
export async function getOwnerRequest(token: string): Promise<RequestView | null> {
  return (await nullWhenMissing(serverApi().call("lead/request", { token }), TOKEN_OPENS_NOTHING))?.request ?? null;
}

/**
 * A confirmation link's page: the requests its button sends, or null when the link is
 * unknown or expired (the page then says so). Not cached, like the request page.
 */
export async function getLeadConfirmation(token: string): Promise<ConfirmationRequest[] | null> {
  return (await nullWhenMissing(serverApi().call("lead/confirmation", { token }), TOKEN_OPENS_NOTHING))?.requests ?? null;
}

/**
 * A manager's proposal page: the request as delivered, their own proposal and whether
 * the link is still open; null when the token opens nothing (the page answers 404). Not cached.
 */
export async function getManagerProposal(token: string): Promise<CallResponse<"proposal/get"> | null> {
  return nullWhenMissing(serverApi().call("proposal/get", { token }), TOKEN_OPENS_NOTHING);
}

/** The owner's comparison of proposals on the private request page; null when the token opens nothing. */
export async function getOwnerProposals(token: string): Promise<CallResponse<"request/proposals"> | null> {
  return nullWhenMissing(serverApi().call("request/proposals", { token }), TOKEN_OPENS_NOTHING);
}
