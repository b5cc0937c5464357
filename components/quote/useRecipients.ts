"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { browserApi } from "@/lib/api/browser";
import { RECIPIENTS } from "@/lib/contract/messages";
import { ApiError } from "@/lib/contract/errors";
import type { AnyCallResponse, ServingAgent } from "@/lib/contract";
import { readSelectedAgents, saveSelectedAgents } from "@/lib/lead-form/storage";

type Match = AnyCallResponse<"agents/match">;

export type RecipientsState =
  | { status: "loading" }
  | { status: "error"; message: string }
  | {
      status: "ready";
      matches: ServingAgent[];
      total: number;
      rule: string;
      place: Match["place"];
      selected: number[];
      /** Managers the owner chose before (on /compare) who do not serve this ZIP for this type. */
      notServing: { agent_id: number; company_name: string }[];
    };

/** One fetch per ZIP and category for the page's life: /preview's form and the modal share it. */
const fetched = new Map<string, Promise<Match>>();
const CHANGED = "managely:selected-agents";

/**
 * The matches, with the managers the owner chose before (`chosen`, from /compare) listed when they
 * serve the ZIP and named when they do not.
 */
function fetchMatches(zip: string, category: number, chosen: readonly number[]): Promise<Match> {
  const key = `${zip}|${category}|${chosen.join(",")}`;
  let promise = fetched.get(key);
  if (!promise) {
    promise = browserApi.call("agents/match", { property_zip: zip, property_category: category as 1 | 2 | 3 | 8, ...(chosen.length > 0 ? { agent_ids: [...chosen] } : {}) });
    promise.catch(() => fetched.delete(key)); // a failure is tried again next time
    fetched.set(key, promise);
  }
  return promise;
}

/**
 * Who is ticked: the owner's stored choice (selected_agents) kept to the managers that serve this
 * ZIP and category; the first three when nothing is stored, or when none of the stored ids serve
 * here any more (the owner changed the ZIP or the type). An empty stored list is a choice too.
 */
function initialSelection(stored: number[] | null, matchIds: number[]): number[] {
  const defaults = matchIds.slice(0, RECIPIENTS.max);
  if (stored === null) return defaults;
  const kept = stored.filter((id) => matchIds.includes(id)).slice(0, RECIPIENTS.max);
  return stored.length > 0 && kept.length === 0 ? defaults : kept;
}

/**
 * The managers the owner may send the request to (agents/match) and the ones ticked, kept in
 * localStorage under selected_agents; every instance on the page follows the same choice.
 */
export function useRecipients(zip: string, category: number | null) {
  const [state, setState] = useState<RecipientsState>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  // What the owner had chosen when the step opened (the managers compared on /compare, say).
  const chosen = useRef<number[] | null>(null);

  useEffect(() => {
    if (!category) return;
    let current = true;
    chosen.current ??= readSelectedAgents() ?? [];
    fetchMatches(zip.trim(), category, chosen.current).then(
      (match) => {
        if (!current) return;
        const ids = match.agents.map((agent) => agent.agent_id);
        const selected = initialSelection(readSelectedAgents(), ids);
        saveSelectedAgents(selected);
        setState({ status: "ready", matches: match.agents, total: match.total, rule: match.rule, place: match.place, selected, notServing: match.not_serving ?? [] });
      },
      (error: unknown) => {
        // A ZIP the service finds malformed says so; anything else is "could not load".
        if (current) setState({ status: "error", message: error instanceof ApiError && error.status === 400 ? error.message : RECIPIENTS.unavailable });
      },
    );
    return () => {
      current = false;
    };
  }, [zip, category, attempt]);

  // Another instance (the modal, or the review form) changed the choice.
  useEffect(() => {
    const follow = () =>
      setState((previous) =>
        previous.status === "ready" ? { ...previous, selected: initialSelection(readSelectedAgents(), previous.matches.map((agent) => agent.agent_id)) } : previous,
      );
    window.addEventListener(CHANGED, follow);
    return () => window.removeEventListener(CHANGED, follow);
  }, []);

  const toggle = useCallback((id: number, checked: boolean) => {
    setState((previous) => {
      if (previous.status !== "ready") return previous;
      const without = previous.selected.filter((selected) => selected !== id);
      const selected = checked && without.length < RECIPIENTS.max ? [...without, id] : without;
      // In the order of the list, so the sentence names them as they are shown.
      const ordered = previous.matches.map((agent) => agent.agent_id).filter((agentId) => selected.includes(agentId));
      saveSelectedAgents(ordered);
      queueMicrotask(() => window.dispatchEvent(new Event(CHANGED)));
      return { ...previous, selected: ordered };
    });
  }, []);

  const retry = useCallback(() => {
    setState({ status: "loading" });
    setAttempt((count) => count + 1);
  }, []);

  return { state, toggle, retry };
}

/** The chosen managers, in list order. */
export function chosenAgents(state: RecipientsState): ServingAgent[] {
  if (state.status !== "ready") return [];
  return state.matches.filter((agent) => state.selected.includes(agent.agent_id));
}
