// "API tokens": the account's tokens for scripts (Authorization: Token <key>). Create one
// (name, scope, lifetime; the key is shown once), see when each was last used, revoke.
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "../lib/api";
import { useI18n } from "../lib/i18n";
import {
  LIFETIMES,
  createToken,
  listTokens,
  revokeToken,
  type ApiToken,
  type CreatedToken,
  type TokenScope,
} from "../lib/tokens";

function errorText(err: unknown): string {
  if (err instanceof ApiError) {
    const items = err.body.errors ?? [];
    if (items.length && items.some((e) => e.path)) return items.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message)).join("; ");
    return err.message;
  }
  return err instanceof Error ? err.message : String(err);
}

export function TokensScreen() {
  const { t, lang } = useI18n();
  const [tokens, setTokens] = useState<ApiToken[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedToken | null>(null);
  const [name, setName] = useState("");
  const [scope, setScope] = useState<TokenScope>("read");
  const [days, setDays] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  // Only the newest listing is shown: an older one answered late (the one asked for when
  // the screen opened, say) must not replace a newer list or be merged with a new token.
  const loads = useRef(0);
  const load = useCallback(() => {
    const asked = ++loads.current;
    setError(null);
    listTokens()
      .then((listed) => {
        if (asked === loads.current) setTokens(listed);
      })
      .catch((err: unknown) => {
        if (asked === loads.current) setError(errorText(err));
      });
  }, []);
  // The list is reloaded when the language changes: state_text is the server's word.
  useEffect(load, [load, lang]);

  const when = (iso: string | null) =>
    iso ? new Date(iso).toLocaleString(lang === "zh" ? "zh-CN" : "en-GB", { dateStyle: "short", timeStyle: "short" }) : null;

  const submit = async () => {
    setBusy(true);
    setFormError(null);
    setCopied(false);
    try {
      const token = await createToken({ name: name.trim(), scope, expires_in_days: days });
      setCreated(token);
      setName("");
      const { key: _key, ...listed } = token; // the list never holds the key
      // Shown at once, then listed again; a listing that already has it keeps it once.
      setTokens((current) => [listed, ...(current ?? []).filter((other) => other.id !== listed.id)]);
      load();
    } catch (err) {
      setFormError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const revoke = async (token: ApiToken) => {
    if (!window.confirm(t("tok.revoke.confirm", { name: token.name }))) return;
    try {
      await revokeToken(token.id);
      if (created?.id === token.id) setCreated(null);
      load();
    } catch (err) {
      setError(errorText(err));
    }
  };

  const copy = async (key: string) => {
    try {
      await navigator.clipboard.writeText(key);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <div className="tokens-screen" data-testid="tokens-screen">
      <h1>{t("tok.title")}</h1>
      <p className="muted">{t("tok.intro")}</p>

      {created ? (
        <div className="panel token-created" role="status" data-testid="token-created">
          <h2>{t("tok.created.title", { name: created.name })}</h2>
          <p>
            <strong>{t("tok.created.once")}</strong>
          </p>
          <div className="token-key-row">
            <input
              className="token-key"
              readOnly
              value={created.key}
              aria-label={t("tok.key")}
              data-testid="token-key"
              onFocus={(e) => e.currentTarget.select()}
            />
            <button type="button" onClick={() => void copy(created.key)} data-testid="token-copy">
              {copied ? t("tok.copied") : t("tok.copy")}
            </button>
          </div>
          <p className="small">{t("tok.usage")}</p>
          <pre className="token-usage">{`curl -H "Authorization: Token ${created.key}" ${window.location.origin}/api/v1/variants/`}</pre>
          <button type="button" onClick={() => setCreated(null)} data-testid="token-created-done">
            {t("tok.created.done")}
          </button>
        </div>
      ) : null}

      <form
        className="panel token-form"
        data-testid="token-form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <h2>{t("tok.new")}</h2>
        <label>
          {t("tok.name")}{" "}
          <input
            value={name}
            maxLength={100}
            required
            placeholder={t("tok.name.placeholder")}
            onChange={(e) => setName(e.target.value)}
            data-testid="token-name"
          />
        </label>
        <label>
          {t("tok.scope")}{" "}
          <select value={scope} onChange={(e) => setScope(e.target.value as TokenScope)} data-testid="token-scope">
            <option value="read">{t("tok.scope.read")}</option>
            <option value="write">{t("tok.scope.write")}</option>
          </select>
        </label>
        <label>
          {t("tok.lifetime")}{" "}
          <select
            value={days == null ? "" : String(days)}
            onChange={(e) => setDays(e.target.value ? Number(e.target.value) : null)}
            data-testid="token-lifetime"
          >
            {LIFETIMES.map((d) => (
              <option key={d ?? "never"} value={d == null ? "" : String(d)}>
                {d == null ? t("tok.never") : t("tok.days", { n: d })}
              </option>
            ))}
          </select>
        </label>
        {formError ? (
          <p className="error-text" role="alert" data-testid="token-error">
            {formError}
          </p>
        ) : null}
        <div className="buttons">
          <button type="submit" className="primary" disabled={busy || !name.trim()} data-testid="token-create">
            {busy ? t("tok.creating") : t("tok.create")}
          </button>
        </div>
      </form>

      {error ? (
        <p className="error-text" role="alert" data-testid="tokens-error">
          {t("app.error")}: {error}
        </p>
      ) : null}
      {tokens === null && !error ? <p className="muted">{t("app.loading")}</p> : null}
      {tokens && !tokens.length ? <p className="muted" data-testid="tokens-empty">{t("tok.empty")}</p> : null}
      {tokens && tokens.length ? (
        <div className="table-scroll" tabIndex={0}>
          <table className="mini tokens-table" data-testid="tokens-table">
            <thead>
              <tr>
                <th>{t("tok.name")}</th>
                <th>{t("tok.prefix")}</th>
                <th>{t("tok.scope")}</th>
                <th>{t("tok.createdAt")}</th>
                <th>{t("tok.lastUsed")}</th>
                <th>{t("tok.expires")}</th>
                <th>{t("tok.state")}</th>
                <th>
                  <span className="visually-hidden">{t("tok.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {tokens.map((tok) => (
                <tr key={tok.id} className={`token-${tok.state}`} data-testid="token-row" data-name={tok.name} data-state={tok.state}>
                  <td>{tok.name}</td>
                  <td>
                    <code>{tok.prefix}…</code>
                  </td>
                  <td>{tok.scope === "write" ? t("tok.scope.write") : t("tok.scope.read")}</td>
                  <td>{when(tok.created_at)}</td>
                  <td data-testid="token-last-used">{when(tok.last_used_at) ?? t("tok.neverUsed")}</td>
                  <td>{when(tok.expires_at) ?? t("tok.never")}</td>
                  <td data-testid="token-state">{tok.state_text}</td>
                  <td>
                    {tok.state === "revoked" ? null : (
                      <button type="button" className="danger" onClick={() => void revoke(tok)} data-testid="token-revoke">
                        {t("tok.revoke")}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
