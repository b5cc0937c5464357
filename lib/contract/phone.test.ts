import { describe, expect, it } from "@jest/globals";
import { phoneDigits, phoneFieldValue } from "./phone";

describe("phoneFieldValue: what a phone field keeps", () => {
  it.each([
    ["(512) 555-0142", "5125550142"],
    ["+1 512 555 0142", "5125550142"],
    ["1-512-555-0142", "5125550142"],
    ["512.555.0142", "5125550142"],
    ["5125550142", "5125550142"],
    ["50355501234", "5035550123"],
    ["(512) 555-", "512555"],
    ["abc", ""],
  ])("%p -> %p", (input, kept) => {
    expect(phoneFieldValue(input)).toBe(kept);
  });

  it('keeps the right digits when "+1 512 555 0142" is typed one key at a time', () => {
    let value = "";
    for (const key of "+1 512 555 0142") value = phoneFieldValue(value + key);
    expect(value).toBe("5125550142");
  });

  it("never keeps more than 10 characters", () => {
    expect(phoneFieldValue("9".repeat(40))).toHaveLength(10);
  });
});

describe("phoneDigits: what the service stores and checks", () => {
  it("drops a leading 1 only when more than 10 digits remain", () => {
    expect(phoneDigits("+1 (512) 555-0142")).toBe("5125550142");
    expect(phoneDigits("1555012")).toBe("1555012");
    expect(phoneDigits("(512) 555-01")).toBe("51255501");
  });
});
