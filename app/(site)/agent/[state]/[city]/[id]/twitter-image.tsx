/** The same card for X (Twitter), so that twitter:image and twitter:image:alt are set too. */
export const revalidate = 3600;
export { default, generateImageMetadata } from "./opengraph-image";
