"use client";

import { useRef, useState } from "react";
import { useRouter } from "next/navigation";
import type { CostAssumption, Fees, StoredProposal } from "@/lib/contract";
import { PROPOSAL } from "@/lib/contract/proposal-messages";
import { proposalFirstYear, type FirstYearTerms } from "@/lib/contract/proposals";
import { formatDollars } from "@/lib/contract/fees";
import { MANAGER_SERVICES } from "@/lib/contract/site";
import { formControl, useSave } from "@/components/forms/useSave";

const newSaveKey = () => `save_${crypto.randomUUID().replace(/-/g, "")}`;

/** "" → null (not charged); anything else a number (the service refuses what is not one). */
const amountOf = (value: FormDataEntryValue | null) => {
  const text = String(value ?? "").trim();
  return text === "" ? null : Number(text);
};

const field = (value: number | null | undefined) => (value === null || value === undefined ? "" : String(value));

/** Where the form starts: the proposal as saved, else the listing's own fees and services. */
type Start = Pick<StoredProposal, "management_percent" | "management_flat" | "leasing_percent" | "setup_fee" | "renewal_fee" | "maintenance_markup_percent" | "services">;
export type ListingProfile = { fees: Fees; services: string[] } | null;

function startingTerms(proposal: StoredProposal | null, profile: ListingProfile): Start | null {
  if (proposal) return proposal;
  if (!profile) return null;
  const { fees } = profile;
  const offered = new Set<string>(MANAGER_SERVICES.map((service) => service.key));
  return {
    management_percent: fees.management_percent,
    management_flat: fees.management_percent === null ? fees.management_flat : null,
    leasing_percent: fees.leasing_percent,
    setup_fee: fees.setup_fee,
    renewal_fee: fees.renewal_fee,
    maintenance_markup_percent: fees.maintenance_markup_percent,
    services: profile.services.filter((key) => offered.has(key)) as Start["services"],
  };
}

/** The owner's first-year cost for these terms, as their comparison will show it ("" without a management fee). */
function ownerFigure(terms: FirstYearTerms | null, { rent, units }: CostAssumption): string {
  if (!terms || (terms.management_percent === null && terms.management_flat === null)) return "";
  return PROPOSAL.ownerFirstYear(formatDollars(proposalFirstYear(terms, rent, units).total), PROPOSAL.atRent(formatDollars(rent), units));
}

/** The terms the form holds now; a field that is not a number counts as empty (saving says what is wrong). */
function termsInForm(form: HTMLFormElement | null, kind: "percent" | "flat"): FirstYearTerms | null {
  if (!form) return null;
  const data = new FormData(form);
  const amount = (name: string) => {
    const value = amountOf(data.get(name));
    return value !== null && Number.isFinite(value) ? value : null;
  };
  const management = amount("management_amount");
  return {
    management_percent: kind === "percent" ? management : null,
    management_flat: kind === "flat" ? management : null,
    leasing_percent: amount("leasing_percent"),
    setup_fee: amount("setup_fee"),
  };
}

/**
 * The manager's proposal, in the directory's own fee fields. Each press sends
 * proposal/save with a key of its own, kept until it succeeds, so a retry after a lost answer is
 * stored once; the page then shows the saved version.
 */
type FormProps = { token: string; proposal: StoredProposal | null; profile: ListingProfile; assumption: CostAssumption; today: string; onSaved?: () => void };

export function ProposalForm({ token, proposal, profile, assumption, today, onSaved }: FormProps) {
  const router = useRouter();
  const form = useRef<HTMLFormElement>(null);
  const saveKey = useRef<string>(newSaveKey());
  const { pending, save } = useSave("proposal/save");
  const start = startingTerms(proposal, profile);
  const [kind, setKind] = useState<"percent" | "flat">(start?.management_flat !== null && start?.management_flat !== undefined ? "flat" : "percent");
  const [status, setStatus] = useState("");
  const [figure, setFigure] = useState(() => ownerFigure(start, assumption));
  const refigure = (nextKind = kind) => setFigure(ownerFigure(termsInForm(form.current, nextKind), assumption));

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
    <form ref={form} className="proposal-form" onSubmit={submit} onInput={() => refigure()} noValidate>
      {!proposal && start && <p className="proposal-form__hint">{PROPOSAL.fromProfile}</p>}
      <ManagementFee
        kind={kind}
        onKind={(next) => {
          setKind(next);
          refigure(next);
        }}
        start={start}
      />

      <TermsGrid start={start} proposal={proposal} today={today} />

      <ServicesField chosen={start?.services ?? []} />

      <label className="proposal-form__field">
        <span>{PROPOSAL.labels.message}</span>
        <textarea name="message" rows={4} maxLength={1000} defaultValue={proposal?.message ?? ""} />
      </label>

      <p className="proposal-form__figure" aria-live="polite">
        {figure}
      </p>
      <button type="submit" className="button" disabled={pending}>
        {pending ? PROPOSAL.pending : proposal ? PROPOSAL.update : PROPOSAL.save}
      </button>
      <p className="proposal-form__status" role="status">
        {status}
      </p>
    </form>
  );
}

/** The other fees, the term and the start date. */
function TermsGrid({ start, proposal, today }: { start: Start | null; proposal: StoredProposal | null; today: string }) {
  return (
    <>
      <p className="proposal-form__hint">{PROPOSAL.optionalNote}</p>
      <div className="proposal-form__grid">
        <NumberField name="leasing_percent" label={PROPOSAL.labels.leasingPercent} value={start?.leasing_percent} />
        <NumberField name="setup_fee" label={PROPOSAL.labels.setupFee} value={start?.setup_fee} />
        <NumberField name="renewal_fee" label={PROPOSAL.labels.renewalFee} value={start?.renewal_fee} />
        <NumberField name="maintenance_markup_percent" label={PROPOSAL.labels.maintenanceMarkup} value={start?.maintenance_markup_percent} />
        <label className="proposal-form__field">
          <span>{PROPOSAL.labels.contractMonths}</span>
          <input name="contract_months" inputMode="numeric" required defaultValue={field(proposal?.contract_months ?? 12)} />
        </label>
        <label className="proposal-form__field">
          <span>{PROPOSAL.labels.startDate}</span>
          <input name="start_date" type="date" min={today} required defaultValue={proposal?.start_date ?? ""} />
        </label>
      </div>
    </>
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

function ManagementFee({ kind, onKind, start }: { kind: "percent" | "flat"; onKind: (kind: "percent" | "flat") => void; start: Start | null }) {
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
        <input name="management_amount" inputMode="decimal" required defaultValue={field(start?.management_percent ?? start?.management_flat)} />
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
