import fc from "fast-check";
import { CALL_NAMES, contract, type CallName } from "../../lib/contract";

/**
 * Random and malformed requests for the calls of POST /api/<call>: random JSON, the calls'
 * own fields with wrong types, near-valid bodies with one field broken, huge strings, deep
 * nesting, text that is not JSON, wrong content types and wrong methods.
 */
export type FuzzRequest = {
  /** What kind of damage: shown in failure reports and in the summary. */
  kind: string;
  call: string;
  method: string;
  /** null: no Content-Type header at all. */
  contentType: string | null;
  body: string | Buffer;
};

/** One valid body per call, the starting point of the near-valid mutations. */
const VALID_BODIES: Record<CallName, Record<string, unknown>> = {
  "page/get": { page_id: 1 },
  "testimonial/list": { type: "Featured" },
  "testimonial/get": { id: 1 },
  "blogs/list": { type: "All" },
  "blog/get": { slug: "how-to-choose-a-property-manager" },
  "faq/list": { type: "Featured" },
  "state/code/list": { type: "Featured", length: "Half" },
  "city/list": { state_id: 44, length: "Full" },
  "law/get": { state: "texas" },
  "law/facts": { state: "TX", topic: "property_manager_license" },
  "laws/topics": {},
  "laws/compare": { topic: "late-fees" },
  "agents/list": { cate_id: 1, state: "TX", city: "austin", page: 1, per_page: 24 },
  "agent/get": { agent_id: 1, state: "TX", city: "austin" },
  "zip/get": { zip: "78701" },
  "agents/near": { zip: "78701", cate_id: 1, page: 1, per_page: 24 },
  "question/list": { type: 1 },
  "agents/match": { property_zip: "78701", property_category: 2 },
  "lead/save": {
    property_category: 2,
    property_address: "1200 Congress Avenue",
    property_city: "Austin",
    property_zip: "78701",
    property_price: "250000",
    full_name: "Fuzz Owner",
    email_address: "fuzz.owner@example.org",
    property_number: "5125550147",
    preferred_contact_method: "Phone",
    price: "",
    exam: [{ question: "How many units?", answer: ["5-10 units"] }],
  },
  "agent/save": { company_name: "Fuzz Property Co", email: "fuzz@example.org", country_code: 1, mobile: "5125550147" },
  "contact/save": { name: "Fuzz Owner", email: "fuzz@example.org", mobile: "", message: "Hello", agent_id: 0 },
  "newsletter/save": { email_address: "fuzz.reader@example.org" },
  "newsletter/confirm": { token: "AAAAAAAAAAAAAAAAAAAAAA" },
  "lead/withdraw": { token: "AAAAAAAAAAAAAAAAAAAAAA" },
  "lead/confirm": { token: "AAAAAAAAAAAAAAAAAAAAAA", references: ["MG-AAAAAAAA"] },
  "lead/recipients": { token: "AAAAAAAAAAAAAAAAAAAAAA", agent_ids: [1] },
  "proposal/save": { token: "AAAAAAAAAAAAAAAAAAAAAA", save_key: "fuzz-save-key-1", management_percent: 8, contract_months: 12, start_date: "2027-01-01", services: ["rent_collection"] },
  "request/decide": { token: "AAAAAAAAAAAAAAAAAAAAAA", agent_id: 1, decision: "accept", revision: 1 },
  "proposal/get": { token: "AAAAAAAAAAAAAAAAAAAAAA" },
  "request/proposals": { token: "AAAAAAAAAAAAAAAAAAAAAA" },
  "outbox/search": { search: "example.org", limit: 5 },
  "e2e/cleanup": { domain: "fuzz.example.org" },
};

/** The field names each call's request schema declares, plus those of its valid body. */
const FIELD_NAMES: Record<string, string[]> = Object.fromEntries(
  CALL_NAMES.map((call) => {
    const shape = (contract[call].request as unknown as { shape?: Record<string, unknown> }).shape ?? {};
    return [call, [...new Set([...Object.keys(shape), ...Object.keys(VALID_BODIES[call])])]];
  }),
);

