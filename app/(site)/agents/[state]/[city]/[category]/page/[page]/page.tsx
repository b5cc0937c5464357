import { CityListing, listingMetadata, type ListingParams } from "../../../city-listing";

type Props = { params: Promise<Required<ListingParams>> };

export function generateStaticParams() {
  return [];
}

export function generateMetadata({ params }: Props) {
  return listingMetadata(params);
}

/** A later page of a city's category tab: /agents/TX/austin/multi-family/page/2. */
export default function CityCategoryPageN({ params }: Props) {
  return <CityListing params={params} />;
}
