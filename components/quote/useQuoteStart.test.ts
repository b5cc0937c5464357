/** @jest-environment jsdom */
import { renderHook } from "@testing-library/react";
import { quoteStartPath } from "@/lib/contract/quote-start";
import { SELECTED_AGENTS_KEY, readLeadValue, readSelectedAgents, saveLeadValues, saveSelectedAgents } from "@/lib/lead-form/storage";
import { useQuoteStart } from "./useQuoteStart";

/** Next's router as step 1 uses it: a replace changes the address, as the app router does. */
const replace = jest.fn((href: string) => window.history.replaceState(null, "", href));
jest.mock("next/navigation", () => ({ useRouter: () => ({ replace }) }));

/** Step 1 opened at `path` in a fresh tab: the hook's effect runs once, as on the page. */
function openStepOne(path: string) {
  window.history.replaceState(null, "", path);
  renderHook(() => useQuoteStart());
}

beforeEach(() => {
  replace.mockClear();
  localStorage.clear();
  window.history.replaceState(null, "", "/");
});

describe("step 1 opened from a quote link", () => {
  it("chooses the link's manager and fills in its city, as the profile's click did, then leaves the bare step's address", () => {
    saveLeadValues({ property_address: "415 W 6th St" });
    openStepOne(quoteStartPath({ managers: [1400], city: "Austin" }));
    expect(readSelectedAgents()).toEqual([1400]);
    expect(readLeadValue("property_city")).toBe("Austin");
    // The owner's other answers stay.
    expect(readLeadValue("property_address")).toBe("415 W 6th St");
    expect(replace).toHaveBeenCalledTimes(1);
    expect(window.location.pathname + window.location.search).toBe("/search");
  });

  it("ignores a malformed manager id: the stored choice and the address stay as they were", () => {
    saveSelectedAgents([7]);
    openStepOne("/search?manager=1400abc");
    expect(readSelectedAgents()).toEqual([7]);
    expect(window.location.search).toBe("?manager=1400abc");
    expect(replace).not.toHaveBeenCalled();
  });

  it("without a query, changes nothing", () => {
    openStepOne("/search");
    expect(localStorage.getItem(SELECTED_AGENTS_KEY)).toBeNull();
    expect(readLeadValue("property_city")).toBe("");
  });
});