const JSON_TYPE = "application/json";

/** One of a call's fields; a call without fields (laws/topics) gets one it does not know, and ignores. */
const fieldOf = (call: CallName) => fc.constantFrom(...(FIELD_NAMES[call].length ? FIELD_NAMES[call] : ["unknown_field"]));
const callName = fc.constantFrom(...CALL_NAMES);

/** Values of the wrong type, or of the right type with a wrong value, for any field. */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
  fc.constantFrom(
    "",
    " ",
    "0",
    "-1",
    "1e309",
    "NaN",
    "Email",
    "Select",
    "Featured",
    "Full",
    "TX",
    "78701",
    "5125550147",
    "a@b.co",
    "<script>alert(1)</script>",
    "'; drop table leads; --",
    "../../etc/passwd",
    "%00",
    "\u0000",
    "\uD800",
    -0,
    2_147_483_648,
    Number.MAX_SAFE_INTEGER,
    1.5,
    [],
    {},
    [[]],
    JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}') as unknown,
  ),
);

/** JSON text of anything fc.anything() makes: big integers become numbers JSON cannot hold exactly. */
function toJsonText(value: unknown): string {
  const text = JSON.stringify(value, (_key, item: unknown) => (typeof item === "bigint" ? `__big__${item}` : item)) ?? "null";
  return text.replace(/"__big__(-?\d+)"/g, "$1");
}

const randomJson = fc.record({
  kind: fc.constant("random JSON"),
  call: callName,
  body: fc.jsonValue({ maxDepth: 5 }).map((value) => JSON.stringify(value)),
});

const anythingAsJson = fc.record({
  kind: fc.constant("anything as JSON"),
  call: callName,
  body: fc
    .anything({ maxDepth: 4, withBoxedValues: true, withNullPrototype: true, withSparseArray: true, withDate: true, withBigInt: true })
    .map(toJsonText),
});

/** The call's own field names, each present or not, with values of the wrong type. */
const wrongTypes = callName.chain((call) =>
  fc.record({
    kind: fc.constant("fields with wrong types"),
    call: fc.constant(call),
    body: fc
      .record(Object.fromEntries(FIELD_NAMES[call].map((field) => [field, wrongValue])), { requiredKeys: [] })
      .map((fields) => JSON.stringify(fields)),
  }),
);

/** A valid body with one field replaced, removed, or an unknown one added. */
const nearValid = callName.chain((call) =>
  fc.record({
    kind: fc.constant("one broken field"),
    call: fc.constant(call),
    body: fc
      .tuple(fc.constantFrom(...FIELD_NAMES[call], "unknown_field"), fc.oneof(wrongValue, fc.constant(undefined)))
      .map(([field, value]) => JSON.stringify({ ...VALID_BODIES[call], [field]: value })),
  }),
);

/** Strings from 1 KB to 40 KB, some in multi-byte characters: near and over the 16 KiB limit. */
const hugeString = callName.chain((call) =>
  fc.record({
    kind: fc.constant("huge string"),
    call: fc.constant(call),
    body: fc
      .tuple(fieldOf(call), fc.integer({ min: 1_000, max: 40_000 }), fc.constantFrom("a", "é", "😀", "\\", '"', "<"))
      .map(([field, length, unit]) => JSON.stringify({ ...VALID_BODIES[call], [field]: unit.repeat(Math.ceil(length / unit.length)) })),
  }),
);

/**
 * A valid body whose one text field carries control characters (NUL above all: PostgreSQL
 * refuses it in text) or is a little or a lot longer than its limit.
 */
