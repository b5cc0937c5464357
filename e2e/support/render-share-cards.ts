/**
 * Renders the share cards (components/seo/ShareCard.tsx) with text full of characters their
 * font may lack, while fetch refuses everything, and prints what was fetched and the PNG sizes
 * as JSON. Run by components/seo/ShareCard.test.ts in a Node process of its own (next/og is an
 * ES module that Jest's CommonJS runtime cannot load).
 */
import { agentShareCard, blogShareCard } from "../../components/seo/ShareCard";
import type { Agent, Blog } from "../../lib/contract";

const fetched: string[] = [];
globalThis.fetch = (async (input: unknown) => {
  const url = String(input instanceof Request ? input.url : input);
  // next/og loads its own WebAssembly from data: URLs; anything else would leave the machine.
  if (!url.startsWith("data:")) fetched.push(url);
  throw new Error("offline");
}) as typeof fetch;

const every = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => String.fromCodePoint(from + index)).join("");
const hard = `${every(0x20, 0x24f)} ${every(0x2000, 0x206f)} 🏠 東京 Ωμέγα Привет ‐‑‒―`;

async function main() {
  const blog = { heading: hard, post_date: "2026-10-27" } as Blog;
  const agent = { company_name: hard, city: "Austin", state: "TX", category: hard } as Agent;
  const sizes: number[] = [];
  for (const card of [blogShareCard(blog), agentShareCard(agent)]) sizes.push((await card.arrayBuffer()).byteLength);
  console.log(JSON.stringify({ fetched, sizes }));
}

void main();
