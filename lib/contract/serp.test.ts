import { SERP, cutDescription, cutTitle, cutToWidth, phoneResultPath, textWidth } from "./serp";

/**
 * Known cases: Arial's advance widths equal Helvetica's published AFM widths (in 1/1000 em)
 * scaled to Arial's 2048 units per em, so a width can be worked out by hand from the AFM table:
 * W 944, i 222, space 278, a 556, M 833, P 667, r 333, o 556, p 556, e 556, t 278, y 500, n 556,
 * g 556, s 500, A 667, u 556, comma 278, T 611, X 667, | 260, l 222, period 278.
 */
const AFM: Record<string, number> = {
  W: 944, i: 222, " ": 278, a: 556, M: 833, P: 667, r: 333, o: 556, p: 556, e: 556, t: 278, y: 500, n: 556, g: 556, s: 500,
  A: 667, u: 556, ",": 278, T: 611, X: 667, "|": 260, l: 222, ".": 278,
};
const afmWidth = (text: string, fontPx: number) => [...text].reduce((sum, character) => sum + Math.round((AFM[character] * 2048) / 1000), 0) * (fontPx / 2048);

describe("textWidth", () => {
  it("measures single characters as Arial does at 20 px", () => {
    expect(textWidth("W", 20)).toBeCloseTo((1933 / 2048) * 20, 6);
    expect(textWidth("i", 20)).toBeCloseTo((455 / 2048) * 20, 6);
    expect(textWidth(" ", 14)).toBeCloseTo((569 / 2048) * 14, 6);
  });

  it("adds up a title the way the AFM table does", () => {
    const title = "Property Managers in Austin, TX | Managely";
    expect(textWidth(title, 20)).toBeCloseTo(afmWidth(title, 20), 6);
    expect(textWidth(title, 20)).toBeGreaterThan(380);
    expect(textWidth(title, 20)).toBeLessThan(420);
  });

  it("scales with the font size", () => {
    expect(textWidth("Managely", 14)).toBeCloseTo((textWidth("Managely", 20) * 14) / 20, 6);
  });

  it("counts a character outside the table as the font's average width", () => {
    expect(textWidth("日", 20)).toBeCloseTo((1208 / 2048) * 20, 6);
  });
});

describe("cutToWidth", () => {
  it("leaves a title that fits whole", () => {
    const cut = cutTitle("Property Managers in Austin, TX | Managely");
    expect(cut).toMatchObject({ shown: "Property Managers in Austin, TX | Managely", truncated: false, maxPx: 580 });
  });

  it("cuts a long title at a word boundary, with the ellipsis, within 580 px", () => {
    const title = "Springfield Premier Residential and Commercial Property Management Services – Property Manager in Springfield, MA | Managely";
    const cut = cutTitle(title);
    expect(cut.truncated).toBe(true);
    expect(cut.width).toBeGreaterThan(SERP.title.maxPx);
    expect(cut.shown.endsWith(" ...")).toBe(true);
    expect(textWidth(cut.shown, 20)).toBeLessThanOrEqual(SERP.title.maxPx);
    const kept = cut.shown.slice(0, -4);
    expect(title.startsWith(kept)).toBe(true);
    // A word boundary: the next character of the title is a space, and one more word would not fit.
    expect(title[kept.length]).toBe(" ");
    const nextWord = title.slice(kept.length + 1).split(" ")[0];
    expect(textWidth(`${kept} ${nextWord} ...`, 20)).toBeGreaterThan(SERP.title.maxPx);
  });

  it("is exact at the limit: 580 px fits, a hair more is cut", () => {
    // 30 W's are 566.3 px; W's and i's up to exactly the limit are not cut.
    const thirty = "W".repeat(30);
    expect(cutToWidth(thirty, { fontPx: 20, maxPx: textWidth(thirty, 20) }).truncated).toBe(false);
    expect(cutToWidth(thirty, { fontPx: 20, maxPx: textWidth(thirty, 20) - 0.01 }).truncated).toBe(true);
  });

  it("cuts inside a single word longer than the line", () => {
    const cut = cutTitle("W".repeat(40));
    expect(cut.truncated).toBe(true);
    // Room for 580 - width(" ...") = 580 - 22.23: 29 W's (547.4 px), not 30 (566.3 px).
    expect(cut.shown).toBe(`${"W".repeat(29)} ...`);
  });

  it("drops a trailing separator before the ellipsis", () => {
    const cut = cutToWidth("Property Managers in Austin | Managely and more words here", { fontPx: 20, maxPx: textWidth("Property Managers in Austin | Man", 20) });
    expect(cut.shown).toBe("Property Managers in Austin ...");
  });

  it("cuts descriptions at 920 px on a desktop and 680 px on a phone", () => {
    const description =
      "25 property managers serve Austin, Texas. Compare their fees, services, licenses and service areas on Managely, then request free quotes from the ones you like best.";
    const desktop = cutDescription(description, "desktop");
    const phone = cutDescription(description, "phone");
    expect(desktop.width).toBeCloseTo(textWidth(description.replace(/\s+/g, " "), 14), 6);
    expect(desktop.truncated).toBe(desktop.width > 920);
    expect(phone.truncated).toBe(true);
    expect(textWidth(phone.shown, 14)).toBeLessThanOrEqual(680);
    expect(phone.shown.length).toBeLessThan(desktop.shown.length);
  });
});

describe("phone titles and dated descriptions", () => {
  it("wraps a phone title into lines of its own width, at most two, the second cut with the ellipsis", async () => {
    const { phoneTitleLines } = await import("./serp");
    const short = phoneTitleLines("Property Managers in Austin, TX | Managely");
    expect(short.truncated).toBe(false);
    expect(short.lines.join(" ")).toBe("Property Managers in Austin, TX | Managely");
    for (const line of short.lines) expect(textWidth(line, SERP.phoneTitle.fontPx)).toBeLessThanOrEqual(SERP.phoneTitle.lineWidthPx);
    const long = phoneTitleLines("Sinclair & Thornton Property Management – Property Manager in Huntsville, AL | Managely");
    expect(long.lines).toHaveLength(2);
    expect(long.truncated).toBe(true);
    expect(long.lines[1].endsWith(" ...")).toBe(true);
    for (const line of long.lines) expect(textWidth(line, SERP.phoneTitle.fontPx)).toBeLessThanOrEqual(SERP.phoneTitle.lineWidthPx);
  });

  it("gives a blog post's date its share of the description's room", () => {
    const description = "x ".repeat(400);
    expect(textWidth(cutDescription(description, "desktop", "Nov 24, 2026 — ").shown, 14)).toBeLessThanOrEqual(920 - textWidth("Nov 24, 2026 — ", 14));
  });
});

describe("phoneResultPath", () => {
  it("is the domain, then the breadcrumb's names after Home", () => {
    expect(phoneResultPath("https://example.com/agents/TX/austin", ["Home", "Texas", "Austin"])).toBe("example.com › Texas › Austin");
    expect(phoneResultPath("http://127.0.0.1:3100/laws/texas", ["Home", "Landlord Tenant Laws", "Texas"])).toBe("127.0.0.1:3100 › Landlord Tenant Laws › Texas");
  });

  it("falls back to the path's segments without a breadcrumb, and is the bare domain for home", () => {
    expect(phoneResultPath("https://example.com/agents/TX/austin")).toBe("example.com › agents › TX › austin");
    expect(phoneResultPath("https://example.com/blog/a%20b", null)).toBe("example.com › blog › a b");
    expect(phoneResultPath("https://example.com/", ["Home"])).toBe("example.com");
    expect(phoneResultPath("not a url")).toBe("not a url");
  });
});
