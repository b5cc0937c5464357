import "server-only";
import { serverApi } from "./server";
import { ApiError } from "../contract/errors";
import type { AnyCallResponse, RequestView, ConfirmationRequest } from "../contract";

type CallResponse<C extends "proposal/get" | "request/proposals"> = AnyCallResponse<C>;

/**
 * The private request page's read: the owner's request found by its token, or null
 * when the token opens nothing (the page then answers 404 and says nothing more). Not cached: the
 * page is per owner and shows delivery as it happens.
 */
export async function getOwnerRequest(token: string): Promise<RequestView | null> {
  try {
    return (await serverApi().call("lead/request", { token })).request;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/**
 * A confirmation link's page: the requests its button sends, or null when the link is
 * unknown or expired (the page then says so). Not cached, like the request page.
 */
export async function getLeadConfirmation(token: string): Promise<ConfirmationRequest[] | null> {
  try {
    return (await serverApi().call("lead/confirmation", { token })).requests;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/**
 * A manager's proposal page: the request as delivered, their own proposal and whether
 * the link is still open; null when the token opens nothing (the page answers 404). Not cached.
 */
export async function getManagerProposal(token: string): Promise<CallResponse<"proposal/get"> | null> {
  try {
    return await serverApi().call("proposal/get", { token });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/** The owner's comparison of proposals on the private request page; null when the token opens nothing. */
export async function getOwnerProposals(token: string): Promise<CallResponse<"request/proposals"> | null> {
  try {
    return await serverApi().call("request/proposals", { token });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}
