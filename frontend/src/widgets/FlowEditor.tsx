// The bidding flow: an ordered list of steps, reorderable with buttons and by dragging.
import { useState } from "react";
import { useI18n } from "../lib/i18n";
import { moveItem, removeAt, replaceAt } from "../lib/list";
import type { FlowStep, ForfeitStep, GrabSoloStep, OfferThroneStep } from "../lib/model";
import { pathWithin } from "../lib/path";
import type { Problem } from "../lib/problems";
import { CheckInput, ItemButtons, NumInput, SelectInput } from "./inputs";
import { ProblemList } from "./doc";

export const STEP_KINDS = ["grab_solo", "offer_throne", "redeal", "forfeit", "void"] as const;

export function newStep(kind: (typeof STEP_KINDS)[number]): FlowStep {
  if (kind === "offer_throne") return { step: "offer_throne", rounds: 1, pass_to: "upstream", tip: "none" };
  if (kind === "grab_solo") return { step: "grab_solo" };
  if (kind === "forfeit") return { step: "forfeit", loser: -4, others: 1 };
  if (kind === "void") return { step: "void" };
  return { step: "redeal" };
}

// 弃皇者负: the points of the one who first gave up the throne and of each other player.
function ForfeitForm({ step, onChange }: { step: ForfeitStep; onChange: (s: FlowStep) => void }) {
  const { t } = useI18n();
  return (
    <div className="step-form">
      <label>
        {t("f.bidding.flow.loser")}
        <NumInput value={step.loser ?? -4} width="5em" onChange={(v) => onChange({ ...step, loser: v ?? -4 })} />
      </label>
      <label>
        {t("f.bidding.flow.others")}
        <NumInput value={step.others ?? 1} width="5em" onChange={(v) => onChange({ ...step, others: v ?? 1 })} />
      </label>
    </div>
  );
}

function GrabSoloForm({ step, onChange }: { step: GrabSoloStep; onChange: (s: FlowStep) => void }) {
  const { t } = useI18n();
  return (
    <div className="step-form">
      <label>
        {t("f.bidding.flow.priority")}
        <SelectInput
          value={step.priority ?? "emperor_then_upstream"}
          options={["emperor_then_upstream", "first_claim"] as const}
          onChange={(v) => onChange({ ...step, priority: v })}
        />
      </label>
      <label>
        {t("f.bidding.flow.requires")}
        <SelectInput
          value={step.requires ?? "nothing"}
          options={["nothing", "four_identical"] as const}
          onChange={(v) => onChange({ ...step, requires: v })}
        />
      </label>
      <CheckInput
        checked={step.takes_emperor_card ?? true}
        label={t("f.bidding.flow.takes_emperor_card")}
        onChange={(v) => onChange({ ...step, takes_emperor_card: v })}
      />
      <CheckInput
        checked={step.marks_void ?? false}
        label={t("f.bidding.flow.marks_void")}
        onChange={(v) => onChange({ ...step, marks_void: v })}
      />
    </div>
  );
}

function OfferForm({ step, onChange }: { step: OfferThroneStep; onChange: (s: FlowStep) => void }) {
  const { t } = useI18n();
  return (
    <div className="step-form">
      <label>
        {t("f.bidding.flow.rounds")}
        <NumInput value={step.rounds ?? 1} min={1} max={3} width="4em" onChange={(v) => onChange({ ...step, rounds: v ?? 1 })} />
      </label>
      <label>
        {t("f.bidding.flow.pass_to")}
        <SelectInput
          value={step.pass_to ?? "upstream"}
          options={["upstream", "downstream"] as const}
          onChange={(v) => onChange({ ...step, pass_to: v })}
        />
      </label>
      <label>
        {t("f.bidding.flow.pass_seats")}
        <NumInput value={step.pass_seats ?? 1} min={1} max={2} width="4em" onChange={(v) => onChange({ ...step, pass_seats: v ?? 1 })} />
      </label>
      <label>
        {t("f.bidding.flow.tip")}
        <SelectInput
          value={step.tip ?? "none"}
          options={["none", "two_or_highest", "two_or_nothing", "highest", "highest_non_joker"] as const}
          onChange={(v) => onChange({ ...step, tip: v })}
        />
      </label>
      <label>
        {t("f.bidding.flow.tip_from_pass")}
        <NumInput
          value={step.tip_from_pass ?? 1}
          min={1}
          max={5}
          width="4em"
          onChange={(v) => onChange({ ...step, tip_from_pass: v ?? 1 })}
        />
      </label>
      <label>
        {t("f.bidding.flow.tip_count")}
        <NumInput
          value={step.tip_count ?? 1}
          min={1}
          max={3}
          width="4em"
          onChange={(v) => onChange({ ...step, tip_count: v ?? 1 })}
        />
      </label>
      <label>
        {t("f.bidding.flow.when_holding_both")}
        <SelectInput
          value={step.when_holding_both ?? "pass_on"}
          options={["pass_on", "skip_one", "choice"] as const}
          labelPrefix="both."
          onChange={(v) => onChange({ ...step, when_holding_both: v })}
        />
      </label>
      {step.when_holding_both === "skip_one" || step.when_holding_both === "choice" ? (
        <>
          <label>
            {t("f.bidding.flow.skip_one_to")}
            <SelectInput
              value={step.skip_one_to ?? "pass_direction"}
              options={["pass_direction", "upstream", "downstream"] as const}
              onChange={(v) => onChange({ ...step, skip_one_to: v })}
            />
          </label>
          <label>
            {t("f.bidding.flow.skip_one_receiver")}
            <SelectInput
              value={step.skip_one_receiver ?? "must_ascend"}
              options={["must_ascend", "may_decline"] as const}
              onChange={(v) => onChange({ ...step, skip_one_receiver: v })}
            />
          </label>
        </>
      ) : null}
      <CheckInput checked={step.forced ?? false} label={t("f.bidding.flow.forced")} onChange={(v) => onChange({ ...step, forced: v })} />
      {step.forced ? (
        <CheckInput
          checked={step.forced_exempt_own_guard ?? false}
          label={t("f.bidding.flow.forced_exempt_own_guard")}
          onChange={(v) => onChange({ ...step, forced_exempt_own_guard: v })}
        />
      ) : null}
    </div>
  );
}

