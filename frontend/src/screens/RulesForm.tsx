// The rules form: one section per part of the rules, each with widgets made for it.
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { hasKey, useI18n } from "../lib/i18n";
import { NOTE_FIELDS, noteFieldKey, staleNotes, unconfirmed, type StaleNote } from "../lib/notes";
import { useDeckCount, type DeckCount } from "../lib/deck";
import {
  ALL_RANKS,
  PARTIES,
  PLAIN_RANKS,
  type Bidding,
  type Deck,
  type FlowStep,
  type HoldBack,
  type HouseNote,
  type JokerStack,
  type Multiplier,
  type OutcomeWord,
  type PlainRank,
  type Scoring,
  type SoloRow,
  type SpecialBeat,
  type TributeRule,
  type TributeShare,
  type TwoPersonTable,
  type Variant,
} from "../lib/model";
import { lianzhongTable } from "../lib/scoring";
import {
  Field,
  Optional,
  PCheck,
  PNum,
  PSelect,
  PText,
  ProblemList,
  anchorId,
  useDoc,
  useProblems,
  useValue,
} from "../widgets/doc";
import { CheckInput, MultiCheck, NumInput, SelectInput, TextInput } from "../widgets/inputs";
import { ListEditor } from "../widgets/ListEditor";
import { FlowEditor } from "../widgets/FlowEditor";
import { HandSizes } from "../widgets/HandSizes";
import { MultiplierList } from "../widgets/MultiplierList";
import { ScoringGrid } from "../widgets/ScoringGrid";
import { SoloTable } from "../widgets/SoloTable";
import { RescorePreview } from "../widgets/RescorePreview";
import { CountSummary, TrimGrid } from "../widgets/TrimGrid";

export const SECTIONS = ["general", "deck", "deal", "bidding", "declarations", "play", "end", "scoring", "tribute"] as const;
export type SectionName = (typeof SECTIONS)[number];

export function Section(props: { name: SectionName; children: ReactNode; errors?: number }) {
  const { t, lang } = useI18n();
  return (
    <section className="rules-section" id={`sec-${props.name}`} data-section={props.name}>
      <h2>
        {t(`sec.${props.name}`)}
        {/* The document's own name helps whoever reads the YAML; in Chinese, only the words. */}
        {props.name !== "general" && lang === "en" ? <code className="muted"> {props.name}</code> : null}
      </h2>
      <div className="section-body">{props.children}</div>
    </section>
  );
}

/** A widget block that renders its own problems (the anchor marks where they belong). */
function Block(props: { anchor: string; label: ReactNode; children: ReactNode; help?: ReactNode }) {
  const problems = useProblems(props.anchor);
  return (
    <div
      className={`field wide block ${problems.some((p) => p.severity !== "warning") ? "has-error" : ""}`}
      id={anchorId(props.anchor)}
      data-anchor={props.anchor}
    >
      <div className="field-label">{props.label}</div>
      {props.help ? <div className="help">{props.help}</div> : null}
      {props.children}
    </div>
  );
}

// ---------------------------------------------------------------------------- general

function GeneralSection() {
  const { t } = useI18n();
  const { update } = useDoc();
  const notes = useValue<string[]>("notes");
  const houseNotes = useValue<HouseNote[]>("house_notes");
  const stale = staleNotes(useProblems("house_notes"));
  // Opened when a note waits for confirmation, and left open once confirmed.
  const [notesOpen, setNotesOpen] = useState(false);
  useEffect(() => {
    if (stale.length) setNotesOpen(true);
  }, [stale.length]);
  return (
    <Section name="general">
      <div className="row">
        <PText path="id" label={t("f.id")} readOnly />
        <PText path="name.zh" label={t("f.name.zh")} anchor="name" />
        <PText path="name.en" label={t("f.name.en")} anchor="name" />
      </div>
      <PText path="source" label={t("f.source")} wide />
      <Field anchor="notes" wide>
        <details className="notes">
          <summary className="field-label">
            {t("f.notes")} <span className="muted">({(notes ?? []).length})</span>
          </summary>
          <ListEditor
          items={notes}
          onChange={(v) => update("notes", v)}
          create={() => ""}
          addLabel={t("f.notes.add")}
          render={(note, set) => (
            <textarea className="note" rows={2} value={note} aria-label={t("f.notes")} onChange={(e) => set(e.target.value)} />
          )}
          />
        </details>
      </Field>
      <Field anchor="house_notes" wide>
        <details className="notes house-notes" open={notesOpen} onToggle={(e) => setNotesOpen(e.currentTarget.open)}>
          <summary className="field-label">
            {t("f.house_notes")} <span className="muted">({(houseNotes ?? []).length})</span>
            {stale.length ? (
              <span className="badge warn" data-testid="house-notes-waiting">
                {" "}
                {t("note.waiting", { n: stale.length })}
              </span>
            ) : null}
          </summary>
          <div className="help">{t("f.house_notes.help")}</div>
          <ListEditor
          items={houseNotes}
          onChange={(v) => update("house_notes", v)}
          create={() => ({ zh: "", en: "" })}
          addLabel={t("f.house_notes.add")}
          testId="house-notes"
          render={(note, set, i) => (
            <HouseNoteRow note={note} set={set} stale={stale.find((s) => s.index === i)} index={i} />
          )}
          />
        </details>
      </Field>
    </Section>
  );
}

