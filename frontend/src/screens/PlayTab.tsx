// The play-test table (issue #19): sit at one seat against four bots on a published version
// or the draft. The engine runs on the server; this screen shows what the seat may know,
// offers only the legal actions, and tells every step in the server's sentences.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { ApiError, listOf, request, urls } from "../lib/api";
import { cardsFor, isStack, legalPlays, playText } from "../lib/cards";
import { useI18n } from "../lib/i18n";
import { gameUrls, loadGame, rememberGame, rememberedGame, sendAction, startGame, type GameView } from "../lib/play";
import { Viewer, type WatchedGame } from "./WatchTab";
import { Card, CardBacks, CardRow } from "../widgets/Cards";
import { NumInput, SelectInput } from "../widgets/inputs";

function errorText(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  return String(err);
}

/** Download a JSON value as a file. */
function download(name: string, value: unknown): void {
  const blob = new Blob([JSON.stringify(value, null, 2)], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function PlayTab({ slug, latest }: { slug: string; latest: number | null }) {
  const { t } = useI18n();
  const [versions, setVersions] = useState<number[]>([]);
  const [version, setVersion] = useState<string>(latest ? String(latest) : "draft");
  const [seat, setSeat] = useState(0);
  const [policy, setPolicy] = useState<"heuristic" | "random">("heuristic");
  const [seed, setSeed] = useState<number | undefined>(undefined);
  const [game, setGame] = useState<GameView | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    request<unknown>(urls.versions(slug))
      .then(({ data }) => {
        const nums = listOf<{ number: number }>(data)
          .map((v) => v.number)
          .sort((a, b) => b - a);
        setVersions(nums);
      })
      .catch(() => setVersions(latest ? [latest] : []));
  }, [slug, latest]);

  // Resume the game this browser last played on this rule set (stored on the server).
  useEffect(() => {
    const id = rememberedGame(slug);
    if (!id) return;
    loadGame(id)
      .then(setGame)
      .catch(() => rememberGame(slug, null));
  }, [slug]);

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      const view = await startGame({
        variant: slug,
        version: version === "draft" ? "draft" : Number(version),
        seat,
        policy,
        ...(seed === undefined ? {} : { seed }),
      });
      rememberGame(slug, view.id);
      setGame(view);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const act = useCallback(
    async (action: string) => {
      if (!game) return;
      setBusy(true);
      setError(null);
      try {
        setGame(await sendAction(game.id, action));
      } catch (err) {
        setError(errorText(err));
      } finally {
        setBusy(false);
      }
    },
    [game],
  );

  const options = [...versions.map(String), "draft"];
  return (
    <section className="play" aria-labelledby="play-title" data-testid="play">
      <h2 id="play-title">{t("play.title")}</h2>
      <p className="muted">{t("play.intro")}</p>
      <div className="play-setup row">
        <label>
          {t("play.version")}
          <SelectInput
            value={version}
            options={options}
            format={(v) => (v === "draft" ? t("play.draft") : t("sim.versionN", { n: Number(v) }))}
            onChange={setVersion}
            testId="play-version"
          />
        </label>
        <label>
          {t("play.seat")}
          <SelectInput
            value={String(seat)}
            options={["0", "1", "2", "3", "4"]}
            format={(v) => t("play.seatN", { n: v })}
            onChange={(v) => setSeat(Number(v))}
            testId="play-seat"
          />
        </label>
        <label>
          {t("play.bots")}
          <SelectInput value={policy} options={["heuristic", "random"] as const} labelPrefix="pol." onChange={setPolicy} />
        </label>
        <label>
          {t("play.seed")}
          <NumInput value={seed} onChange={setSeed} optional min={0} width="7em" testId="play-seed" />
        </label>
        <button type="button" className="primary" disabled={busy} onClick={start} data-testid="play-start">
          {game ? t("play.newGame") : t("play.start")}
        </button>
      </div>
      {error ? (
        <p className="error" role="alert" data-testid="play-error">
          {error}
        </p>
      ) : null}
      {game ? <Table game={game} busy={busy} onAct={act} slug={slug} /> : null}
    </section>
  );
}

