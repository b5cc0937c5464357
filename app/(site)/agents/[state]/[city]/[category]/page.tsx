import { CityListing, listingMetadata, type ListingParams } from "../city-listing";

type Props = { params: Promise<Pick<ListingParams, "state" | "city" | "category">> };

export function generateStaticParams() {
  return [];
}

export function generateMetadata({ params }: Props) {
  return listingMetadata(params);
}

/** A city's category tab: /agents/TX/austin/multi-family. */
export default function CityCategoryPage({ params }: Props) {
  return <CityListing params={params} />;
}
