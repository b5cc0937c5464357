import { CityListing, listingMetadata, type ListingParams } from "./city-listing";

type Props = { params: Promise<Pick<ListingParams, "state" | "city">> };

/** City pages are rendered on first request and then served from the cache. */
export function generateStaticParams() {
  return [];
}

export function generateMetadata({ params }: Props) {
  return listingMetadata(params);
}

/** Every manager serving a city, every category: the "All Property Managers" tab, page 1. */
export default function CityAgentsPage({ params }: Props) {
  return <CityListing params={params} />;
}
