import { CityView, listingMetadata, type ListingParams, type ListingView } from "../city-listing";
import { listViewFromQuery, type ViewQuery } from "@/lib/contract/routes";

type Props = { params: Promise<Pick<ListingParams, "state" | "city">>; searchParams: Promise<ViewQuery> };

/** The view an owner chose, from the address: `?sort=fee&rent=2500&category=2&service=evictions&service=inspections&page=2`. */
async function viewOf(searchParams: Props["searchParams"]): Promise<ListingView> {
  const { sort, category, services, page, rent, rentInvalid } = listViewFromQuery(await searchParams);
  return { sort, categoryId: category, services, page, rent, rentInvalid };
}

export async function generateMetadata({ params, searchParams }: Props) {
  return listingMetadata(params, await viewOf(searchParams));
}

/** A city's managers sorted or filtered as the owner chose: rendered per request, never indexed. */
export default async function CityViewPage({ params, searchParams }: Props) {
  return <CityView params={params} view={await viewOf(searchParams)} />;
}
