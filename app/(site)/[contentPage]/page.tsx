import { notFound } from "next/navigation";
import { CONTENT_PAGE_PATHS } from "@/lib/contract/routes";
import { ContentPage, contentPageMetadata } from "@/components/content/ContentPage";
import { contentPageFor } from "@/components/content/content-pages";

/** Only the content pages exist at this level; anything else is a 404. */
export const dynamicParams = false;

type Props = { params: Promise<{ contentPage: string }> };

export function generateStaticParams() {
  return CONTENT_PAGE_PATHS.map((path) => ({ contentPage: path.slice(1) }));
}

export async function generateMetadata({ params }: Props) {
  const config = contentPageFor((await params).contentPage);
  return config ? contentPageMetadata(config) : {};
}

export default async function Page({ params }: Props) {
  const config = contentPageFor((await params).contentPage);
  if (!config) notFound();
  return <ContentPage {...config} />;
}
