import { ApiError, nullWhenMissing } from "./errors";

describe("nullWhenMissing", () => {
  it("passes the read's value through", async () => {
    await expect(nullWhenMissing(Promise.resolve({ id: 7 }))).resolves.toEqual({ id: 7 });
  });

  it("turns a 404 into null by default, and only the statuses asked for", async () => {
    await expect(nullWhenMissing(Promise.reject(new ApiError(404, "Not found.")))).resolves.toBeNull();
    await expect(nullWhenMissing(Promise.reject(new ApiError(400, "Bad token.")))).rejects.toThrow("Bad token.");
    await expect(nullWhenMissing(Promise.reject(new ApiError(400, "Bad token.")), [404, 400])).resolves.toBeNull();
  });

  it("throws any other failure on: a refusal, a server error, an error that is not the service's", async () => {
    await expect(nullWhenMissing(Promise.reject(new ApiError(403, "Not yours.")), [404, 400])).rejects.toThrow("Not yours.");
    await expect(nullWhenMissing(Promise.reject(new ApiError(500, "Broken.")))).rejects.toThrow("Broken.");
    const plain = Object.assign(new Error("socket hang up"), { status: 404 });
    await expect(nullWhenMissing(Promise.reject(plain))).rejects.toBe(plain);
  });
});
