"use client";

import { createApiClient } from "./client";
import { createHttpTransport } from "./http-transport";
import { readToken } from "../lead-form/storage";

/**
 * The browser's typed client: always the site's own POST /api/<call> (which forwards to an
 * external service when one is configured), with the stored bearer token when there is one.
 */
export const browserApi = createApiClient(createHttpTransport({ baseUrl: "/api", token: readToken }));