function Table({ game, busy, onAct, slug }: { game: GameView; busy: boolean; onAct: (a: string) => void; slug: string }) {
  const { t, tk } = useI18n();
  // The selection and the hint belong to one view of the game: a new view starts afresh.
  const [picked, setPicked] = useState<{ view: GameView; cards: number[]; hint: number }>({ view: game, cards: [], hint: 0 });
  const selected = picked.view === game ? picked.cards : [];
  const hint = picked.view === game ? picked.hint : 0;
  const setSelected = (update: (cur: number[]) => number[], nextHint = hint) =>
    setPicked({ view: game, cards: update(selected), hint: nextHint });
  const log = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const el = log.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [game.events.length]);

  const plays = useMemo(() => legalPlays(game.legal), [game.legal]);
  const legalSet = useMemo(() => new Set(game.legal), [game.legal]);
  const words = game.legal.filter((a) => !a.startsWith("play ") && a !== game.automatic);
  // Joker stacks (叠加): the same jokers selected are also a plain set, so a play with a
  // stack is offered as a button of its own.
  const stackPlays = game.legal.filter((a) => a.startsWith("play ") && a.slice(5).split(" ").some(isStack));
  const choice = selected.length ? playText(selected.map((i) => game.hand[i])) : null;
  const canPlay = choice !== null && legalSet.has(choice);
  const myTurn = game.to_act === game.seat && !game.result;
  const seats = [1, 2, 3, 4].map((k) => (game.seat + k) % 5);
  const role = (s: number): string | null => {
    if (game.emperor === s) return t("play.role.emperor");
    if (game.guard === s || (s === game.seat && game.i_am_guard)) return t("play.role.guard");
    return null;
  };
  const place = (s: number) => game.finish.indexOf(s);

  // A hinted play with a joker stack (叠加) cannot be picked from the hand (the same jokers
  // are also a plain set): its button is marked and focused instead.
  const hinted = hint > 0 && plays.length ? plays[(hint - 1) % plays.length] : null;
  const hintedStack = hinted && hinted.some(isStack) ? `play ${hinted.join(" ")}` : null;
  const showHint = () => {
    if (!plays.length) return;
    const next = plays[hint % plays.length];
    setSelected(() => (next.some(isStack) ? [] : cardsFor(game.hand, next)), hint + 1);
  };

  return (
    <div className="play-area">
      <div className="play-table" data-testid="play-table" data-phase={game.phase} data-busy={busy ? "true" : "false"}>
        <ol className="play-opponents">
          {seats.map((s) => (
            <li key={s} className={`play-opponent ${game.to_act === s ? "to-act" : ""}`} data-testid={`seat-${s}`}>
              <span className="play-seat-name">{t("play.seatN", { n: s })}</span>
              {role(s) ? <span className="play-badge role">{role(s)}</span> : null}
              {game.rebels_declared.includes(s) ? <span className="play-badge">{t("play.role.rebel")}</span> : null}
              {place(s) >= 0 ? (
                <span className="play-badge out">{t("play.out", { n: place(s) + 1 })}</span>
              ) : (
                <CardBacks count={game.hand_sizes[s]} />
              )}
            </li>
          ))}
        </ol>
        <div className="play-felt" data-testid="play-trick">
          {game.trick ? (
            <>
              <span className="muted">{t("play.trickBy", { n: game.trick_owner ?? "" })}</span>
              <CardRow cards={game.trick.split(" ")} />
            </>
          ) : (
            <span className="muted">{game.result ? t("play.over") : t("play.noTrick")}</span>
          )}
        </div>
        <div className={`play-me ${myTurn ? "to-act" : ""}`}>
          <div className="play-me-head">
            <strong>{t("play.you", { n: game.seat })}</strong>
            {role(game.seat) ? <span className="play-badge role">{role(game.seat)}</span> : null}
            {myTurn && game.question ? (
              <span className="play-prompt" data-testid="play-question">
                {tk(`play.q.${game.question}`)}
              </span>
            ) : null}
          </div>
          <div className="play-hand" data-testid="play-hand">
            {game.hand.map((card, i) => (
              <Card
                key={`${card}-${i}`}
                card={card}
                selected={selected.includes(i)}
                onClick={
                  game.phase === "play" && myTurn
                    ? () => setSelected((cur) => (cur.includes(i) ? cur.filter((x) => x !== i) : [...cur, i]))
                    : undefined
                }
              />
            ))}
          </div>
          {myTurn ? (
            <div className="play-actions row" data-testid="play-actions">
              {plays.length ? (
                <>
                  <button type="button" className="primary" disabled={busy || !canPlay} onClick={() => choice && onAct(choice)} data-testid="play-play">
                    {t("play.playSelected")}
                  </button>
                  <button type="button" disabled={busy} onClick={showHint} data-testid="play-hint">
                    {t("play.hint")}
                  </button>
                </>
              ) : null}
              {stackPlays.map((a) => (
                <button
                  key={a}
                  type="button"
                  disabled={busy}
                  onClick={() => onAct(a)}
                  className={a === hintedStack ? "hinted" : undefined}
                  data-hinted={a === hintedStack ? "true" : undefined}
                  ref={a === hintedStack ? (el) => el?.focus() : undefined}
                  data-testid={`act-${a}`}
                >
                  {t("play.playStack")} <CardRow small cards={a.slice(5).split(" ")} />
                </button>
              ))}
              {words.map((a) => (
                <button key={a} type="button" disabled={busy} onClick={() => onAct(a)} data-testid={`act-${a}`}>
                  {a.startsWith("call:") ? t("play.act.call", { card: a.slice(5) }) : a.startsWith("pay:") ? t("play.act.pay", { rank: a.slice(4) }) : tk(`play.act.${a}`)}
                </button>
              ))}
              {legalSet.has(game.automatic) ? (
                <button type="button" className="link" disabled={busy} onClick={() => onAct(game.automatic)} data-testid="act-auto">
                  {t("play.act.auto")}
                </button>
              ) : null}
            </div>
          ) : null}
        </div>
      </div>
      <div className="play-log">
        <h3>{t("play.log")}</h3>
        <ol ref={log} data-testid="play-log" tabIndex={0} aria-label={t("play.log")}>
          {game.events.map((e, i) => (
            <li key={i} className={e.seat === game.seat ? "mine" : ""}>
              {e.text}
            </li>
          ))}
        </ol>
      </div>
      {game.result ? <ResultPanel game={game} slug={slug} /> : null}
    </div>
  );
}

