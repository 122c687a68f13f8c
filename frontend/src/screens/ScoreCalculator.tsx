// The scoring calculator: pick the roles, the finish order and the events of one game and see
// who gets what, as the server scores it (POST /api/v1/variants/{slug}/score/, the published
// version), and why: the server's explanation (table row, doublings, each role's points, money)
// as sentences in the editor's language.
import { useEffect, useState } from "react";
import type { components } from "../generated/api";
import { request } from "../lib/api";
import { useI18n } from "../lib/i18n";
import { errorText, jobUrls } from "../lib/jobs";
import { roleColor } from "../charts/roles";

export const CALC_EVENTS = ["open_guard", "open_guard_win", "rebellion", "kick_succeeded", "guard_known"] as const;

type ScoreResult = components["schemas"]["ScoreResponse"];

/** Put `seat` at `place` of the finish order, swapping with the seat that was there. */
export function placeSeat(finish: number[], place: number, seat: number): number[] {
  const next = [...finish];
  const from = next.indexOf(seat);
  [next[place], next[from]] = [seat, next[place]];
  return next;
}

export function seatRole(seat: number, emperor: number, guard: number | null): "emperor" | "guard" | "rebel" | "solo" {
  if (seat === emperor) return guard === null ? "solo" : "emperor";
  if (seat === guard) return "guard";
  return "rebel";
}

export function ScoreCalculator({ slug, version }: { slug: string; version: number }) {
  const { t } = useI18n();
  const [emperor, setEmperor] = useState(0);
  const [guard, setGuard] = useState<number | null>(1);
  const [solo, setSolo] = useState<"open" | "hidden">("open");
  const [finish, setFinish] = useState([0, 1, 2, 3, 4]);
  const [events, setEvents] = useState<string[]>([]);
  const [kicks, setKicks] = useState(0);
  const [result, setResult] = useState<ScoreResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    const timer = window.setTimeout(() => {
      request<ScoreResult>(jobUrls.score(slug), {
        method: "POST",
        body: {
          emperor,
          guard,
          finish,
          solo: guard === null ? solo : null,
          events: [...events, ...Array.from({ length: kicks }, () => "kick")],
          version,
        },
        signal: abort.signal,
      })
        .then(({ data }) => {
          setResult(data);
          setError(null);
        })
        .catch((err: unknown) => {
          if (!abort.signal.aborted) {
            setResult(null);
            setError(errorText(err));
          }
        });
    }, 150);
    return () => {
      window.clearTimeout(timer);
      abort.abort();
    };
  }, [slug, version, emperor, guard, solo, finish, events, kicks]);

  const seats = [0, 1, 2, 3, 4];
  const seatName = (s: number) => t("calc.seat", { n: s });
  return (
    <section className="calculator" data-testid="calculator">
      <h2>{t("calc.title")}</h2>
      <p className="muted small">{t("calc.intro", { v: version })}</p>
      <div className="sim-form">
        <label>
          {t("role.emperor")}
          <select value={emperor} data-testid="calc-emperor" onChange={(e) => {
            const s = Number(e.target.value);
            setEmperor(s);
            if (guard === s) setGuard(null);
          }}>
            {seats.map((s) => (
              <option key={s} value={s}>
                {seatName(s)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("role.guard")}
          <select value={guard ?? "none"} data-testid="calc-guard" onChange={(e) => setGuard(e.target.value === "none" ? null : Number(e.target.value))}>
            <option value="none">{t("calc.noGuard")}</option>
            {seats
              .filter((s) => s !== emperor)
              .map((s) => (
                <option key={s} value={s}>
                  {seatName(s)}
                </option>
              ))}
          </select>
        </label>
        {guard === null ? (
          <label>
            {t("calc.solo")}
            <select value={solo} data-testid="calc-solo" onChange={(e) => setSolo(e.target.value as "open" | "hidden")}>
              <option value="open">{t("ev.open_solo")}</option>
              <option value="hidden">{t("ev.hidden_solo")}</option>
            </select>
          </label>
        ) : null}
      </div>
      <div className="sim-form calc-finish">
        {finish.map((seat, place) => (
          <label key={place}>
            {t("calc.place", { n: place + 1 })}
            <select value={seat} data-testid={`calc-place-${place + 1}`} onChange={(e) => setFinish(placeSeat(finish, place, Number(e.target.value)))}>
              {seats.map((s) => (
                <option key={s} value={s}>
                  {seatName(s)} · {t(`role.${seatRole(s, emperor, guard)}`)}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
      <div className="chips calc-events">
        {CALC_EVENTS.map((ev) => (
          <label key={ev} className="chip">
            <input
              type="checkbox"
              checked={events.includes(ev)}
              data-testid={`calc-ev-${ev}`}
              onChange={(e) => setEvents(e.target.checked ? [...events, ev] : events.filter((x) => x !== ev))}
            />{" "}
            {t(`ev.${ev}`)}
          </label>
        ))}
        <label className="chip">
          {t("ev.kick")}{" "}
          <input type="number" min={0} max={4} value={kicks} style={{ width: "3em" }} data-testid="calc-kicks" onChange={(e) => setKicks(Math.max(0, Math.min(4, Number(e.target.value) || 0)))} />
        </label>
      </div>
      {error ? (
        <div className="banner error" role="alert" data-testid="calc-error">
          {error}
        </div>
      ) : null}
      {result ? (
        <div data-testid="calc-result">
          <p>
            <strong>{t(`calc.outcome.${result.outcome}`)}</strong> · {t("calc.multiplier", { n: result.multiplier })}
          </p>
          <table className="cmp-table calc-table">
            <thead>
              <tr>
                <th>{t("calc.seatCol")}</th>
                <th>{t("bal.role")}</th>
                <th className="num">{t("calc.placeCol")}</th>
                {result.base_points ? <th className="num">{t("calc.base")}</th> : null}
                <th className="num">{t("calc.points")}</th>
                <th className="num">{t("calc.money")}</th>
              </tr>
            </thead>
            <tbody>
              {seats.map((s) => {
                const role = seatRole(s, emperor, guard);
                return (
                  <tr key={s} data-testid={`calc-seat-${s}`}>
                    <th>{seatName(s)}</th>
                    <td>
                      <span className="role-dot" style={{ background: roleColor(role) }} /> {t(`role.${role}`)}
                    </td>
                    <td className="num">{finish.indexOf(s) + 1}</td>
                    {result.base_points ? <td className="num">{result.base_points[s]}</td> : null}
                    <td className="num points">{result.points[s] > 0 ? `+${result.points[s]}` : result.points[s]}</td>
                    <td className="num">{result.money[s]}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {result.explanation?.length ? (
            <div className="calc-why">
              <h3>{t("calc.why")}</h3>
              <ul className="change-list" data-testid="calc-why">
                {result.explanation.map((why, i) => (
                  <li key={i} data-code={why.code}>
                    <span className="sentence">{why.text}</span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
