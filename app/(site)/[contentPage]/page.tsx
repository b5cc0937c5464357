import { notFound } from "next/navigation";
import { ContentPage, contentPageMetadata } from "@/components/content/ContentPage";
import { CONTENT_PAGES } from "@/components/content/content-pages";

export const revalidate = 3600;
/** Only the content pages below exist at this level; anything else is a 404. */
export const dynamicParams = false;

type Props = { params: Promise<{ contentPage: string }> };

export function generateStaticParams() {
  return Object.keys(CONTENT_PAGES).map((contentPage) => ({ contentPage }));
}

export async function generateMetadata({ params }: Props) {
  const config = CONTENT_PAGES[(await params).contentPage];
  return config ? contentPageMetadata(config) : {};
}

export default async function Page({ params }: Props) {
  const config = CONTENT_PAGES[(await params).contentPage];
  if (!config) notFound();
  return <ContentPage {...config} />;
}
