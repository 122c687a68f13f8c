// The app shell: header (language switch, user), hash routes (#/ and #/variants/{slug}/{tab}).
import { useEffect, useState } from "react";
import { helpUrl, pageContext } from "./lib/api";
import { useI18n } from "./lib/i18n";
import { VariantList } from "./screens/VariantList";
import { Editor, TABS, type Tab } from "./screens/Editor";
import { TokensScreen } from "./screens/TokensScreen";

export interface Route {
  slug: string | null;
  tab: Tab;
  /** A page outside the rule sets: `#/tokens` (API tokens). */
  page?: "tokens";
}

export function parseHash(hash: string): Route {
  const parts = hash.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  if (parts[0] === "variants" && parts[1]) {
    const tab = (TABS as readonly string[]).includes(parts[2] ?? "") ? (parts[2] as Tab) : "rules";
    return { slug: parts[1], tab };
  }
  if (parts[0] === "tokens") return { slug: null, tab: "rules", page: "tokens" };
  return { slug: null, tab: "rules" };
}

export function routeHash(route: Route): string {
  if (route.page === "tokens") return "#/tokens";
  if (!route.slug) return "#/";
  return `#/variants/${encodeURIComponent(route.slug)}${route.tab === "rules" ? "" : `/${route.tab}`}`;
}

export function App() {
  const { t, lang, setLang } = useI18n();
  const [route, setRoute] = useState<Route>(() => parseHash(window.location.hash));
  const ctx = pageContext();
  useEffect(() => {
    const onHash = () => setRoute(parseHash(window.location.hash));
    window.addEventListener("hashchange", onHash);
    return () => window.removeEventListener("hashchange", onHash);
  }, []);
  useEffect(() => {
    document.title = `${t("app.title")}${route.slug ? ` · ${route.slug}` : ""}`;
  }, [t, route.slug]);
  const go = (next: Route) => {
    window.location.hash = routeHash(next);
    setRoute(next);
  };
  return (
    <div className="app">
      <header className="topbar">
        <a
          href="#/"
          className="brand"
          onClick={(e) => {
            e.preventDefault();
            go({ slug: null, tab: "rules" });
          }}
        >
          <span className="logo" aria-hidden="true">
            皇
          </span>
          <span>{t("app.title")}</span>
        </a>
        <div className="topbar-right">
          {route.slug || route.page ? (
            <a
              href="#/"
              className="back"
              onClick={(e) => {
                e.preventDefault();
                go({ slug: null, tab: "rules" });
              }}
            >
              {t("app.back")}
            </a>
          ) : null}
          <button type="button" className="lang" data-testid="lang" onClick={() => setLang(lang === "zh" ? "en" : "zh")}>
            {t("app.lang")}
          </button>
          {ctx.user ? (
            <a
              href="#/tokens"
              className="back"
              data-testid="tokens-link"
              aria-current={route.page === "tokens" ? "page" : undefined}
              onClick={(e) => {
                e.preventDefault();
                go({ slug: null, tab: "rules", page: "tokens" });
              }}
            >
              {t("app.tokens")}
            </a>
          ) : null}
          <a href={helpUrl(lang)} className="back" data-testid="help-link" target="_blank" rel="noopener">
            {t("app.help")}
          </a>
          {ctx.user ? <span className="user muted">{ctx.user}</span> : null}
          {ctx.logout_url ? (
            <form method="post" action={ctx.logout_url} className="logout">
              <input type="hidden" name="csrfmiddlewaretoken" value={ctx.csrf_token ?? ""} />
              <input type="hidden" name="next" value="/editor/" />
              <button type="submit" className="link">
                {t("app.logout")}
              </button>
            </form>
          ) : null}
        </div>
      </header>
      <main>
        {route.page === "tokens" ? (
          <TokensScreen />
        ) : route.slug ? (
          <Editor key={route.slug} slug={route.slug} tab={route.tab} onTab={(tab) => go({ slug: route.slug, tab })} />
        ) : (
          <VariantList onOpen={(slug) => go({ slug, tab: "rules" })} />
        )}
      </main>
    </div>
  );
}
