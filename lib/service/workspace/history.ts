import type { SeoLiveRow, SeoRevisionRow } from "../../db/schema";
import { listRevisionsByIds } from "../../db/queries/workspace";
import { EMPTY_PATTERN, RULE_FIELDS, patternOf, type SeoPattern } from "../../contract/seo-text";
import type { Db } from "../../db/schema";

/**
 * Both sides of each published change: the words its target had live before it (the revision it
 * replaced, `previous_revision_id`; none: the level below, a template or the default wording) and
 * the words it made live; whether it is the live revision now; and whether rolling it back would
 * change what is live (rollbackSeoRevision restores the words from before it).
 */
export type RevisionSides = {
  /** The words live before this revision; EMPTY_PATTERN when nothing was published before it. */
  before: SeoPattern;
  /** The words this revision made live. */
  after: SeoPattern;
  /** This revision is what its target serves now. */
  isLive: boolean;
  /** Rolling it back would put different words live (false: they are live already). */
  rollbackChangesLive: boolean;
};

const samePattern = (a: SeoPattern, b: SeoPattern) => RULE_FIELDS.every((field) => (a[field] ?? null) === (b[field] ?? null));

/** The words a rollback of `revision` would make live: those from before it. */
function wordsBefore(revision: SeoRevisionRow, previous: ReadonlyMap<number, SeoRevisionRow>): SeoPattern {
  const replaced = revision.previous_revision_id === null ? undefined : previous.get(revision.previous_revision_id);
  return replaced ? patternOf(replaced) : EMPTY_PATTERN;
}

/**
 * Whether rolling `revision` back would change what its target serves: not when the words from
 * before it are the live ones already (a revision rolled back before, or a publish that put the
 * same words back).
 */
export function canRollBack(revision: SeoRevisionRow, previous: ReadonlyMap<number, SeoRevisionRow>, live: SeoLiveRow | undefined): boolean {
  return !samePattern(wordsBefore(revision, previous), live ? patternOf(live) : EMPTY_PATTERN);
}

/** Each revision with its two sides, from the revisions it replaced and what is live per target. */
export function revisionSides<R extends SeoRevisionRow>(revisions: R[], previous: ReadonlyMap<number, SeoRevisionRow>, live: ReadonlyMap<string, SeoLiveRow>): Array<R & RevisionSides> {
  return revisions.map((revision) => {
    const now = live.get(revision.target);
    return {
      ...revision,
      before: wordsBefore(revision, previous),
      after: patternOf(revision),
      isLive: now?.revision_id === revision.id,
      rollbackChangesLive: canRollBack(revision, previous, now),
    };
  });
}

/** Reads the revisions these replaced (one query) and answers each with its two sides. */
export async function withSides<R extends SeoRevisionRow>(db: Db, revisions: R[], live: SeoLiveRow[]): Promise<Array<R & RevisionSides>> {
  const listed = new Map<number, SeoRevisionRow>(revisions.map((revision) => [revision.id, revision]));
  const missing = [...new Set(revisions.flatMap((revision) => (revision.previous_revision_id !== null && !listed.has(revision.previous_revision_id) ? [revision.previous_revision_id] : [])))];
  for (const row of await listRevisionsByIds(db, { ids: missing })) listed.set(row.id, row);
  return revisionSides(revisions, listed, new Map(live.map((row) => [row.target, row])));
}
