import { STORED_LEAD } from "@/test-support";
import { confirmationMessage } from "./render";

const siteUrl = "https://www.managely.test";

describe("the owner's confirmation email", () => {
  const settings = { siteUrl: "https://www.managely.test", token: "PAGE_TOKEN_abcdefghijkl", confirmToken: "CONFIRM_TOKEN_abcdefghi" };
  const lead = { reference: "MG-4K7Q-2XRD", email_address: "owner@example.org" };
  const recipients = [
    { company_name: "Hill Country Homes", demo: 0 },
    { company_name: "Sample Rentals", demo: 1 },
  ];
  const { email } = confirmationMessage(lead, recipients, settings);
  const confirmUrl = "https://www.managely.test/requests/confirm/CONFIRM_TOKEN_abcdefghi";
  const pageUrl = "https://www.managely.test/requests/PAGE_TOKEN_abcdefghijkl";
  /** What a reader sees of the HTML: its text, without tags or attributes. */
  const visible = (html: string) => html.replace(/<[^>]*>/g, " ");

  it("has an HTML part beside the text, whose links are buttons, not raw token URLs; the text keeps the URLs", () => {
    expect(email.html).toBeDefined();
    const html = email.html!;
    expect(html).toContain(`<a href="${confirmUrl}"`);
    expect(html).toContain(`<a href="${pageUrl}"`);
    expect(html).toMatch(/<a href="[^"]+CONFIRM_TOKEN[^"]*" style="display:inline-block;[^"]*">Review and send my request<\/a>/);
    expect(html).toMatch(/>See or withdraw my request<\/a>/);
    expect(visible(html)).not.toContain("TOKEN");
    expect(email.text).toContain(confirmUrl);
    expect(email.text).toContain(pageUrl);
  });

  it("names a sample firm as a sample, in both parts", () => {
    for (const part of [email.text, visible(email.html!)]) {
      expect(part).toContain("Sample Rentals (Sample listing: this company does not exist, so nobody will contact you from it)");
      expect(part).not.toContain("Hill Country Homes (Sample listing");
    }
  });

  it("says who asked from where in the site's own words, and does not open with \"Somebody asked\"", () => {
    expect(email.text.split("\n").slice(0, 3).join("\n")).toBe(
      "Hello,\n\nPlease confirm your request MG-4K7Q-2XRD for property management quotes. It was entered in the quote form on Managely (www.managely.test) with this email address as the property owner's contact.",
    );
    expect(email.text).not.toContain("Somebody asked");
    expect(email.html).not.toContain("Somebody asked");
  });

  it("escapes a company name in the HTML", () => {
    const { email: escaped } = confirmationMessage(lead, [{ company_name: "Smith & <Sons>", demo: 0 }], settings);
    expect(escaped.html).toContain("Smith &amp; &lt;Sons&gt;");
    expect(escaped.html).not.toContain("<Sons>");
  });
});

describe("the owner's confirmation email, when nobody or only sample listings were chosen", () => {
  const settings = { siteUrl, token: "T", confirmToken: "C" };
  const paragraph = (content: string) => `<p style="margin:0 0 16px">${content}</p>`;
  const button = (href: string, label: string, colours: string) =>
    `<a href="${href}" style="display:inline-block;padding:12px 20px;border-radius:6px;font-weight:bold;text-decoration:none;${colours}">${label}</a>`;
  const intro =
    "Please confirm your request MG-4K7Q-2XRD for property management quotes. It was entered in the quote form on Managely (www.managely.test) with this email address as the property owner's contact.";
  const notYou =
    "The link works for 7 days and sends every request waiting for this address. If you did not ask for this, ignore this email: nothing is sent, we email this address at most once a day, and the request is erased after 7 days.";
  const keep = "Keep this link to yourself: anyone who has it can see your request and withdraw it.";

  it("asks to confirm the address when nobody was chosen, in text and in HTML", () => {
    const { email, event } = confirmationMessage(STORED_LEAD, [], settings);
    expect(email.to).toBe("jordan.ellis@example.org");
    expect(email.subject).toBe("Confirm your request MG-4K7Q-2XRD on Managely");
    expect(email.text).toBe(
      [
        "Hello,",
        "",
        intro,
        "",
        "Nobody has been chosen to receive it yet.",
        "",
        "Nobody receives it until you confirm. To confirm your address, open the page below and press its button. Confirm my email address:",
        "https://www.managely.test/requests/confirm/C",
        "",
        notYou,
        "",
        "See or withdraw my request on its private page:",
        "https://www.managely.test/requests/T",
        "",
        keep,
      ].join("\n"),
    );
    expect(email.html).toBe(
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Confirm your request MG-4K7Q-2XRD on Managely</title></head>' +
        '<body style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#111827;max-width:600px;margin:0 auto;padding:16px">' +
        paragraph("Hello,") +
        paragraph(intro.replace("'", "&#39;")) +
        paragraph("Nobody has been chosen to receive it yet.") +
        paragraph("Nobody receives it until you confirm. To confirm your address, open the page below and press its button.") +
        paragraph(button("https://www.managely.test/requests/confirm/C", "Confirm my email address", "background:#1d4ed8;color:#ffffff;")) +
        paragraph(notYou) +
        paragraph(button("https://www.managely.test/requests/T", "See or withdraw my request", "background:#ffffff;color:#1d4ed8;border:1px solid #1d4ed8;")) +
        paragraph(`<small>${keep}</small>`) +
        "</body></html>",
    );
    expect(event).toEqual({ type: "lead.confirmation", data: { reference: "MG-4K7Q-2XRD" } });
  });

  it("says nobody will call when every chosen company is a sample listing, and not when one is real", () => {
    const allSamples = "Every company chosen is a sample listing: nobody will contact you about this request.";
    const { email } = confirmationMessage(STORED_LEAD, [{ company_name: "Sample Rentals", demo: 1 }], settings);
    expect(email.text).toContain(
      "\nIt is to go to:\n- Sample Rentals (Sample listing: this company does not exist, so nobody will contact you from it)\n\n" +
        allSamples +
        "\n\nNobody receives it until you confirm. To send it, open the page below and press its button. Review and send my request:\n",
    );
    expect(email.html).toContain(
      paragraph("It is to go to:") +
        '<ul style="margin:0 0 16px;padding-left:20px"><li>Sample Rentals (Sample listing: this company does not exist, so nobody will contact you from it)</li></ul>' +
        paragraph(allSamples) +
        paragraph("Nobody receives it until you confirm. To send it, open the page below and press its button."),
    );
    const mixed = confirmationMessage(STORED_LEAD, [{ company_name: "Sample Rentals", demo: 1 }, { company_name: "Hill Country Homes" }], settings).email;
    expect(mixed.text).toContain("- Sample Rentals (Sample listing: this company does not exist, so nobody will contact you from it)\n- Hill Country Homes\n\nNobody receives it");
    expect(mixed.text).not.toContain(allSamples);
    expect(mixed.html).toContain("<li>Sample Rentals (Sample listing: this company does not exist, so nobody will contact you from it)</li><li>Hill Country Homes</li></ul>");
    expect(mixed.html).not.toContain(allSamples);
  });

  it("escapes every character HTML gives a meaning to", () => {
    const { email } = confirmationMessage(STORED_LEAD, [{ company_name: `A&B <"Sons"> 'Co'`, demo: 0 }], settings);
    expect(email.html).toContain("<li>A&amp;B &lt;&quot;Sons&quot;&gt; &#39;Co&#39;</li>");
  });
});