/** One house note: its texts, the rules it is about, and a flag when those rules changed
 * since it was confirmed (confirm it, or edit it: either leaves the fingerprint out, and
 * the save takes it anew). */
function HouseNoteRow(props: { note: HouseNote; set: (note: HouseNote) => void; stale?: StaleNote; index: number }) {
  const { t, tk } = useI18n();
  const { note, set, stale } = props;
  const zhRef = useRef<HTMLTextAreaElement>(null);
  const about = note.about ?? [];
  const word = (path: string) => tk(noteFieldKey(path, hasKey));
  const edit = (next: HouseNote) => set(unconfirmed(next));
  const pending = about.length > 0 && !note.checked;
  return (
    <div className={`house-note ${stale ? "stale" : ""}`} data-testid={`house-note-${props.index}`}>
      {stale ? (
        <div className="banner conflict note-flag" role="status" data-testid="note-stale">
          <p>{t("note.stale", { fields: stale.fields.map(word).join(t("note.sep")) })}</p>
          <div className="buttons">
            <button type="button" data-testid="note-confirm" onClick={() => set(unconfirmed(note))}>
              {t("note.confirm")}
            </button>
            <button type="button" onClick={() => zhRef.current?.focus()}>
              {t("note.edit")}
            </button>
          </div>
        </div>
      ) : null}
      <textarea ref={zhRef} className="note" rows={2} lang="zh-Hans" value={note.zh} aria-label={t("f.house_notes.zh")} onChange={(e) => edit({ ...note, zh: e.target.value })} />
      <textarea className="note" rows={2} lang="en" value={note.en} aria-label={t("f.house_notes.en")} onChange={(e) => edit({ ...note, en: e.target.value })} />
      <div className="note-about" data-testid="note-about">
        <span className="muted small">{t("note.about")}</span>
        {about.length === 0 ? <span className="muted small">{t("note.about.none")}</span> : null}
        {about.map((path) => (
          <span key={path} className={`chip ${stale?.fields.includes(path) ? "changed" : ""}`}>
            {word(path)}
            <button
              type="button"
              className="chip-remove"
              aria-label={t("note.about.remove", { name: word(path) })}
              onClick={() => edit({ ...note, about: about.filter((p) => p !== path) })}
            >
              ×
            </button>
          </span>
        ))}
        <select
          aria-label={t("note.about.add")}
          value=""
          onChange={(e) => {
            if (e.target.value) edit({ ...note, about: [...about, e.target.value] });
          }}
        >
          <option value="">{t("note.about.add")}</option>
          {NOTE_FIELDS.filter((p) => !about.includes(p)).map((p) => (
            <option key={p} value={p}>
              {word(p)}
            </option>
          ))}
        </select>
        {pending && !stale ? <span className="muted small"> {t("note.pending")}</span> : null}
      </div>
    </div>
  );
}

// ---------------------------------------------------------------------------- deck, deal

function DeckSection() {
  const { t } = useI18n();
  const { update } = useDoc();
  const deck = useValue<Deck>("deck");
  const handSizes = useValue<number[]>("deal.hand_sizes");
  return (
    <Section name="deck">
      <div className="row">
        <PNum path="deck.decks" label={t("f.deck.decks")} min={1} max={8} fallback={4} />
        <Field anchor="deck.marks" label={t("f.deck.marks.guard_card")}>
          <SelectInput
            value={deck?.marks?.guard_card ? "SJ" : "none"}
            options={["SJ", "none"] as const}
            labelPrefix="mark."
            label={t("f.deck.marks.guard_card")}
            onChange={(v) => update("deck.marks.guard_card", v === "SJ" ? "SJ" : null)}
          />
        </Field>
      </div>
      <Field anchor="deck.remove" label={t("f.deck.remove")} help={t("f.trims.help")} wide>
        <TrimGrid deck={deck} handSizes={handSizes} count={useContext(DeckCountContext)} onChange={(d) => update("deck", d)} />
      </Field>
    </Section>
  );
}