function ResultPanel({ game, slug }: { game: GameView; slug: string }) {
  const { t } = useI18n();
  const result = game.result!;
  const [watched, setWatched] = useState<WatchedGame | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const watch = () =>
    request<WatchedGame>(`${gameUrls.game(game.id)}steps/`)
      .then(({ data }) => setWatched(data))
      .catch((err) => setFailed(errorText(err)));
  return (
    <div className="play-result" data-testid="play-result">
      <h3>{t("play.result")}</h3>
      <table className="grid">
        <thead>
          <tr>
            <th>{t("play.seat")}</th>
            <th>{t("play.points")}</th>
            <th>{t("play.cards")}</th>
          </tr>
        </thead>
        <tbody>
          {result.hands.map((hand, s) => (
            <tr key={s} className={s === game.seat ? "mine" : ""}>
              <th scope="row">
                {t("play.seatN", { n: s })}
                {result.emperor === s ? ` · ${t("play.role.emperor")}` : result.guard === s ? ` · ${t("play.role.guard")}` : ""}
              </th>
              <td>{result.points ? result.points[s] : "—"}</td>
              <td>
                <CardRow cards={hand} small />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button
        type="button"
        onClick={() => download(`${slug}-${game.seed}.json`, result.record)}
        data-testid="play-download"
      >
        {t("play.download")}
      </button>{" "}
      <button type="button" onClick={() => void watch()} data-testid="play-watch">
        {t("play.watch")}
      </button>
      {failed ? (
        <p className="error" role="alert">
          {failed}
        </p>
      ) : null}
      {watched ? <Viewer game={watched} /> : null}
    </div>
  );
}
