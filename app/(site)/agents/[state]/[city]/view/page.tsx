import { CityView, listingMetadata, type ListingParams, type ListingView } from "../city-listing";
import { listViewFromQuery, type ViewQuery } from "@/lib/contract/routes";

type Props = { params: Promise<Pick<ListingParams, "state" | "city">>; searchParams: Promise<ViewQuery> };

/** The view an owner chose, from the address: `?sort=fee&category=2&service=evictions&page=2`. */
async function viewOf(searchParams: Props["searchParams"]): Promise<ListingView> {
  const { sort, category, services, page } = listViewFromQuery(await searchParams);
  return { sort, categoryId: category, service: services[0], page };
}

export async function generateMetadata({ params, searchParams }: Props) {
  return listingMetadata(params, await viewOf(searchParams));
}

/** A city's managers sorted or filtered as the owner chose: rendered per request, never indexed. */
export default async function CityViewPage({ params, searchParams }: Props) {
  return <CityView params={params} view={await viewOf(searchParams)} />;
}
