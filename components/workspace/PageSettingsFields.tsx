import { PAGE_ADDRESS_MAX_LENGTH } from "@/lib/contract/page-settings";
import { robotsFlags, type PageSettings } from "@/lib/contract/seo-fields";
import { PAGE_SETTINGS_COPY } from "@/lib/contract/workspace-messages";

/**
 * One page's own settings in its draft form: the two robots switches, its canonical and its share
 * image (typed, or chosen from the images the site serves). Empty means the page as it is; the
 * workspace checks what is typed before it keeps it (lib/contract/page-settings.ts).
 */
export type PageSettingsFieldsProps = {
  values: PageSettings;
  /** The page's own address (the canonical's placeholder) and the site's origin. */
  url: string;
  origin: string;
  /** The images the site serves that a share card can show. */
  images: readonly string[];
};

export function PageSettingsFields({ values, url, origin, images }: PageSettingsFieldsProps) {
  const flags = robotsFlags(values.robots);
  return (
    <fieldset className="ws-page-settings">
      <legend>{PAGE_SETTINGS_COPY.legend}</legend>
      <label className="ws-check">
        <input type="checkbox" name="noindex" defaultChecked={flags.noindex} /> {PAGE_SETTINGS_COPY.noindexLabel}
      </label>
      <label className="ws-check">
        <input type="checkbox" name="nofollow" defaultChecked={flags.nofollow} /> {PAGE_SETTINGS_COPY.nofollowLabel}
      </label>
      <div className="field">
        <label htmlFor="draft-canonical">{PAGE_SETTINGS_COPY.canonicalLabel}</label>
        <input id="draft-canonical" name="canonical" defaultValue={values.canonical ?? ""} placeholder={url} maxLength={PAGE_ADDRESS_MAX_LENGTH} inputMode="url" autoComplete="off" />
      </div>
      <div className="field">
        <label htmlFor="draft-share-image">{PAGE_SETTINGS_COPY.shareImageLabel}</label>
        <input
          id="draft-share-image"
          name="share_image"
          defaultValue={values.share_image ?? ""}
          placeholder={PAGE_SETTINGS_COPY.shareImageDefault}
          list="draft-share-images"
          maxLength={PAGE_ADDRESS_MAX_LENGTH}
          autoComplete="off"
        />
        <datalist id="draft-share-images">
          {images.map((image) => (
            <option key={image} value={image} />
          ))}
        </datalist>
      </div>
      <p className="ws-hint">{PAGE_SETTINGS_COPY.emptyMeans(origin)}</p>
      <p className="ws-hint">{PAGE_SETTINGS_COPY.shareImageChoices(images.join(", "))}</p>
    </fieldset>
  );
}
