import { useId } from "react";

/**
 * A field people never see or reach; bots that fill every input fill it too, and the service
 * then answers success without storing anything.
 */
export function HoneypotField({ value, onChange }: { value: string; onChange: (event: React.ChangeEvent<HTMLInputElement>) => void }) {
  const id = useId();
  return (
    <div className="form-trap" aria-hidden="true">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} name="website" type="text" tabIndex={-1} autoComplete="off" value={value} onChange={onChange} />
    </div>
  );
}
