import "server-only";
import { serverApi } from "./server";
import { ApiError } from "../contract/errors";
import type { RequestView, ConfirmationRequest } from "../contract";

/**
 * The private request page's read (issue 11): the owner's request found by its token, or null
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
 * A confirmation link's page (issue 19): the requests its button sends, or null when the link is
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
