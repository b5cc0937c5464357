/** @jest-environment jsdom */
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { StateCityPicker, ONBOARDING_NOTICE } from "./StateCityPicker";

const call = jest.fn();
jest.mock("@/lib/api/browser", () => ({ browserApi: { call: (...args: unknown[]) => call(...args) } }));

const state = (id: number, abbreviation: string, name: string) => ({ id, abbreviation, state: name, slug: name.toLowerCase() });
const city = (id: number, name: string, stateId: number, managers = 5) => ({ id, city: name, slug: name.toLowerCase().replace(/ /g, "-"), state_id: stateId, managers });

const CA = state(5, "CA", "California");
const TX = state(44, "TX", "Texas");
const AK = state(2, "AK", "Alaska");
const initialStates = { states: [CA, TX], length: "Half" as const };
const initialCities = { stateId: 5, cities: [city(1, "Los Angeles", 5), city(2, "San Diego", 5)], length: "Half" as const, count: 60 };

function renderPicker(mode: "home" | "resources" = "home") {
  return render(
    <StateCityPicker mode={mode} initialStates={mode === "home" ? initialStates : { ...initialStates, length: "Full" }} initialCities={initialCities} />,
  );
}

beforeEach(() => call.mockReset());

describe("StateCityPicker", () => {
  it("renders the short state list with the first state active and its cities, without a call", () => {
    renderPicker();
    expect(screen.getByRole("button", { name: "CA" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("button", { name: "TX" })).toHaveAttribute("aria-pressed", "false");
    expect(screen.getByRole("link", { name: "Los Angeles" })).toHaveAttribute("href", "/agents/CA/los-angeles");
    expect(screen.getAllByRole("button", { name: "See All" })).toHaveLength(2);
    expect(call).not.toHaveBeenCalled();
  });

  it("loads a clicked state's short city list, showing Loading... meanwhile", async () => {
    let answer: (value: unknown) => void = () => undefined;
    call.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderPicker();
    await userEvent.click(screen.getByRole("button", { name: "TX" }));
    expect(screen.getByRole("button", { name: "TX" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByText("Loading...")).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith("city/list", { state_id: 44, length: "Half" });
    answer({ success: true, cities: [city(9, "Houston", 44)], length: "Half", count: 1 });
    expect(await screen.findByRole("link", { name: "Houston" })).toHaveAttribute("href", "/agents/TX/houston");
    // All of Texas's cities are shown: no "See All" for cities.
    expect(screen.getAllByRole("button", { name: "See All" })).toHaveLength(1);
  });

  it("See All requests the full state list and the chip goes away", async () => {
    call.mockResolvedValue({ success: true, states: [CA, TX, AK], length: "Full", first_state: { id: 5, abbreviation: "CA" } });
    renderPicker();
    const [seeAllStates] = screen.getAllByRole("button", { name: "See All" });
    await userEvent.click(seeAllStates);
    expect(await screen.findByRole("button", { name: "AK" })).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith("state/code/list", { type: "Featured", length: "Full" });
    expect(screen.getAllByRole("button", { name: "See All" })).toHaveLength(1);
  });

  it("See All on cities reloads the full city list", async () => {
    call.mockResolvedValue({ success: true, cities: [city(1, "Los Angeles", 5), city(2, "San Diego", 5), city(3, "Fresno", 5)], length: "Full", count: 3 });
    renderPicker();
    const seeAllCities = screen.getAllByRole("button", { name: "See All" })[1];
    await userEvent.click(seeAllCities);
    expect(await screen.findByRole("link", { name: "Fresno" })).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith("city/list", { state_id: 5, length: "Full" });
  });

  it("names a city nobody serves without linking its noindex page, and links the state hub", async () => {
    call.mockResolvedValue({ success: true, cities: [city(9, "Houston", 44), city(10, "Mission", 44, 0)], length: "Half", count: 2 });
    renderPicker();
    await userEvent.click(screen.getByRole("button", { name: "TX" }));
    expect(await screen.findByRole("link", { name: "Houston" })).toHaveAttribute("href", "/agents/TX/houston");
    expect(screen.getByText("Mission")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /Mission/ })).toBeNull();
    expect(screen.getByRole("link", { name: "Every Texas city with property managers" })).toHaveAttribute("href", "/agents/TX");
  });

  it("says when a state has no cities, with the onboarding notice", async () => {
    call.mockResolvedValue({ success: true, cities: [], length: "Half", count: 0 });
    renderPicker();
    await userEvent.click(screen.getByRole("button", { name: "TX" }));
    expect(await screen.findByText("No cities available in TX")).toBeInTheDocument();
    expect(screen.getByText(ONBOARDING_NOTICE)).toBeInTheDocument();
  });

  it("says when a load fails and tries again on request, never an endless Loading...", async () => {
    call.mockRejectedValueOnce(new Error("offline"));
    renderPicker();
    await userEvent.click(screen.getByRole("button", { name: "TX" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("We could not load the cities of Texas.");
    expect(screen.queryByText("Loading...")).toBeNull();
    expect(screen.queryByRole("alertdialog")).toBeNull();
    call.mockResolvedValueOnce({ success: true, cities: [city(9, "Houston", 44)], length: "Half", count: 1 });
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("link", { name: "Houston" })).toBeInTheDocument();
    expect(call).toHaveBeenLastCalledWith("city/list", { state_id: 44, length: "Half" });
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says when the full state list fails to load, and loads it on Try again", async () => {
    call.mockRejectedValueOnce(new Error("offline"));
    renderPicker();
    await userEvent.click(screen.getAllByRole("button", { name: "See All" })[0]);
    expect(await screen.findByRole("alert")).toHaveTextContent("We could not load the full list of states.");
    call.mockResolvedValueOnce({ success: true, states: [CA, TX, AK], length: "Full", first_state: { id: 5, abbreviation: "CA" } });
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("button", { name: "AK" })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("resources: full lists with the spec's headings (h2, right under the page's h1) and no See All", () => {
    renderPicker("resources");
    expect(screen.getByRole("heading", { level: 2, name: "Find Property Managers by State" })).toBeInTheDocument();
    const cities = screen.getByRole("heading", { level: 2, name: "Find Property Managers by City" });
    expect(cities).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "See All" })).toBeNull();
    expect(within(screen.getByRole("list", { name: "Find Property Managers by City" })).getAllByRole("link")).toHaveLength(2);
  });
});