function DealSection() {
  const { t } = useI18n();
  const { update } = useDoc();
  const count = useContext(DeckCountContext);
  const handSizes = useValue<number[]>("deal.hand_sizes");
  return (
    <Section name="deal">
      <Field anchor="deal.hand_sizes" label={t("f.deal.hand_sizes")} wide>
        <HandSizes handSizes={handSizes} deckSize={count?.size ?? null} onChange={(v) => update("deal.hand_sizes", v)} />
        <CountSummary count={count} handSizes={handSizes} />
      </Field>
      <div className="row">
        <PNum path="deal.first_dealer" label={t("f.deal.first_dealer")} min={0} max={4} fallback={0} />
        <PSelect path="deal.next_dealer" label={t("f.deal.next_dealer")} options={["first_finisher", "previous_emperor", "next_seat", "fixed"] as const} fallback="first_finisher" />
      </div>
      <Optional path="deal.buy" label={t("f.deal.buy")} create={() => ({ rank: "3", pay_with: "2" })} off={undefined}>
        <div className="row">
          <PSelect path="deal.buy.rank" anchor="deal.buy" label={t("f.deal.buy.rank")} options={PLAIN_RANKS} labelPrefix="rank." />
          <PSelect path="deal.buy.pay_with" anchor="deal.buy" label={t("f.deal.buy.pay_with")} options={ALL_RANKS} labelPrefix="rank." />
          <PSelect path="deal.buy.if_unable" anchor="deal.buy" label={t("f.deal.buy.if_unable")} options={["gift", "skip"] as const} fallback="gift" />
        </div>
        <Field anchor="deal.buy.pay_with_also" label={t("f.deal.buy.pay_with_also")} wide>
          <MultiCheck
            values={(useValue<string[]>("deal.buy.pay_with_also") ?? []) as (typeof ALL_RANKS)[number][]}
            options={ALL_RANKS}
            testId="buy-pay-also"
            onChange={(v) => update("deal.buy.pay_with_also", v)}
          />
        </Field>
      </Optional>
    </Section>
  );
}

// ---------------------------------------------------------------------------- bidding

function BiddingSection() {
  const { t } = useI18n();
  const { update } = useDoc();
  const bidding = useValue<Bidding>("bidding");
  const guard = bidding?.guard;
  const flowProblems = useProblems("bidding.flow");
  return (
    <Section name="bidding">
      <Field anchor="bidding.guard" label={t("f.bidding.guard")} wide>
        <div className="row">
          <label>
            {t("f.bidding.guard.by")}{" "}
            <SelectInput
              value={guard?.by ?? "fixed_card"}
              options={["fixed_card", "called_card"] as const}
              onChange={(v) =>
                update(
                  "bidding.guard",
                  v === "fixed_card" ? { by: "fixed_card" } : { by: "called_card", callable_ranks: PLAIN_RANKS.filter((r) => r !== "2"), choice: "highest" },
                )
              }
            />
          </label>
        </div>
        {guard?.by === "called_card" ? (
          <>
            <div className="sub-label">{t("f.bidding.guard.callable_ranks")}</div>
            <MultiCheck
              values={guard.callable_ranks}
              options={PLAIN_RANKS}
              testId="callable-ranks"
              onChange={(v) => update("bidding.guard.callable_ranks", v as PlainRank[])}
            />
            <div className="row">
              <label>
                {t("f.bidding.guard.choice")}{" "}
                <SelectInput value={guard.choice ?? "highest"} options={["highest", "free"] as const} onChange={(v) => update("bidding.guard.choice", v)} />
              </label>
              <label>
                {t("f.bidding.guard.min_identical")}{" "}
                <NumInput value={guard.min_identical ?? 3} min={1} max={8} width="4em" onChange={(v) => update("bidding.guard.min_identical", v)} />
              </label>
              <CheckInput
                checked={guard.own_cards_callable ?? false}
                label={t("f.bidding.guard.own_cards_callable")}
                onChange={(v) => update("bidding.guard.own_cards_callable", v)}
              />
            </div>
          </>
        ) : null}
      </Field>
      <Field anchor="bidding.solo" label={t("f.bidding.solo")} wide>
        <CheckInput checked={bidding?.solo?.declared ?? false} label={t("f.bidding.solo.declared")} onChange={(v) => update("bidding.solo.declared", v)} />
        <CheckInput
          checked={bidding?.solo?.hidden_allowed ?? true}
          label={t("f.bidding.solo.hidden_allowed")}
          onChange={(v) => update("bidding.solo.hidden_allowed", v)}
        />
      </Field>
      <Block anchor="bidding.flow" label={t("f.bidding.flow")} help={t("f.flow.help")}>
        <FlowEditor steps={bidding?.flow ?? []} problems={flowProblems} onChange={(v: FlowStep[]) => update("bidding.flow", v)} />
      </Block>
    </Section>
  );
}

// ---------------------------------------------------------------------------- declarations

