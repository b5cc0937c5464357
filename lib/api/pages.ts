import "server-only";
import { cache } from "react";
import { serverApi } from "./server";

/**
 * Reads shared by a page and its generateMetadata: React's cache makes them one call per render.
 */
export const getPageRecord = cache(async (pageId: number) => (await serverApi().call("page/get", { page_id: pageId })).pageData);
