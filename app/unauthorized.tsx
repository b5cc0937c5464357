import { PATHS } from "@/lib/contract/routes";

/**
 * 401 outside the workspace (which has its own, its sign-in). Small and built once, for the same
 * reason as not-found.tsx: with authInterrupts on, Next.js sends this tree with every page.
 */
const PAGE = (
  <main id="main" className="not-found">
    <div className="container not-found__inner">
      <h1>Please sign in to open this page</h1>
      <p>
        <a href={PATHS.home}>Go to the home page</a>
      </p>
    </div>
  </main>
);

export default function Unauthorized() {
  return PAGE;
}
