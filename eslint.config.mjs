import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

/**
 * The layers of DESIGN.md section 1; imports only point down:
 *   floor (lib/contract with the site's constants and URL shapes, lib/env.ts, lib/sanitize.ts)
 *   → lib/db → lib/service → lib/api, lib/lead-form, lib/seo → components → app,
 * with lib/server and lib/cli (the production server and the command-line tools) on top beside
 * app. Pages and components reach data only through the service (lib/api), never lib/db or
 * lib/service directly. Tests may cross layers to set up what they check, with test-support.
 */
const FLOOR = ["lib/contract", "lib/env.ts", "lib/sanitize.ts"];
const ABOVE_SERVICE = ["lib/api", "lib/lead-form", "lib/seo", "components", "app", "lib/server", "lib/cli"];
const TOP = ["app", "lib/server", "lib/cli"];

const layerZones = [
  // The floor imports nothing of the app.
  ...FLOOR.map((target) => ({
    target,
    from: ["lib/db", "lib/service", ...ABOVE_SERVICE, ...FLOOR.filter((other) => other !== target)],
    message: "The floor (contract, env, sanitize) imports nothing of the app above it.",
  })),
  { target: "lib/db", from: ["lib/service", ...ABOVE_SERVICE], message: "lib/db sits under the service: it may import only the floor." },
  { target: "lib/service", from: ABOVE_SERVICE, message: "lib/service may import lib/db and the floor, nothing above it." },
  ...["lib/api", "lib/lead-form", "lib/seo"].map((target) => ({
    target,
    from: ["components", ...TOP, "lib/db"],
    message: "Clients and browser helpers sit under components and app, and reach data through the service.",
  })),
  // Code that runs in the browser never loads the service or the database (there is no
  // "server-only" guard in lib/db and lib/service: the production server imports them outside
  // Next.js, where that guard throws; this rule is the guard).
  ...["lib/api/browser.ts", "lib/lead-form", "lib/seo"].map((target) => ({
    target,
    from: ["lib/service"],
    message: "Browser code reaches the service only through POST /api/<call> (lib/api/browser.ts).",
  })),
  { target: "components", from: [...TOP, "lib/db", "lib/service"], message: "Components reach data through lib/api, and import nothing of app." },
  { target: "app", from: ["lib/db", "lib/server", "lib/cli"], message: "Routes reach data through the service (lib/api or the service's door)." },
  // The tests' shared set-up (test databases, the test service, an SMTP receiver) never ships.
  {
    target: [...FLOOR, "lib/db", "lib/service", ...ABOVE_SERVICE],
    from: ["test-support"],
    message: "test-support is for tests (*.test.ts, e2e/): shipped code never imports it.",
  },
];

/**
 * One home per URL shape: pages and components build every address with
 * lib/contract/routes.ts, never a literal. The selectors catch a literal site path as an href or a
 * crumb's path, a string naming one of the site's routes, and a template literal that starts one.
 */
const ROUTE_PREFIX = "(agents?|laws?|blogs?|search|search-two|search-three|search-four|search-five|preview|thank-you|faqs|resources|managers|compare|requests|newsletter|about-us|contact-us|our-mission|career|resource-center|my-client-center|property-management|limited-use-disclosure|privacy-policy|acceptable-use-policy|api)";
const ROUTE_MESSAGE = "Build site addresses with lib/contract/routes.ts (PATHS, STEP_PATHS, cityPath…), never as literals.";
/** A sentence said to a visitor (or to staff) is imported from lib/contract/messages.ts (proposal-messages.ts, staff.ts), never written in place. */
const SENTENCE_MESSAGE =
  "A sentence said to a visitor lives in lib/contract/messages.ts (about proposals, lib/contract/proposal-messages.ts; in a page's own text, lib/contract/page-messages.ts; to staff, lib/contract/staff.ts or workspace-messages.ts; in an email, lib/contract/email-copy.ts): import it.";
const visitorSentences = [
  { selector: "Literal[value=/^[A-Z][^\\n]* [^\\n]*[.!?]$/]", message: SENTENCE_MESSAGE },
  { selector: "TemplateElement[value.raw=/^[A-Z][^\\n]* [^\\n]*[.!?]$/]", message: SENTENCE_MESSAGE },
];

/**
 * A sentence written as JSX text is a sentence too. A JSX text is read as one when it has one of
 * three shapes (a heading, a label or a button has none of them):
 *   - three words or more that end a sentence: <p>No managers to compare yet.</p>, {n} pages of this kind.
 *   - one sentence ending and the next beginning: We could not load this page. Please try again
 *   - the end of a sentence of three words or more that an element or an expression interrupts:
 *     Type a ZIP code … or <a>browse by state and city</a>.
 * Page copy that is not a message (legal lines, attributions) stays where it is: its file is in
 * STATIC_PROSE below, which reads its literals but not its JSX text.
 */
const jsxSentences = [
  { selector: "JSXText[value=/\\S\\s+\\S+\\s+\\S+[.!?]\\s*$/]", message: SENTENCE_MESSAGE },
  { selector: "JSXText[value=/[.!?:]\\s+[A-Z]/]", message: SENTENCE_MESSAGE },
  { selector: "JSXText[value=/^\\s*[A-Z]\\S*(\\s+\\S+){2,}/] ~ JSXText[value=/^[.!?]/]", message: SENTENCE_MESSAGE },
];

