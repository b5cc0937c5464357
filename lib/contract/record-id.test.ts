import { parseRecordId } from "./record-id";

describe("parseRecordId", () => {
  it("reads 1 and up, in plain digits, nine at most", () => {
    expect(["1", "42", "123456789", "999999999"].map(parseRecordId)).toEqual([1, 42, 123456789, 999999999]);
  });

  it("names no record for anything else", () => {
    const refused = ["0", "01", "007", "1e3", " 1", "1 ", "-1", "+1", "1.0", "0x10", "1_000", "１", "1234567890", "99999999999999999999", "", "abc"];
    expect(refused.map((value) => [value, parseRecordId(value)])).toEqual(refused.map((value) => [value, null]));
  });

  it("names no record for what is not a string (a form's file, a missing field, a number)", () => {
    expect([null, undefined, 5, new Blob(["1"]), ["1"]].map(parseRecordId)).toEqual([null, null, null, null, null]);
  });
});