function DeclarationsSection() {
  const { t } = useI18n();
  const { update } = useDoc();
  const kick = useValue<{ rebels_after_open_guard?: number | null; rebels_after_open_solo?: number | null }>(
    "declarations.kick",
  );
  return (
    <Section name="declarations">
      <PSelect path="declarations.guard_reveal" label={t("f.declarations.guard_reveal")} options={["choice", "open", "hidden"] as const} fallback="choice" />
      <div className="row">
        <PCheck path="declarations.open_during_play" anchor="declarations.guard_reveal" label={t("f.declarations.open_during_play")} />
        <PCheck path="declarations.reveal_by_card" anchor="declarations.guard_reveal" label={t("f.declarations.reveal_by_card")} />
      </div>
      <Optional path="declarations.rebellion" label={t("f.declarations.rebellion")} create={() => ({ threshold: 2 })} off={null}>
        <PNum path="declarations.rebellion.threshold" anchor="declarations.rebellion" label={t("f.declarations.rebellion.threshold")} min={1} max={4} fallback={2} />
      </Optional>
      <Optional path="declarations.rebel_declaration" label={t("f.declarations.rebel_declaration")} create={() => ({ timing: "after_guard", max_declarers: 4 })} off={null}>
        <div className="row">
          <PSelect path="declarations.rebel_declaration.timing" anchor="declarations.rebel_declaration" label={t("f.declarations.rebel_declaration.timing")} options={["after_guard", "with_guard"] as const} fallback="after_guard" labelPrefix="declareTiming." />
          <PNum path="declarations.rebel_declaration.max_declarers" anchor="declarations.rebel_declaration" label={t("f.declarations.rebel_declaration.max_declarers")} min={1} max={4} fallback={4} />
        </div>
      </Optional>
      <Optional path="declarations.kick" label={t("f.declarations.kick")} create={() => ({ royals_after_rebellion: true, rebels_after_open_guard: 2 })} off={null}>
        <PCheck path="declarations.kick.royals_after_rebellion" anchor="declarations.kick" label={t("f.declarations.kick.royals_after_rebellion")} fallback />
        <div className="row">
          <label>
            {t("f.declarations.kick.rebels_after_open_guard")}{" "}
            <SelectInput
              value={kick?.rebels_after_open_guard == null ? "never" : String(kick.rebels_after_open_guard)}
              options={["never", "1", "2", "3"] as const}
              labelPrefix="kick."
              onChange={(v) => update("declarations.kick.rebels_after_open_guard", v === "never" ? null : Number(v))}
            />
          </label>
          <label>
            {t("f.declarations.kick.rebels_after_open_solo")}{" "}
            <SelectInput
              value={kick?.rebels_after_open_solo == null ? "never" : String(kick.rebels_after_open_solo)}
              options={["never", "1", "2", "3", "4"] as const}
              labelPrefix="kick."
              onChange={(v) => update("declarations.kick.rebels_after_open_solo", v === "never" ? null : Number(v))}
            />
          </label>
        </div>
      </Optional>
    </Section>
  );
}

// ---------------------------------------------------------------------------- play

