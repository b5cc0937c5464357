import { PATHS } from "@/lib/contract/routes";

/**
 * 403 outside the workspace (which has its own). Small and built once, for the same reason as
 * not-found.tsx: with authInterrupts on, Next.js sends this tree with every page, once per layout.
 */
const PAGE = (
  <main id="main" className="not-found">
    <div className="container not-found__inner">
      <h1>You cannot open this page</h1>
      <p>
        <a href={PATHS.home}>Go to the home page</a>
      </p>
    </div>
  </main>
);

export default function Forbidden() {
  return PAGE;
}
