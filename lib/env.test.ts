import fs from "node:fs";
import path from "node:path";
import { ENV_VARIABLES } from "./env";
import { codeIn, documentation, namesInCode, repositoryFiles } from "@/test-support/docs";

/**
 * The README's configuration table is the list of settings an operator reads: every variable
 * lib/env.ts reads has its row, and every row names a variable lib/env.ts reads.
 */
function configurationTable(readme: string): string[] {
  const start = readme.indexOf("\n## Configuration\n");
  const end = readme.indexOf("\n## ", start + 1);
  const section = readme.slice(start, end === -1 ? undefined : end);
  return section
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .flatMap((line) => [...line.split("|")[1].matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]));
}

describe("README configuration table", () => {
  const rows = configurationTable(fs.readFileSync(path.join(__dirname, "..", "README.md"), "utf8"));

  it("is found, one name a row at least", () => {
    expect(rows.length).toBeGreaterThan(20);
    expect(new Set(rows).size).toBe(rows.length);
  });

  it("lists every variable lib/env.ts reads", () => {
    expect(ENV_VARIABLES.filter((name) => !rows.includes(name))).toEqual([]);
  });

  it("lists only variables lib/env.ts reads", () => {
    expect(rows.filter((name) => !(ENV_VARIABLES as string[]).includes(name))).toEqual([]);
  });
});

/** Settings of the system, read by programs the site runs (Java for the HTML checker, the shell). */
const OUTSIDE = ["PATH", "JAVA_HOME"];

/**
 * The settings and constants a piece of code in the documentation names: `SMTP_URL`,
 * `RATE_LIMIT_PER_MINUTE=1000 npm start`, `SERP.phoneTitle`, `PORT`.
 */