function PlaySection() {
  const { t } = useI18n();
  const { update } = useDoc();
  const attach = useValue<string[]>("play.attach");
  const holdBack = useValue<HoldBack[]>("play.hold_back");
  const beats = useValue<SpecialBeat[]>("play.special_beats");
  const stacks = useValue<JokerStack[]>("play.stacks");
  const roast = useValue<{ joker_order: string[] } | null>("play.roast");
  const topCard = useValue<string>("play.top_card");
  return (
    <Section name="play">
      <Field anchor="play.attach" label={t("f.play.attach")} wide>
        <MultiCheck
          values={(attach ?? ["SJ", "BJ"]) as ("2" | "SJ" | "BJ" | "TOP")[]}
          options={["SJ", "BJ", "2", "TOP"] as const} labelPrefix="rank."
          onChange={(v) => update("play.attach", v)}
        />
      </Field>
      <Field anchor="play.wild" label={t("f.play.wild")} wide>
        <MultiCheck
          values={(useValue<string[]>("play.wild") ?? []) as ("2" | "SJ" | "BJ")[]}
          options={["2", "SJ", "BJ"] as const} labelPrefix="rank."
          onChange={(v) => update("play.wild", v)}
        />
      </Field>
      <div className="row">
        <PSelect path="play.top_card" label={t("f.play.top_card")} options={["none", "guard_card", "emperor_card", "both_marked"] as const} fallback="none" />
        {topCard === "both_marked" && (
          <PSelect path="play.marked_order" label={t("f.play.marked_order")} options={["level", "guard_higher", "emperor_higher"] as const} fallback="level" labelPrefix="markedOrder." />
        )}
        <PSelect path="play.wind" label={t("f.play.wind")} options={["next_player", "apply"] as const} fallback="next_player" />
        <PCheck path="play.defer" label={t("f.play.defer")} />
        <PCheck path="play.hard_pass" label={t("f.play.hard_pass")} />
        <PCheck path="play.top_card_in_set" label={t("f.play.top_card_in_set")} />
        <PSelect path="play.defer_passers" label={t("f.play.defer_passers")} options={["answer_again", "stay_passed"] as const} fallback="answer_again" labelPrefix="deferPassers." />
      </div>
      <Field anchor="play.hold_back" label={t("f.play.hold_back")} wide>
        <ListEditor
          testId="hold-back"
          items={holdBack}
          onChange={(v) => update("play.hold_back", v)}
          create={(): HoldBack => ({ rank: "6" })}
          itemName={(h) => h.rank}
          render={(h, set) => (
            <span className="inline wrap">
              <SelectInput value={h.rank} options={PLAIN_RANKS} labelPrefix="rank." label={t("f.play.hold_back.rank")} onChange={(v) => set({ ...h, rank: v })} />
              <CheckInput checked={h.only_when_leading ?? false} label={t("f.play.hold_back.only_when_leading")} onChange={(v) => set({ ...h, only_when_leading: v })} />
              <CheckInput checked={h.shut_in ?? false} label={t("f.play.hold_back.shut_in")} onChange={(v) => set({ ...h, shut_in: v })} />
            </span>
          )}
        />
      </Field>
      <Field anchor="play.special_beats" label={t("f.play.special_beats")} wide>
        <ListEditor
          items={beats}
          onChange={(v) => update("play.special_beats", v)}
          create={() => ({ rank: "2", count: 3, beats: ["BJ"] })}
          itemName={(b) => `${b.count}×${b.rank}`}
          render={(b, set) => (
            <span className="inline wrap">
              <NumInput value={b.count} min={1} max={32} width="4em" label={t("f.play.special_beats.count")} onChange={(v) => set({ ...b, count: v ?? 1 })} />
              <span>×</span>
              <SelectInput value={b.rank} options={PLAIN_RANKS} labelPrefix="rank." label={t("f.play.special_beats.rank")} onChange={(v) => set({ ...b, rank: v })} />
              <span>{t("f.play.special_beats.beats")}</span>
              <MultiCheck values={b.beats} options={["SJ", "BJ", "TOP"] as const} labelPrefix="rank." onChange={(v) => set({ ...b, beats: v })} />
            </span>
          )}
        />
      </Field>
      <Field anchor="play.stacks" label={t("f.play.stacks")} wide>
        <ListEditor
          testId="stacks"
          items={stacks}
          onChange={(v) => update("play.stacks", v)}
          create={(): JokerStack => ({ cards: "SJ SJ SJ", above: "BJ" })}
          itemName={(st) => st.cards}
          render={(st, set) => (
            <span className="inline wrap">
              <TextInput value={st.cards} label={t("f.play.stacks.cards")} placeholder="SJ SJ SJ" onChange={(v) => set({ ...st, cards: v })} />
              <span>{t("f.play.stacks.above")}</span>
              <SelectInput
                value={st.above}
                options={["BJ", "TOP", "TOP2", ...(stacks ?? []).map((o) => o.cards).filter((c) => c !== st.cards)]}
                format={(v) => (v === "BJ" || v === "TOP" || v === "TOP2" ? t(`rank.${v}`) : `[${v}]`)}
                label={t("f.play.stacks.above")}
                onChange={(v) => set({ ...st, above: v })}
              />
              <CheckInput checked={st.alone ?? true} label={t("f.play.stacks.alone")} onChange={(v) => set({ ...st, alone: v })} />
              <CheckInput checked={st.in_sets ?? true} label={t("f.play.stacks.in_sets")} onChange={(v) => set({ ...st, in_sets: v })} />
            </span>
          )}
        />
      </Field>
      <Optional path="play.roast" label={t("f.play.roast")} create={() => ({ joker_order: ["SJ", "BJ", "SJ SJ", "BJ BJ"] })} off={null}>
        <Field label={t("f.play.roast.joker_order")} wide>
          <ListEditor
            items={roast?.joker_order}
            onChange={(v) => update("play.roast.joker_order", v)}
            create={() => "SJ"}
            render={(g, set) => <TextInput value={g} label={t("f.play.roast.joker_order")} onChange={set} />}
          />
        </Field>
      </Optional>
      <Optional path="play.bombs" label={t("f.play.bombs")} create={() => ({ min_count: 4, beats: "any" })} off={null}>
        <div className="row">
          <PNum path="play.bombs.min_count" anchor="play.bombs" label={t("f.play.bombs.min_count")} min={2} max={32} fallback={4} />
          <PSelect path="play.bombs.beats" anchor="play.bombs" label={t("f.play.bombs.beats")} options={["any", "more_cards"] as const} fallback="any" labelPrefix="bombBeats." />
          <PNum path="play.bombs.max_per_game" anchor="play.bombs" label={t("f.play.bombs.max_per_game")} min={1} max={32} optional placeholder={t("empty.noLimit")} />
          <PCheck path="play.bombs.identical" anchor="play.bombs" label={t("f.play.bombs.identical")} />
        </div>
      </Optional>
      <Field anchor="play.automatic" label={t("f.play.automatic")} wide>
        <div className="row">
          <label>
            {t("f.play.automatic.lock_after")}{" "}
            <NumInput
              value={useValue<number | null>("play.automatic.lock_after") ?? undefined}
              optional
              placeholder={t("empty.neverLocks")}
              min={1}
              width="4em"
              onChange={(v) => update("play.automatic.lock_after", v ?? null)}
            />
          </label>
          <CheckInput
            checked={useValue<boolean>("play.automatic.unscored_if_all") ?? true}
            label={t("f.play.automatic.unscored_if_all")}
            onChange={(v) => update("play.automatic.unscored_if_all", v)}
          />
        </div>
        <PSelect path="play.automatic.dissolve_if_any" anchor="play.automatic" label={t("f.play.automatic.dissolve_if_any")} options={["no", "scored", "unscored"] as const} fallback="no" labelPrefix="dissolve." />
      </Field>
    </Section>
  );
}

