/** @adobe/structured-data-validator ships no types: what e2e/structured-data.spec.ts uses of it. */
declare module "@adobe/structured-data-validator" {
  type Issue = { issueMessage: string; severity: "ERROR" | "WARNING"; rootType?: string; fieldNames?: string[] };
  export default class Validator {
    constructor(schemaOrgJson?: unknown);
    validate(data: { jsonld?: Record<string, unknown[]>; microdata?: Record<string, unknown[]>; rdfa?: Record<string, unknown[]>; errors?: unknown[] }): Promise<Issue[]>;
  }
}
