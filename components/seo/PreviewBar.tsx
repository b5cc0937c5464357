import { previewState } from "@/lib/api/seo";
import { SEO_KIND_LABELS } from "@/lib/contract/seo-text";
import { WORKSPACE_PATHS, workspacePagePath, workspaceTemplatePath } from "@/lib/contract/workspace-routes";
import "@/styles/preview-bar.css";
import { PREVIEW_BAR } from "@/lib/contract/workspace-messages";

/**
 * The bar every public page shows in draft mode: which draft the page shows and
 * whose, "Back to the editor" and "Exit preview"; or, once the preview shows no draft any more (the
 * staff session ended, the draft was published or discarded), that the page shows what is
 * published. Nothing at all outside draft mode, so visitors never see it. A server component: no
 * script, on a phone as on a desktop.
 */
export async function PreviewBar() {
  const state = await previewState();
  if (!state) return null;
  const { draft } = state;
  const editor = draft ? (draft.path === null ? workspaceTemplatePath(draft.kind) : workspacePagePath(draft.path)) : WORKSPACE_PATHS.home;
  return (
    <aside className="preview-bar" aria-label="Draft preview">
      <div className="container preview-bar__inner">
        <p className="preview-bar__text">
          {draft ? (
            <>
              <strong>{PREVIEW_BAR.draftTitle}</strong>{" "}
              {PREVIEW_BAR.draft(draft.id, draft.path === null ? PREVIEW_BAR.templateDraft(SEO_KIND_LABELS[draft.kind].toLowerCase()) : PREVIEW_BAR.pageDraft, draft.owner)}
            </>
          ) : (
            <>
              <strong>{PREVIEW_BAR.endedTitle}</strong> {PREVIEW_BAR.ended}
            </>
          )}
        </p>
        <p className="preview-bar__actions">
          <a href={editor}>Back to the editor</a>
          <a href={WORKSPACE_PATHS.previewExit}>Exit preview</a>
        </p>
      </div>
    </aside>
  );
}
