import { CityListing, listingMetadata, type ListingParams } from "../../city-listing";

type Props = { params: Promise<Pick<ListingParams, "state" | "city" | "page">> };

export function generateStaticParams() {
  return [];
}

export function generateMetadata({ params }: Props) {
  return listingMetadata(params);
}

/** A later page of a city's "All Property Managers" list: /agents/TX/austin/page/2. */
export default function CityAgentsPageN({ params }: Props) {
  return <CityListing params={params} />;
}