/** The homes of sentences: the lint reads no sentence in them. */
const MESSAGE_HOMES = [
  "lib/contract/messages.ts",
  "lib/contract/lead-messages.ts",
  "lib/contract/proposal-messages.ts",
  "lib/contract/operator-messages.ts",
  "lib/contract/listing-messages.ts",
  "lib/contract/redirect-messages.ts",
  "lib/contract/outbox-search-messages.ts",
  "lib/contract/e2e-cleanup-messages.ts",
  "lib/contract/page-messages.ts",
  "lib/contract/workspace-messages.ts",
  "lib/contract/email-copy.ts",
  "lib/contract/staff.ts",
  "lib/contract/staff-csv.ts",
  "lib/contract/law-topics.ts",
  "lib/contract/site.ts",
  "lib/contract/seo-text.ts",
  "lib/contract/seo-audit.ts",
];

/**
 * Static prose whose JSX text is page copy, not a message about the visitor: the footer's
 * copyright line and the data sources' attribution (the README's Data sources, as the law asks).
 */
const STATIC_PROSE = ["components/layout/SiteFooter.tsx"];

const literalRoutes = [
  { selector: `Literal[value=/^\\/${ROUTE_PREFIX}(\\/|\\?|#|$)/]`, message: ROUTE_MESSAGE },
  { selector: `TemplateElement[value.raw=/^\\/${ROUTE_PREFIX}(\\/|\\?|#|$)/]`, message: ROUTE_MESSAGE },
  { selector: "JSXAttribute[name.name='href'] > Literal[value=/^\\//]", message: ROUTE_MESSAGE },
  { selector: "Property[key.name=/^(href|path)$/] > Literal[value=/^\\//]", message: ROUTE_MESSAGE },
];

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([".next/**", ".next-*/**", "node_modules/**", "test-results/**", "playwright-report/**", "next-env.d.ts", ".bench/**", ".data/**", ".stryker-tmp*/**", "reports/**"]),
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
    },
  },
  {
    files: ["lib/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "app/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: { "import/no-restricted-paths": ["error", { basePath: import.meta.dirname, zones: layerZones }] },
  },
  {
    // One home per rule: what the contract and the service say to a visitor about their input or
    // their request is a sentence of lib/contract/messages.ts (about proposals, proposal-messages.ts), imported (what the workspace says to
    // staff, of lib/contract/staff.ts; what an email says, of lib/contract/email-copy.ts). Page copy, such
    // as a law page's text or a search appearance's words, is not a message and stays in its own module.
    // Pages, components, the production server and the command-line tools too.
    files: ["lib/contract/**/*.ts", "lib/service/**/*.ts", "lib/api/**/*.ts", "lib/lead-form/**/*.ts", "lib/server/**/*.ts", "lib/cli/**/*.ts"],
    ignores: ["**/*.test.ts", ...MESSAGE_HOMES, "lib/service/law-document.ts"],
    rules: {
      "no-restricted-syntax": ["error", ...visitorSentences],
    },
  },
  {
    files: ["components/**/*.{ts,tsx}", "app/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    // The route rule and the sentence rule in one list: a later no-restricted-syntax replaces an earlier one.
    rules: { "no-restricted-syntax": ["error", ...literalRoutes, ...visitorSentences, ...jsxSentences] },
  },
  {
    files: STATIC_PROSE,
    rules: { "no-restricted-syntax": ["error", ...literalRoutes, ...visitorSentences] },
  },
  {
    // Short functions: no shipped function over 80 lines.
    files: ["lib/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "app/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts", "**/*.test.tsx", "test-support/**"],
    rules: { "max-lines-per-function": ["error", { max: 80 }] },
  },
  {
    // No import circles among shipped modules (types included): a module and what it imports
    // never import it back, so each layer reads from the bottom up.
    files: ["lib/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "app/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts", "**/*.test.tsx", "test-support/**"],
    rules: { "import/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    // Next.js's internals have one home: lib/server/next-internals.ts, whose test fails when an
    // upgrade changes what the site relies on. Shipped code imports them from there.
    files: ["lib/**/*.{ts,tsx,mjs}", "components/**/*.{ts,tsx}", "app/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts", "**/*.test.tsx", "lib/server/next-internals.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["next/dist/*"], message: "Next.js's internals are reached through lib/server/next-internals.ts (checked by its test on every upgrade): add what you need there." }] },
      ],
    },
  },
  {
    // The end-to-end tests write the words they expect, as the spec fixes them (or as the page
    // shows them), instead of importing the app's own copy: a typo in that copy then fails them.
    files: ["e2e/**/*.spec.ts", "e2e/pages/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/lib/contract/*messages*", "@/lib/contract/*messages*"],
              message: "Tests write the words they expect (from the spec), so a typo in the app's copy fails them.",
            },
            {
              group: ["**/lib/contract/law-topics", "@/lib/contract/law-topics"],
              importNames: ["LEGAL_NOTICE", "UNVERIFIED_TEXT"],
              message: "Tests write the words they expect (from the spec), so a typo in the app's copy fails them.",
            },
            {
              group: ["**/lib/contract/managers-csv", "@/lib/contract/managers-csv"],
              importNames: ["IMPORT_WORDS", "SAMPLE_WORDS"],
              message: "Tests write the words they expect (from the spec), so a typo in the app's copy fails them.",
            },
          ],
        },
      ],
    },
  },
  {
    // Migrations are frozen in time and typed on Kysely<any>, not on today's schema.
    files: ["lib/db/migrations/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
]);