const controlCharacters = callName.chain((call) =>
  fc.record({
    kind: fc.constant("control characters or long text"),
    call: fc.constant(call),
    body: fc
      .tuple(
        fieldOf(call),
        fc.oneof(
          fc.constantFrom("\u0000", "a\u0000b", "\u0001\u0002", "x\u001bx", "\u007f", "\u0085", "line\rbreak", "tab\there", "%00"),
          fc.stringMatching(/^[a-z]{1,5}$/).map((text) => `${text}\u0000${text}`),
          fc.integer({ min: 90, max: 6_000 }).map((length) => "n".repeat(length)),
          fc.integer({ min: 250, max: 400 }).map((length) => `${"a".repeat(length)}@example.org`),
        ),
      )
      .map(([field, value]) => JSON.stringify({ ...VALID_BODIES[call], [field]: value })),
  }),
);

/** Arrays or objects nested up to 6,000 levels, as the body or as one field. */
const deepNesting = callName.chain((call) =>
  fc.record({
    kind: fc.constant("deep nesting"),
    call: fc.constant(call),
    body: fc
      .tuple(fc.integer({ min: 20, max: 6_000 }), fc.boolean(), fc.option(fieldOf(call)))
      .map(([depth, asArrays, field]) => {
        const nested = asArrays ? `${"[".repeat(depth)}1${"]".repeat(depth)}` : `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
        return field ? `{"${field}":${nested}}` : nested;
      }),
  }),
);

/** Text that is not JSON: broken, truncated, empty, or not even UTF-8. */
const notJson = fc.record({
  kind: fc.constant("invalid JSON"),
  call: callName,
  body: fc.oneof(
    fc.string({ maxLength: 200 }),
    fc.constantFrom("", " ", "{", "}", "[", "{\"page_id\":}", "{'page_id':1}", "{\"a\":1,}", "undefined", "NaN", "{\"a\":01}", "\uFEFF{\"page_id\":1}", "{\"a\":\"\\x41\"}"),
    fc.tuple(callName, fc.nat()).map(([call, cut]) => {
      const text = JSON.stringify(VALID_BODIES[call]);
      return text.slice(0, cut % text.length);
    }),
    fc.uint8Array({ minLength: 1, maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
  ),
});

/** A body that may well be valid, sent with a content type that is not JSON, or none. */
const wrongContentType = fc.record({
  kind: fc.constant("wrong content type"),
  call: callName,
  contentType: fc.constantFrom(
    null,
    "",
    "text/plain",
    "text/json",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=fuzz",
    "application/xml",
    "application/jsonx",
    "APPLICATION/JSON",
    "application/json; charset=iso-8859-1",
    "application/json-patch+json",
    "*/*",
  ),
}).chain(({ kind, call, contentType }) =>
  fc.record({
    kind: fc.constant(kind),
    call: fc.constant(call),
    contentType: fc.constant(contentType),
    body: fc.oneof(fc.constant(JSON.stringify(VALID_BODIES[call as CallName])), fc.constant("page_id=1&type=Featured"), fc.string({ maxLength: 50 })),
  }),
);

/** Another method than POST, or a call that does not exist. */
const wrongRoute = fc.oneof(
  fc.record({
    kind: fc.constant("wrong method"),
    call: callName,
    method: fc.constantFrom("GET", "PUT", "PATCH", "DELETE"),
    body: fc.constant(""),
  }),
  fc.record({
    kind: fc.constant("unknown call"),
    call: fc.constantFrom("nope", "page", "page/get/extra", "lead/save/1", "PAGE/GET", "lead", "agents/list/x", "revalidate/now"),
    body: fc.constant("{}"),
  }),
);

export const malformedRequest: fc.Arbitrary<FuzzRequest> = fc
  .oneof(
    { arbitrary: randomJson, weight: 3 },
    { arbitrary: anythingAsJson, weight: 2 },
    { arbitrary: wrongTypes, weight: 4 },
    { arbitrary: nearValid, weight: 5 },
    { arbitrary: hugeString, weight: 1 },
    { arbitrary: controlCharacters, weight: 3 },
    { arbitrary: deepNesting, weight: 1 },
    { arbitrary: notJson, weight: 2 },
    { arbitrary: wrongContentType, weight: 1 },
    { arbitrary: wrongRoute, weight: 1 },
  )
  .map((request) => ({
    method: "POST",
    contentType: JSON_TYPE,
    ...request,
  }));