// ---------------------------------------------------------------------------- end

function EndSection() {
  const { t } = useI18n();
  return (
    <Section name="end">
      <PSelect path="end.when" anchor="end" label={t("f.end.when")} options={["all_but_one", "one_side_out"] as const} fallback="all_but_one" />
      <PSelect path="end.unfinished_order" anchor="end" label={t("f.end.unfinished_order")} options={["fewest_cards", "play_order"] as const} fallback="fewest_cards" />
      <PCheck path="end.shut_in_last" anchor="end" label={t("f.end.shut_in_last")} />
      <PCheck path="end.open_solo_ends_on_other_first" anchor="end" label={t("f.end.open_solo_ends_on_other_first")} />
      <PCheck path="end.side_out_draw_if_first_other_side" anchor="end" label={t("f.end.side_out_draw_if_first_other_side")} />
      <ProblemList problems={useProblems("end")} anchor="end" />
    </Section>
  );
}

// ---------------------------------------------------------------------------- scoring

const RANK_PAIRS: [number, number][] = [];
for (let a = 1; a <= 5; a++) for (let b = a + 1; b <= 5; b++) RANK_PAIRS.push([a, b]);

function OutcomeEditor() {
  const { t } = useI18n();
  const { update } = useDoc();
  const outcome = useValue<NonNullable<Scoring["outcome"]>>("scoring.outcome") ?? {};
  const method = outcome.method ?? "points";
  const table = outcome.table ?? [];
  const solo = outcome.solo ?? [];
  const lookup = (a: number, b: number) =>
    table.find((r) => (r.ranks[0] === a && r.ranks[1] === b) || (r.ranks[0] === b && r.ranks[1] === a))?.outcome;
  const setPair = (a: number, b: number, v: OutcomeWord | "") => {
    const rest = table.filter((r) => !((r.ranks[0] === a && r.ranks[1] === b) || (r.ranks[0] === b && r.ranks[1] === a)));
    const next = v ? [...rest, { ranks: [a, b], outcome: v }] : rest;
    next.sort((x, y) => Math.min(...x.ranks) - Math.min(...y.ranks) || Math.max(...x.ranks) - Math.max(...y.ranks));
    update("scoring.outcome.table", next);
  };
  const setSolo = (rank: number, v: OutcomeWord | "") => {
    const rest = solo.filter((r) => r.emperor_rank !== rank);
    const next = v ? [...rest, { emperor_rank: rank, outcome: v }].sort((x, y) => x.emperor_rank - y.emperor_rank) : rest;
    update("scoring.outcome.solo", next);
  };
  return (
    <Field anchor="scoring.outcome" label={t("f.scoring.outcome")} wide>
      <label>
        {t("f.scoring.outcome.method")}{" "}
        <SelectInput value={method} options={["points", "rank_table", "side_out"] as const} onChange={(v) => update("scoring.outcome.method", v)} />
      </label>
      {method === "rank_table" ? (
        <div className="pairs">
          <div className="sub-label">{t("f.scoring.outcome.table")}</div>
          {RANK_PAIRS.map(([a, b]) => (
            <label key={`${a}${b}`} className="pair">
              {a}+{b}{" "}
              <SelectInput value={lookup(a, b) ?? ""} options={["", "win", "draw", "lose"] as const} labelPrefix="oc." onChange={(v) => setPair(a, b, v)} />
            </label>
          ))}
        </div>
      ) : null}
      <div className="pairs">
        <div className="sub-label">{t("f.scoring.outcome.solo")}</div>
        {[1, 2, 3, 4, 5].map((rank) => (
          <label key={rank} className="pair">
            {rank}{" "}
            <SelectInput
              value={solo.find((r) => r.emperor_rank === rank)?.outcome ?? ""}
              options={["", "win", "draw", "lose"] as const} labelPrefix="oc."
              onChange={(v) => setSolo(rank, v)}
            />
          </label>
        ))}
      </div>
    </Field>
  );
}