function citedNames(code: string): string[] {
  const names = [...code.matchAll(/(?<![\w$.-])([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)(?![\w$])/g)].map((match) => match[1]);
  const whole = code.match(/^([A-Z][A-Z0-9]{2,})(?:\.[a-z]\w*)?$/);
  return whole ? [...names, whole[1]] : names;
}

describe("the names README.md and docs/ cite", () => {
  const files = repositoryFiles();
  const cited = documentation(files).flatMap(({ file, text }) => codeIn(text).flatMap((code) => citedNames(code).map((name) => ({ file, name }))));

  it("are found in README.md and docs/", () => {
    expect(new Set(cited.map(({ name }) => name)).size).toBeGreaterThan(50);
    expect(cited.some(({ file }) => file.startsWith("docs/"))).toBe(true);
  });

  it("are each a setting lib/env.ts reads, or a name the code (not a comment, not a test) has: PAGE_REVALIDATE_SECONDS, TEST_DATABASE_URL…", () => {
    const read = new Set<string>([...ENV_VARIABLES, ...OUTSIDE]);
    const known = new Set<string>([...read, ...namesInCode(files, new Set(cited.map(({ name }) => name).filter((name) => !read.has(name))))]);
    const unknown = cited.filter(({ name }) => !known.has(name)).map(({ file, name }) => `${file}: ${name}`);
    expect([...new Set(unknown)]).toEqual([]);
  });
});

describe("SOCIAL_PROFILES", () => {
  const read = (value: string | undefined) => {
    const saved = process.env.SOCIAL_PROFILES;
    if (value === undefined) delete process.env.SOCIAL_PROFILES;
    else process.env.SOCIAL_PROFILES = value;
    try {
      let profiles: string[] = [];
      jest.isolateModules(() => {
        profiles = (jest.requireActual("./env") as typeof import("./env")).socialProfiles();
      });
      return profiles;
    } finally {
      if (saved === undefined) delete process.env.SOCIAL_PROFILES;
      else process.env.SOCIAL_PROFILES = saved;
    }
  };

  it("is none by default", () => {
    expect(read(undefined)).toEqual([]);
    expect(read("")).toEqual([]);
  });

  it("is the comma-separated https URLs given, in order, spaces and empty entries dropped", () => {
    expect(read(" https://www.linkedin.com/company/example-co , https://mastodon.social/@example,")).toEqual([
      "https://www.linkedin.com/company/example-co",
      "https://mastodon.social/@example",
    ]);
  });

  it("refuses anything but https URLs, naming the setting", () => {
    expect(() => read("@managely")).toThrow(/SOCIAL_PROFILES/);
    expect(() => read("http://facebook.com/example")).toThrow(/SOCIAL_PROFILES/);
  });
});

describe("OPERATOR_NAME, OPERATOR_EMAIL (docs/operator-words.md)", () => {
  const NAMES = ["OPERATOR_NAME", "OPERATOR_EMAIL", "SITE_ADDRESS"] as const;
  const operatorWith = (values: Partial<Record<(typeof NAMES)[number], string>>) => {
    const saved = Object.fromEntries(NAMES.map((name) => [name, process.env[name]]));
    for (const name of NAMES) {
      if (values[name] === undefined) delete process.env[name];
      else process.env[name] = values[name];
    }
    try {
      let operator: ReturnType<typeof import("./env").configuredOperator> = null;
      jest.isolateModules(() => {
        operator = (jest.requireActual("./env") as typeof import("./env")).configuredOperator();
      });
      return operator;
    } finally {
      for (const name of NAMES) {
        if (saved[name] === undefined) delete process.env[name];
        else process.env[name] = saved[name];
      }
    }
  };
  const address = "Hill Country Listings LLC, 400 Congress Ave, Austin, TX 78701";

  it("is nobody by default: the sample site", () => {
    expect(operatorWith({})).toBeNull();
    expect(operatorWith({ SITE_ADDRESS: address })).toBeNull();
  });

  it("is the name and address given, with an address of the operator's own", () => {
    expect(operatorWith({ OPERATOR_NAME: " Hill Country Listings ", OPERATOR_EMAIL: "desk@hill.example.com", SITE_ADDRESS: address })).toEqual({
      name: "Hill Country Listings",
      email: "desk@hill.example.com",
    });
  });

  it("gives the operator's address in the footer and on the contact page unless SITE_CONTACT_EMAIL names another", () => {
    const contactEmail = (values: Record<string, string | undefined>) => {
      const saved = { ...process.env };
      Object.assign(process.env, { OPERATOR_NAME: "Hill Country Listings", OPERATOR_EMAIL: "desk@hill.example.com", SITE_ADDRESS: address }, values);
      for (const [name, value] of Object.entries(values)) if (value === undefined) delete process.env[name];
      try {
        let email = "";
        jest.isolateModules(() => {
          email = (jest.requireActual("./env") as typeof import("./env")).siteOperator().email;
        });
        return email;
      } finally {
        process.env = saved;
      }
    };
    expect(contactEmail({ SITE_CONTACT_EMAIL: undefined })).toBe("desk@hill.example.com");
    expect(contactEmail({ SITE_CONTACT_EMAIL: "hello@hill.example.com" })).toBe("hello@hill.example.com");
    expect(contactEmail({ SITE_CONTACT_EMAIL: undefined, OPERATOR_NAME: undefined, OPERATOR_EMAIL: undefined })).toBe("hello@managely.example.com");
  });

  it("stops the server, naming what is missing, when only some of it is set", () => {
    expect(() => operatorWith({ OPERATOR_NAME: "Hill Country Listings", SITE_ADDRESS: address })).toThrow(/missing: OPERATOR_EMAIL$/m);
    expect(() => operatorWith({ OPERATOR_EMAIL: "desk@hill.example.com", SITE_ADDRESS: address })).toThrow(/missing: OPERATOR_NAME$/m);
    expect(() => operatorWith({ OPERATOR_NAME: "Hill Country Listings", OPERATOR_EMAIL: "desk@hill.example.com" })).toThrow(/missing: SITE_ADDRESS$/m);
    expect(() => operatorWith({ OPERATOR_NAME: "Hill Country Listings", OPERATOR_EMAIL: "not an address", SITE_ADDRESS: address })).toThrow(/OPERATOR_EMAIL must be an email address/);
    expect(() => operatorWith({ OPERATOR_NAME: "<b>Listings</b>", OPERATOR_EMAIL: "desk@hill.example.com", SITE_ADDRESS: address })).toThrow(/OPERATOR_NAME must be plain text/);
  });
});