export function FlowEditor(props: {
  steps: FlowStep[];
  onChange: (steps: FlowStep[]) => void;
  problems?: Problem[];
  basePath?: string;
}) {
  const { t, lang } = useI18n();
  const { steps, onChange } = props;
  const base = props.basePath ?? "bidding.flow";
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dragOver, setDragOver] = useState<number | null>(null);
  const [adding, setAdding] = useState<(typeof STEP_KINDS)[number]>("offer_throne");
  const move = (from: number, to: number) => onChange(moveItem(steps, from, to));
  const problems = props.problems ?? [];
  const general = problems.filter((p) => !steps.some((_, i) => pathWithin(p.path, `${base}[${i}]`)));
  return (
    <div className="flow-editor" data-testid="flow-editor">
      <ol className="flow-list">
        {steps.map((step, i) => (
          <li
            key={i}
            className={`flow-step step-${step.step} ${dragOver === i && dragFrom !== i ? "drop-target" : ""} ${dragFrom === i ? "dragging" : ""}`}
            data-testid={`flow-step-${i}`}
            data-step={step.step}
            draggable
            onDragStart={(e) => {
              setDragFrom(i);
              e.dataTransfer.effectAllowed = "move";
              e.dataTransfer.setData("text/plain", String(i));
            }}
            onDragOver={(e) => {
              e.preventDefault();
              e.dataTransfer.dropEffect = "move";
              setDragOver(i);
            }}
            onDragLeave={() => setDragOver((cur) => (cur === i ? null : cur))}
            onDrop={(e) => {
              e.preventDefault();
              const from = dragFrom ?? Number(e.dataTransfer.getData("text/plain"));
              if (Number.isInteger(from) && from !== i) move(from, i);
              setDragFrom(null);
              setDragOver(null);
            }}
            onDragEnd={() => {
              setDragFrom(null);
              setDragOver(null);
            }}
          >
            <div className="step-head">
              <span className="drag-handle" aria-hidden="true" title="drag">
                ⠿
              </span>
              <span className="step-no">{i + 1}.</span>
              <strong className="step-name">{t(`step.${step.step}`)}</strong>
              {lang === "en" ? <code className="muted">{step.step}</code> : null}
              <ItemButtons
                index={i}
                count={steps.length}
                name={t(`step.${step.step}`)}
                onMove={move}
                onRemove={(index) => onChange(removeAt(steps, index))}
              />
            </div>
            {step.step === "grab_solo" ? (
              <GrabSoloForm step={step} onChange={(s) => onChange(replaceAt(steps, i, s))} />
            ) : step.step === "offer_throne" ? (
              <OfferForm step={step} onChange={(s) => onChange(replaceAt(steps, i, s))} />
            ) : step.step === "forfeit" ? (
              <ForfeitForm step={step} onChange={(s) => onChange(replaceAt(steps, i, s))} />
            ) : null}
            <ProblemList problems={problems.filter((p) => pathWithin(p.path, `${base}[${i}]`))} />
          </li>
        ))}
      </ol>
      <div className="add-row">
        <SelectInput value={adding} options={STEP_KINDS} labelPrefix="step." label={t("f.flow.add")} onChange={setAdding} />
        <button type="button" onClick={() => onChange([...steps, newStep(adding)])}>
          + {t("f.flow.add")}
        </button>
      </div>
      <ProblemList problems={general} anchor={base} />
    </div>
  );
}
