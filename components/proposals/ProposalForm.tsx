"use client";

import { useRef, useState } from "react";
import { useRouter } from "next/navigation";
import type { StoredProposal } from "@/lib/contract";
import { PROPOSAL } from "@/lib/contract/proposal-messages";
import { MANAGER_SERVICES } from "@/lib/contract/site";
import { formControl, useSave } from "@/components/forms/useSave";

const newSaveKey = () => `save_${crypto.randomUUID().replace(/-/g, "")}`;

/** "" → null (not charged); anything else a number (the service refuses what is not one). */
const amountOf = (value: FormDataEntryValue | null) => {
  const text = String(value ?? "").trim();
  return text === "" ? null : Number(text);
};

const field = (value: number | null | undefined) => (value === null || value === undefined ? "" : String(value));

/**
 * The manager's proposal, in the directory's own fee fields. Each press sends
 * proposal/save with a key of its own, kept until it succeeds, so a retry after a lost answer is
 * stored once; the page then shows the saved version.
 */
export function ProposalForm({ token, proposal, today, onSaved }: { token: string; proposal: StoredProposal | null; today: string; onSaved?: () => void }) {
  const router = useRouter();
  const form = useRef<HTMLFormElement>(null);
  const saveKey = useRef<string>(newSaveKey());
  const { pending, save } = useSave("proposal/save");
  const [kind, setKind] = useState<"percent" | "flat">(proposal?.management_flat !== null && proposal?.management_flat !== undefined ? "flat" : "percent");
  const [status, setStatus] = useState("");

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const management = amountOf(data.get("management_amount"));
    const answer = await save(
      {
        token,
        save_key: saveKey.current,
        management_percent: kind === "percent" ? management : null,
        management_flat: kind === "flat" ? management : null,
        leasing_percent: amountOf(data.get("leasing_percent")),
        setup_fee: amountOf(data.get("setup_fee")),
        renewal_fee: amountOf(data.get("renewal_fee")),
        maintenance_markup_percent: amountOf(data.get("maintenance_markup_percent")),
        contract_months: Number(String(data.get("contract_months") ?? "").trim() || Number.NaN),
        start_date: String(data.get("start_date") ?? ""),
        services: data.getAll("services").map(String) as never,
        message: String(data.get("message") ?? ""),
      },
      { successPopup: false, fieldElement: (name) => formControl(form.current, name === "management_percent" || name === "management_flat" ? "management_amount" : name) },
    );
    if (!answer) return;
    saveKey.current = newSaveKey();
    setStatus(answer.message);
    onSaved?.();
    router.refresh();
  }

  return (
    <form ref={form} className="proposal-form" onSubmit={submit} noValidate>
      <ManagementFee kind={kind} onKind={setKind} proposal={proposal} />

      <p className="proposal-form__hint">{PROPOSAL.optionalNote}</p>
      <div className="proposal-form__grid">
        <NumberField name="leasing_percent" label={PROPOSAL.labels.leasingPercent} value={proposal?.leasing_percent} />
        <NumberField name="setup_fee" label={PROPOSAL.labels.setupFee} value={proposal?.setup_fee} />
        <NumberField name="renewal_fee" label={PROPOSAL.labels.renewalFee} value={proposal?.renewal_fee} />
        <NumberField name="maintenance_markup_percent" label={PROPOSAL.labels.maintenanceMarkup} value={proposal?.maintenance_markup_percent} />
        <label className="proposal-form__field">
          <span>{PROPOSAL.labels.contractMonths}</span>
          <input name="contract_months" inputMode="numeric" required defaultValue={field(proposal?.contract_months ?? 12)} />
        </label>
        <label className="proposal-form__field">
          <span>{PROPOSAL.labels.startDate}</span>
          <input name="start_date" type="date" min={today} required defaultValue={proposal?.start_date ?? ""} />
        </label>
      </div>

      <ServicesField chosen={proposal?.services ?? []} />

      <label className="proposal-form__field">
        <span>{PROPOSAL.labels.message}</span>
        <textarea name="message" rows={4} maxLength={1000} defaultValue={proposal?.message ?? ""} />
      </label>

      <button type="submit" className="button" disabled={pending}>
        {pending ? PROPOSAL.pending : proposal ? PROPOSAL.update : PROPOSAL.save}
      </button>
      <p className="proposal-form__status" role="status">
        {status}
      </p>
    </form>
  );
}

function NumberField({ name, label, value }: { name: string; label: string; value: number | null | undefined }) {
  return (
    <label className="proposal-form__field">
      <span>{label}</span>
      <input name={name} inputMode="decimal" defaultValue={field(value)} />
    </label>
  );
}

function ManagementFee({ kind, onKind, proposal }: { kind: "percent" | "flat"; onKind: (kind: "percent" | "flat") => void; proposal: StoredProposal | null }) {
  return (
    <fieldset className="proposal-form__group">
      <legend>{PROPOSAL.labels.managementKind}</legend>
      <div className="proposal-form__choice">
        <label>
          <input type="radio" name="management_kind" value="percent" checked={kind === "percent"} onChange={() => onKind("percent")} /> {PROPOSAL.labels.managementPercent}
        </label>
        <label>
          <input type="radio" name="management_kind" value="flat" checked={kind === "flat"} onChange={() => onKind("flat")} /> {PROPOSAL.labels.managementFlat}
        </label>
      </div>
      <label className="proposal-form__field">
        <span>{kind === "percent" ? PROPOSAL.labels.managementPercentValue : PROPOSAL.labels.managementFlatValue}</span>
        <input name="management_amount" inputMode="decimal" required defaultValue={field(proposal?.management_percent ?? proposal?.management_flat)} />
      </label>
    </fieldset>
  );
}

function ServicesField({ chosen }: { chosen: readonly string[] }) {
  return (
    <fieldset className="proposal-form__group">
      <legend>{PROPOSAL.labels.services}</legend>
      <div className="proposal-form__services">
        {MANAGER_SERVICES.map((service) => (
          <label key={service.key}>
            <input type="checkbox" name="services" value={service.key} defaultChecked={chosen.includes(service.key)} /> {service.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