function ScoringSection({ slug }: { slug?: string }) {
  const { t } = useI18n();
  const { update } = useDoc();
  const scoring = useValue<Scoring>("scoring");
  const twoProblems = useProblems("scoring.two_person");
  const knownProblems = useProblems("scoring.two_person_guard_known");
  return (
    <Section name="scoring">
      {slug ? <RescorePreview slug={slug} /> : null}
      <Block anchor="scoring.two_person" label={t("f.scoring.two_person")} help={t("f.two_person.help")}>
        <ScoringGrid table={scoring?.two_person} problems={twoProblems} onChange={(v: TwoPersonTable) => update("scoring.two_person", v)} />
      </Block>
      <Optional
        path="scoring.two_person_guard_known"
        label={t("f.scoring.two_person_guard_known")}
        create={() => scoring?.two_person ?? lianzhongTable()}
        off={null}
      >
        <ScoringGrid
          testId="scoring-grid-known"
          basePath="scoring.two_person_guard_known"
          table={scoring?.two_person_guard_known ?? undefined}
          problems={knownProblems}
          onChange={(v) => update("scoring.two_person_guard_known", v)}
        />
      </Optional>
      <Field anchor="scoring.solo" label={t("f.scoring.solo")} wide>
        <div className="row top">
          <div>
            <div className="sub-label">{t("f.scoring.solo.open")}</div>
            <SoloTable testId="solo-open" rows={scoring?.solo?.open} onChange={(v: SoloRow[]) => update("scoring.solo.open", v)} />
          </div>
          <div>
            <div className="sub-label">{t("f.scoring.solo.hidden")}</div>
            <SoloTable testId="solo-hidden" rows={scoring?.solo?.hidden} onChange={(v: SoloRow[]) => update("scoring.solo.hidden", v)} />
          </div>
        </div>
      </Field>
      <Field anchor="scoring.multipliers" label={t("f.scoring.multipliers")} wide>
        <MultiplierList items={scoring?.multipliers} onChange={(v: Multiplier[]) => update("scoring.multipliers", v)} />
      </Field>
      <PNum path="scoring.max_multiplier" label={t("f.scoring.max_multiplier")} min={2} max={1024} optional placeholder={t("empty.noCap")} />
      <OutcomeEditor />
      <Field anchor="scoring.money" label={t("f.scoring.money")} wide>
        <div className="row">
          {(["base", "table_fee", "automatic_penalty", "quit_penalty", "shut_in_penalty"] as const).map((k) => (
            <label key={k}>
              {t(`f.scoring.money.${k}`)}{" "}
              <NumInput
                value={scoring?.money?.[k] ?? (k === "base" ? 1 : 0)}
                min={k === "base" ? 1 : 0}
                width="5em"
                onChange={(v) => update(`scoring.money.${k}`, v)}
              />
            </label>
          ))}
          <CheckInput
            checked={scoring?.money?.cap_to_carried ?? false}
            label={t("f.scoring.money.cap_to_carried")}
            onChange={(v) => update("scoring.money.cap_to_carried", v)}
          />
        </div>
      </Field>
      <PSelect path="scoring.money.quit_penalty_to" anchor="scoring.money" label={t("f.scoring.money.quit_penalty_to")} options={["nobody", "others"] as const} fallback="nobody" labelPrefix="quit_to." />
      <PSelect path="scoring.money.shut_in_penalty_to" anchor="scoring.money" label={t("f.scoring.money.shut_in_penalty_to")} options={["game_ender", "first", "nobody"] as const} fallback="game_ender" labelPrefix="shut_to." />
    </Section>
  );
}

// ---------------------------------------------------------------------------- tribute

function Shares(props: { items: TributeShare[] | undefined; onChange: (v: TributeShare[]) => void; label: string; countLabel: string }) {
  return (
    <div className="shares">
      <span className="sub-label">{props.label}</span>
      <ListEditor
        items={props.items}
        onChange={props.onChange}
        create={(): TributeShare => ({ who: "rebels", count: 1 })}
        itemName={(s) => `${props.label} ${s.who}`}
        render={(s, set) => (
          <span className="inline">
            <SelectInput value={s.who} options={PARTIES} label={props.label} onChange={(v) => set({ ...s, who: v })} />
            <span>×</span>
            <NumInput value={s.count ?? 1} min={1} max={8} width="3.6em" label={props.countLabel} onChange={(v) => set({ ...s, count: v ?? 1 })} />
          </span>
        )}
      />
    </div>
  );
}

