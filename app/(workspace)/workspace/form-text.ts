/**
 * A text field of a server action's form, "" when it is missing or not text. Anyone can post to
 * an action with any arguments (a JSON body instead of the form, nothing at all): what is not a
 * form reads as an empty one, so the action answers its own "invalid" message, never a 500.
 */
export function formText(formData: unknown, name: string): string {
  const value = formData instanceof FormData ? formData.get(name) : null;
  return typeof value === "string" ? value : "";
}
