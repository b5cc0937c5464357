/**
 * The same card for X (Twitter), so that twitter:image and twitter:image:alt are set too; its
 * lifetime too (the card's `revalidate` literal is written once, in opengraph-image.tsx).
 */
export { default, generateImageMetadata, revalidate } from "./opengraph-image";