function TributeRuleEditor({ rule, set }: { rule: TributeRule; set: (r: TributeRule) => void }) {
  const { t } = useI18n();
  const when = rule.when ?? {};
  const pair = when.ranks ? `${when.ranks[0]}+${when.ranks[1]}` : "any";
  const setWhen = (patch: Partial<TributeRule["when"]>) => {
    const next: Record<string, unknown> = { ...when, ...patch };
    for (const k of Object.keys(next)) if (next[k] === undefined) delete next[k];
    set({ ...rule, when: next as TributeRule["when"] });
  };
  return (
    <div className="tribute-rule">
      <div className="inline wrap">
        <span className="sub-label">{t("f.tribute.rules.when")}</span>
        <label>
          {t("f.tribute.rules.when.ranks")}{" "}
          <SelectInput
            value={pair}
            options={["any", ...RANK_PAIRS.map(([a, b]) => `${a}+${b}`)]}
            labelPrefix="pair."
            onChange={(v) => setWhen({ ranks: v === "any" ? undefined : v.split("+").map(Number) })}
          />
        </label>
        <label>
          {t("f.tribute.rules.when.solo")}{" "}
          <SelectInput
            value={when.solo ?? "none"}
            options={["none", "any", "open", "hidden"] as const}
            labelPrefix="solo."
            onChange={(v) => setWhen({ solo: v })}
          />
        </label>
        <label>
          {t("f.tribute.rules.when.outcome")}{" "}
          <SelectInput
            value={when.outcome ?? "any"}
            options={["any", "win", "draw", "lose"] as const}
            labelPrefix="oc."
            onChange={(v) => setWhen({ outcome: v === "any" ? undefined : v })}
          />
        </label>
        <label>
          {t("f.tribute.rules.when.guard")}{" "}
          <SelectInput
            value={when.guard ?? "any"}
            options={["any", "open", "hidden"] as const}
            labelPrefix="gv."
            onChange={(v) => setWhen({ guard: v === "any" ? undefined : v })}
          />
        </label>
      </div>
      <div className="row top">
        <Shares label={t("f.tribute.rules.give")} countLabel={t("f.tribute.rules.give.count")} items={rule.give} onChange={(v) => set({ ...rule, give: v })} />
        <Shares label={t("f.tribute.rules.take")} countLabel={t("f.tribute.rules.take.count")} items={rule.take} onChange={(v) => set({ ...rule, take: v })} />
      </div>
      <TextInput value={rule.note ?? ""} placeholder={t("f.tribute.rules.note")} label={t("f.tribute.rules.note")} onChange={(v) => set({ ...rule, note: v || undefined } as TributeRule)} />
    </div>
  );
}

function TributeSection() {
  const { t } = useI18n();
  const { update } = useDoc();
  const rules = useValue<TributeRule[]>("tribute.rules");
  return (
    <Section name="tribute">
      <Field anchor="tribute.rules" label={t("f.tribute.rules")} wide>
        <ListEditor
          testId="tribute-rules"
          items={rules}
          onChange={(v) => update("tribute.rules", v)}
          create={(): TributeRule => ({ when: { ranks: [1, 2] }, give: [{ who: "rebels", count: 1 }], take: [{ who: "emperor", count: 2 }] })}
          render={(rule, set) => <TributeRuleEditor rule={rule} set={set} />}
        />
      </Field>
      <div className="row">
        <PSelect path="tribute.card" label={t("f.tribute.card")} options={["highest", "highest_non_joker"] as const} fallback="highest" />
        <Field anchor="tribute.paid_in" label={t("f.tribute.paid_in")}>
          <SelectInput
            value={useValue<string | null>("tribute.paid_in") ?? "none"}
            options={["none", ...ALL_RANKS] as const}
            labelPrefix="rank."
            label={t("f.tribute.paid_in")}
            onChange={(v) => update("tribute.paid_in", v === "none" ? null : v)}
          />
        </Field>
        <PCheck path="tribute.keeps_emperor_card" label={t("f.tribute.keeps_emperor_card")} />
        <PSelect path="tribute.handed" label={t("f.tribute.handed")} options={["picked", "in_order"] as const} fallback="picked" labelPrefix="handed." />
        <PSelect path="tribute.without_paid_in" label={t("f.tribute.without_paid_in")} options={["card", "nothing"] as const} fallback="card" labelPrefix="withoutPaidIn." />
      </div>
      <Optional path="tribute.shut_in" label={t("f.tribute.shut_in")} create={() => ({ count: 1, card: "highest", to: "game_ender" })} off={null}>
        <div className="row">
          <PNum path="tribute.shut_in.count" anchor="tribute.shut_in" label={t("f.tribute.shut_in.count")} min={1} max={8} fallback={1} />
          <PSelect path="tribute.shut_in.card" anchor="tribute.shut_in" label={t("f.tribute.shut_in.card")} options={["highest", "as_tribute"] as const} fallback="highest" />
          <PSelect path="tribute.shut_in.to" anchor="tribute.shut_in" label={t("f.tribute.shut_in.to")} options={["game_ender", "first"] as const} fallback="game_ender" />
        </div>
      </Optional>
    </Section>
  );
}

/** The server's live count of the document's deck section, shared by the deck and deal
 * sections (one request per change). */
const DeckCountContext = createContext<DeckCount | null>(null);

function DeckCounted({ children }: { children: ReactNode }) {
  const { count } = useDeckCount(useValue<Deck>("deck"));
  return <DeckCountContext.Provider value={count}>{children}</DeckCountContext.Provider>;
}

export function RulesForm(props: { variant?: Variant; slug?: string }) {
  return (
    <DeckCounted>
      <div className="rules-form">
        <GeneralSection />
        <DeckSection />
        <DealSection />
        <BiddingSection />
        <DeclarationsSection />
        <PlaySection />
        <EndSection />
        <ScoringSection slug={props.slug} />
        <TributeSection />
      </div>
    </DeckCounted>
  );
}
